import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import {
  createCustomer,
  createLocation,
  createMachine,
  downloadInventory,
  heading,
  openMachines,
  pick,
  readInventory,
  rowsWith,
} from './helpers';

/** The inventory numbers the machines table shows (first column), sorted. */
async function listedInventoryNumbers(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: /^Machines van / });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  const numbers = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent ?? ''));
  return numbers.sort();
}

test('admin downloads the inventory list of a customer as xlsx and PDF, with the list filter applied', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.admin);
  const id = unique('');
  const customer = `Inventarisklant ${id}`;
  const number = `K-${id}`;
  const north = `Noord ${id}`;
  const south = `Zuid ${id}`;
  const drill = { name: `Kolomboor ${id}`, inventory: `INV-A-${id}` };
  const press = { name: `Kantpers ${id}`, inventory: `INV-B-${id}` };

  const customerId = await createCustomer(page, customer, number);
  await createLocation(page, north, { street: 'Noordweg', houseNumber: '1', postcode: '1111 AA', city: 'Groningen' });
  await createLocation(page, south, { street: 'Zuidweg', houseNumber: '2', postcode: '6221 BB', city: 'Maastricht' });
  await openMachines(page, customerId, customer);
  await createMachine(page, drill.name, drill.inventory, { location: north });
  await createMachine(page, press.name, press.inventory, { location: south });
  await expect.poll(() => listedInventoryNumbers(page)).toEqual([drill.inventory, press.inventory].sort());

  // Without filters: both machines, with the columns of the list.
  const all = await downloadInventory(page, 'Excel (xlsx)');
  expect(all.suggestedFilename()).toMatch(/^inventaris-.*\.xlsx$/);
  expect(all.suggestedFilename()).toContain(number);
  const full = await readInventory(await all.path());
  expect(full.headers[3]).toBe('Naam');
  expect(full.headers).toEqual(expect.arrayContaining(['Vestiging', 'Inventarisnummer', 'Status']));
  expect(full.rows.map((r) => r['Naam']).sort()).toEqual([press.name, drill.name].sort());
  const drillRow = full.rows.find((r) => r['Naam'] === drill.name);
  expect(drillRow).toMatchObject({ Vestiging: north, Inventarisnummer: drill.inventory, Status: 'Actief' });
  expect(full.rows.find((r) => r['Naam'] === press.name)).toMatchObject({
    Vestiging: south,
    Inventarisnummer: press.inventory,
  });

  // Filtered on a location: the list and the export hold the same machines.
  await pick(page, page, 'Vestiging', north);
  await expect(page).toHaveURL(/[?&]location_id=\d+/);
  await expect(rowsWith(page, press.inventory)).toHaveCount(0);
  await expect(rowsWith(page, drill.inventory)).toHaveCount(1);
  await expect.poll(() => listedInventoryNumbers(page)).toEqual([drill.inventory]);
  const listed = await listedInventoryNumbers(page);
  const filtered = await readInventory(await (await downloadInventory(page, 'Excel (xlsx)')).path());
  expect(filtered.rows.map((r) => r['Inventarisnummer']).sort()).toEqual(listed);
  expect(filtered.rows.map((r) => r['Naam'])).toEqual([drill.name]);
  expect(filtered.rows.every((r) => r['Vestiging'] === north)).toBe(true);

  // The printable PDF of the same selection.
  const pdf = await downloadInventory(page, 'PDF (afdrukken)');
  expect(pdf.suggestedFilename()).toMatch(/^inventaris-.*\.pdf$/);
  expect(pdf.suggestedFilename()).toContain(number);
  const bytes = await readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(-1024).toString('latin1')).toContain('%%EOF');

  // The screen is unchanged by the downloads.
  await expect(heading(page, `Machines van ${customer}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Inventarislijst' })).toBeEnabled();
});
