import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { downloadInventory, heading, openMachines, pick, readInventory, rowsWith, searchList } from './helpers';

type Named = { id: number; name: string };

/** The first demo customer with a location (read through the API with the page's session). */
async function demoCustomer(page: Page): Promise<{ customer: Named; location: Named }> {
  const customers = (await (await page.request.get('/api/customers?itemsPerPage=5&sortKey=name')).json()) as {
    data: Named[];
  };
  for (const customer of customers.data) {
    const locations = (await (await page.request.get(`/api/customers/${customer.id}/locations`)).json()) as {
      data: Named[];
    };
    if (locations.data[0]) return { customer, location: locations.data[0] };
  }
  throw new Error('no demo customer with a location');
}

/** The machine as the API returns it (what the exports and every other screen read). */
async function apiMachine(page: Page, customerId: number, inventory: string) {
  const res = await page.request.get(`/api/customers/${customerId}/machines?search=${inventory}&archived=0`);
  const list = (await res.json()) as { data: { id: number; price_cents: number | null; status: string }[] };
  expect(list.data).toHaveLength(1);
  return list.data[0]!;
}

const priceField = (page: Page) => page.getByRole('textbox', { name: 'Prijs', exact: true });

/** Saves the open machine form and waits for the list it returns to. */
async function save(page: Page, message: string) {
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/machines$/);
  await expectNotification(page, message);
}

test('a machine keeps the price that was typed through every save, on screen, in the API and in both exports', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.admin);
  const { customer, location } = await demoCustomer(page);
  const id = unique('');
  const name = `Prijsmachine ${id}`;
  const inventory = `PRIJS-${id}`;

  // Create with a price and the status Niet actief.
  await openMachines(page, customer.id, customer.name);
  await page.getByRole('link', { name: 'Nieuwe machine' }).click();
  await expect(heading(page, 'Nieuwe machine')).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Inventarisnummer', exact: true }).fill(inventory);
  await pick(page, page, 'Vestiging', location.name);
  await priceField(page).fill('189,00');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Actief');
  await pick(page, page, 'Status', 'Niet actief');
  await save(page, 'Machine is aangemaakt');

  await searchList(page, 'Zoeken op naam, inventaris- of fabrieksnummer', inventory);
  const row = rowsWith(page, inventory);
  await expect(row).toContainText('€ 189,00');
  await expect(row).toContainText('Niet actief');
  let machine = await apiMachine(page, customer.id, inventory);
  expect(machine).toMatchObject({ price_cents: 18900, status: 'inactive' });

  // Edit only "Fabrikant", three saves in a row, reloading between them: the price never moves.
  const editUrl = `/admin/customers/${customer.id}/machines/${machine.id}/edit`;
  for (const manufacturer of ['Fabrikant A', 'Fabrikant B', 'Fabrikant C']) {
    await page.goto(editUrl);
    await expect(priceField(page)).toHaveValue('189,00');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Niet actief');
    await page.getByRole('textbox', { name: 'Fabrikant', exact: true }).fill(manufacturer);
    await save(page, 'Machine is gewijzigd');
    machine = await apiMachine(page, customer.id, inventory);
    expect(machine.price_cents, `after saving ${manufacturer}`).toBe(18900);
  }
  await page.reload();
  await searchList(page, 'Zoeken op naam, inventaris- of fabrieksnummer', inventory);
  await expect(rowsWith(page, inventory)).toContainText('€ 189,00');

  // A price in thousands, then back to active.
  await page.goto(editUrl);
  await priceField(page).fill('1.234,50');
  await pick(page, page, 'Status', 'Actief');
  await save(page, 'Machine is gewijzigd');
  await page.goto(editUrl);
  await expect(priceField(page)).toHaveValue('1234,50');
  await save(page, 'Machine is gewijzigd');
  machine = await apiMachine(page, customer.id, inventory);
  expect(machine).toMatchObject({ price_cents: 123450, status: 'active' });

  // Both exports, with the list narrowed to this machine.
  await searchList(page, 'Zoeken op naam, inventaris- of fabrieksnummer', inventory);
  await expect(rowsWith(page, inventory)).toContainText('€ 1.234,50');
  const xlsx = await readInventory(await (await downloadInventory(page, 'Excel (xlsx)')).path());
  expect(xlsx.rows).toHaveLength(1);
  expect(xlsx.rows[0]).toMatchObject({ Inventarisnummer: inventory, Prijs: '1234.5' });
  const pdf = await readFile(await (await downloadInventory(page, 'PDF (afdrukken)')).path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  expect(text).toContain(inventory);
  expect(text).toContain('€ 1.234,50');
});
