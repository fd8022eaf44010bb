import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import {
  PNG_10X10,
  createCustomer,
  createLocation,
  createMachine,
  createNamed,
  crumbs,
  heading,
  machineIdOf,
  openChildren,
  pick,
  rowsWith,
} from './helpers';

test.beforeEach(async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
});

test('admin sets up a customer with its places and a machine with a photo, moves, archives and restores it', async ({
  page,
}) => {
  // Many screens in one journey on a shared, slow machine.
  test.setTimeout(150_000);
  const id = unique('');
  const customer = `Klant ${id}`;
  const number = `K-${id}`;
  const hq = `Hoofdkantoor ${id}`;
  const depot = `Depot ${id}`;
  const workshop = 'Werkplaats';
  const hall = 'Hal 1';
  const machine = `Kolomboor ${id}`;
  const inventory = `INV-${id}`;

  // 1. Customer, location (postcode typed loosely, stored as "1234 AB"), department and room.
  const customerId = await createCustomer(page, customer, number);
  await expect(crumbs(page)).toHaveText(['Klanten', customer, 'Vestigingen']);
  await expect(page.getByRole('cell', { name: 'Geen gegevens beschikbaar' })).toBeVisible();
  await createLocation(page, hq, { street: 'Industrieweg', houseNumber: '12', postcode: '1234ab', city: 'Utrecht' });
  await expect(rowsWith(page, hq)).toContainText('Industrieweg 12');
  await expect(rowsWith(page, hq)).toContainText('1234 AB');
  await expect(rowsWith(page, hq).getByRole('cell', { name: 'Utrecht', exact: true })).toBeVisible();
  // A second location, to move the machine to later.
  await createLocation(page, depot, { street: 'Havenstraat', houseNumber: '3', postcode: '5678 CD', city: 'Zwolle' });

  await openChildren(page, hq, 'Afdelingen');
  await expect(crumbs(page)).toHaveText(['Klanten', customer, hq]);
  await createNamed(page, 'afdeling', workshop, ['Klanten', customer, hq, 'Nieuwe afdeling']);
  await openChildren(page, workshop, 'Ruimtes');
  await expect(crumbs(page)).toHaveText(['Klanten', customer, hq, workshop]);
  await createNamed(page, 'ruimte', hall, ['Klanten', customer, hq, workshop, 'Nieuwe ruimte']);
  // The room's own screen: the whole path customer > location > department > room.
  await rowsWith(page, hall).getByRole('link', { name: 'Wijzigen' }).click();
  await expect(heading(page, `${hall} wijzigen`)).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Klanten', customer, hq, workshop, hall]);
  // Each crumb above leads to its list.
  await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: hq }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}/locations/\\d+/departments$`));
  await expect(heading(page, `Afdelingen van ${hq}`)).toBeVisible();
  await expect(rowsWith(page, workshop).getByRole('cell', { name: '1', exact: true })).toBeVisible();
  // The customer crumb leads to the customer screen: its details and, at a glance, its places,
  // machines and users.
  await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: customer }).click();
  await expect(page).toHaveURL(`/admin/customers/${customerId}/edit`);
  await expect(heading(page, `${customer} wijzigen`)).toBeVisible();
  const places = page.getByRole('region', { name: /^Vestigingen/ });
  await expect(places).toContainText('(2)');
  await expect(places).toContainText(hq);
  await expect(places).toContainText(depot);
  await expect(page.getByRole('region', { name: /^Machines/ })).toContainText('Nog geen machines.');
  await expect(page.getByRole('region', { name: /^Klantgebruikers/ })).toContainText('Nog geen klantgebruikers.');
  await places.getByRole('link', { name: 'Vestigingen beheren' }).click();
  await expect(heading(page, `Vestigingen van ${customer}`)).toBeVisible();

  // 2. A machine in that room, through the customer's machines screen.
  await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Klanten' }).click();
  await expect(heading(page, 'Klanten')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoeken op naam, nummer of plaats' }).fill(number);
  await rowsWith(page, number).getByRole('link', { name: 'Machines' }).click();
  await expect(page).toHaveURL(`/admin/customers/${customerId}/machines`);
  await expect(heading(page, `Machines van ${customer}`)).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Klanten', customer, 'Machines']);
  await createMachine(page, machine, inventory, { location: hq, department: workshop, room: hall });
  const row = rowsWith(page, inventory);
  await expect(row.getByRole('cell', { name: machine, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: `${hq} > ${workshop} > ${hall}`, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Actief', exact: true })).toBeVisible();
  const machineId = await machineIdOf(row);

  // Its edit screen: the place as chosen, and a photo uploaded through the file chooser.
  await row.getByRole('link', { name: 'Wijzigen' }).click();
  await expect(page).toHaveURL(`/admin/customers/${customerId}/machines/${machineId}/edit`);
  await expect(heading(page, `${machine} wijzigen`)).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Klanten', customer, 'Machines', machine]);
  await expect(page.getByRole('combobox', { name: 'Vestiging' })).toHaveText(hq);
  await expect(page.getByRole('combobox', { name: 'Afdeling' })).toHaveText(workshop);
  await expect(page.getByRole('combobox', { name: 'Ruimte' })).toHaveText(hall);
  await expect(page.getByText('Nog geen afbeeldingen.')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Afbeelding toevoegen' }).click();
  await (await chooser).setFiles({ name: 'kolomboor.png', mimeType: 'image/png', buffer: PNG_10X10 });
  await expectNotification(page, 'Afbeelding is toegevoegd');
  const thumb = page.getByRole('button', { name: 'Afbeelding 1 vergroten' }).locator('img');
  await thumb.scrollIntoViewIfNeeded();
  await expect(thumb).toBeVisible();
  // The thumbnail really loaded (a broken image has no natural width).
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText('Nog geen afbeeldingen.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Afbeelding 1 verwijderen' })).toBeVisible();
  // Still there on a fresh load.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Afbeelding 1 vergroten' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Afbeelding 2 vergroten' })).toHaveCount(0);

  // 3. Move it to the other location. Moving to where it stands is refused on the field.
  await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Machines' }).click();
  await expect(heading(page, `Machines van ${customer}`)).toBeVisible();
  await row.getByRole('button', { name: 'Verplaatsen' }).click();
  const dialog = page.getByRole('dialog', { name: `${machine} verplaatsen` });
  await expect(dialog).toContainText(`Staat nu in: ${hq} > ${workshop} > ${hall}`);
  await dialog.getByRole('button', { name: 'Verplaatsen' }).click();
  await expect(dialog).toContainText('De machine staat al op deze plaats');
  await expect(dialog).toBeVisible();
  await pick(page, dialog, 'Vestiging', depot);
  // Another location clears the department and room.
  await expect(dialog.getByRole('combobox', { name: 'Afdeling' })).not.toHaveText(workshop);
  await expect(dialog.getByRole('combobox', { name: 'Ruimte' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Verplaatsen' }).click();
  await expect(dialog).toBeHidden();
  await expectNotification(page, 'Machine is verplaatst');
  await expect(row.getByRole('cell', { name: depot, exact: true })).toBeVisible();
  await expect(row).not.toContainText(workshop);
  // The move is in the machine's history on its edit screen: from, to, who and when.
  await row.getByRole('link', { name: 'Wijzigen' }).click();
  const history = page.getByRole('region', { name: 'Verplaatsingen' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(`${hq} > ${workshop} > ${hall} → ${depot}`);
  await expect(history.getByRole('listitem')).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2} door \S+/);
  await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Machines' }).click();
  await expect(heading(page, `Machines van ${customer}`)).toBeVisible();

  // 4. Archive (confirmed): it leaves the list and shows with the "Gearchiveerd" switch on.
  await row.getByRole('button', { name: 'Archiveren' }).click();
  const archiveDialog = page.getByRole('dialog', { name: 'Machine archiveren' });
  await expect(archiveDialog).toContainText(`Weet je zeker dat je ${machine} (${inventory}) wilt archiveren?`);
  await archiveDialog.getByRole('button', { name: 'Archiveren' }).click();
  await expect(archiveDialog).toBeHidden();
  await expectNotification(page, 'Machine is gearchiveerd');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Geen gegevens beschikbaar' })).toBeVisible();

  // The switch follows the URL a moment after the click (see the users test).
  const archivedSwitch = page.getByRole('switch', { name: 'Gearchiveerd' });
  await archivedSwitch.click();
  await expect(archivedSwitch).toBeChecked();
  await expect(page).toHaveURL(/archived=1/);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Gearchiveerd', exact: true })).toBeVisible();
  // An archived machine is not moved.
  await expect(row.getByRole('button', { name: 'Verplaatsen' })).toHaveCount(0);

  // Restore (confirmed): it leaves the archived list and is back among the active machines.
  await row.getByRole('button', { name: 'Herstellen' }).click();
  const restoreDialog = page.getByRole('dialog', { name: 'Machine herstellen' });
  await expect(restoreDialog).toContainText(`Weet je zeker dat je ${machine} (${inventory}) wilt herstellen?`);
  await restoreDialog.getByRole('button', { name: 'Herstellen' }).click();
  await expect(restoreDialog).toBeHidden();
  await expectNotification(page, 'Machine is hersteld');
  await expect(row).toHaveCount(0);
  await archivedSwitch.click();
  await expect(archivedSwitch).not.toBeChecked();
  await expect(page).not.toHaveURL(/archived=1/);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Actief', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: depot, exact: true })).toBeVisible();
});

test('admin approves a concept machine: it leaves the concept list and is active', async ({ page }) => {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Conceptmachines' }).click();
  await expect(page).toHaveURL('/admin/machine-concept');
  await expect(heading(page, 'Conceptmachines')).toBeVisible();
  const table = page.getByRole('table', { name: 'Conceptmachines' });
  const pagination = page.getByText(/^\d+–\d+ van \d+$/);
  // The demo data has a few concept machines: wait for the page that lists them (the pagination
  // says "0–0 van 0" until it has loaded).
  await expect(pagination).toHaveText(/van [1-9]\d*$/);
  const totalOf = async () => Number(/van (\d+)$/.exec((await pagination.textContent()) ?? '')![1]);
  const before = await totalOf();

  // The first row; inventory numbers of the demo machines differ across customers.
  const first = table.getByRole('row').nth(1);
  const cells = first.getByRole('cell');
  // innerText: what shows (on a phone the inventory number also stands in the name cell).
  const name = await cells.nth(0).innerText();
  const customer = (await cells.nth(1).textContent())!;
  const inventory = (await cells.nth(2).textContent())!;
  expect(inventory).toMatch(/\S/);
  const row = rowsWith(page, inventory);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Goedkeuren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Machine goedkeuren' });
  await expect(dialog).toContainText('Weet je zeker dat je deze machine wilt goedkeuren?');
  await dialog.getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(dialog).toBeHidden();
  await expectNotification(page, 'Machine is goedgekeurd');
  await expect(row).toHaveCount(0);
  await expect(pagination).toHaveText(new RegExp(`van ${before - 1}$`));
  await page.reload();
  // Loaded: the table is no longer busy (its first load shows placeholder rows).
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(rowsWith(page, inventory)).toHaveCount(0);

  // On the customer's machines screen it is now active.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Klanten', exact: true }).click();
  await expect(heading(page, 'Klanten')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoeken op naam, nummer of plaats' }).fill(customer);
  const customerRow = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: customer, exact: true }) });
  await expect(customerRow).toHaveCount(1);
  await customerRow.getByRole('link', { name: 'Machines' }).click();
  await expect(heading(page, `Machines van ${customer}`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoeken op naam, inventaris- of fabrieksnummer' }).fill(inventory);
  await expect(page).toHaveURL(new RegExp(`search=${inventory}`));
  const machineRow = rowsWith(page, inventory);
  await expect(machineRow).toHaveCount(1);
  await expect(machineRow.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(machineRow.getByRole('cell', { name: 'Actief', exact: true })).toBeVisible();
});
