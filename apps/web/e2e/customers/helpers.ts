import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNotification } from '../support/login';
import { rowsWith, searchList } from '../master-data/helpers';

export { rowsWith, searchList };

/** A real 10x10 PNG (one red colour), small enough to keep in the test. */
export const PNG_10X10 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAoAAAAKCAIAAAACUFjqAAAAEklEQVR42mPYJ6qEBzGMSmNDADOIX7UCLoHXAAAAAElFTkSuQmCC',
  'base64',
);

export type Address = { street: string; houseNumber: string; postcode: string; city: string };

/** The texts of the breadcrumbs, in order (the separators are hidden from the accessibility tree). */
export const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('listitem');

/** The level-1 heading `name` (exact). */
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/**
 * Picks `option` in the (MUI) select `label` inside `scope` (the page or a dialog). The options
 * open in a popup outside the scope, so they are looked up on the page.
 */
export async function pick(page: Page, scope: Page | Locator, label: string, option: string) {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(select).toHaveText(option);
}

/** Opens the customers list through the main menu. */
export async function openCustomers(page: Page) {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Klanten', exact: true }).click();
  await expect(page).toHaveURL('/admin/customers');
  await expect(heading(page, 'Klanten')).toBeVisible();
}

/**
 * Creates a customer through "Nieuwe klant", finds it in the list and opens its locations.
 * Returns the customer's id (from the URL of its locations screen).
 */
export async function createCustomer(page: Page, name: string, customerNumber: string): Promise<number> {
  await openCustomers(page);
  await page.getByRole('link', { name: 'Nieuwe klant' }).click();
  await expect(page).toHaveURL('/admin/customers/create');
  await expect(heading(page, 'Nieuwe klant')).toBeVisible();
  await expect(crumbs(page)).toHaveText(['Klanten', 'Nieuwe klant']);
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Klantnummer', exact: true }).fill(customerNumber);
  await page.getByRole('textbox', { name: 'Contactpersoon', exact: true }).fill('Jan de Vries');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/customers');
  await expectNotification(page, 'Klant is aangemaakt');

  await searchList(page, 'Zoeken op naam, nummer of plaats', customerNumber);
  const row = rowsWith(page, customerNumber);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name, exact: true })).toBeVisible();
  await row.getByRole('link', { name: 'Vestigingen' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+\/locations$/);
  await expect(heading(page, `Vestigingen van ${name}`)).toBeVisible();
  return Number(/\/admin\/customers\/(\d+)\//.exec(page.url())![1]);
}

/** On a customer's locations screen: adds a location through "Nieuwe vestiging". */
export async function createLocation(page: Page, name: string, address: Address) {
  const listUrl = page.url();
  await page.getByRole('link', { name: 'Nieuwe vestiging' }).click();
  await expect(page).toHaveURL(/\/locations\/create$/);
  await expect(heading(page, 'Nieuwe vestiging')).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Straat', exact: true }).fill(address.street);
  await page.getByRole('textbox', { name: 'Huisnummer', exact: true }).fill(address.houseNumber);
  await page.getByRole('textbox', { name: 'Postcode', exact: true }).fill(address.postcode);
  await page.getByRole('textbox', { name: 'Plaats', exact: true }).fill(address.city);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(listUrl);
  await expectNotification(page, 'Vestiging is aangemaakt');
  await expect(rowsWith(page, name)).toHaveCount(1);
}

/** On a locations or departments screen: opens the row's child list through its row link. */
export async function openChildren(page: Page, rowText: string, link: 'Afdelingen' | 'Ruimtes') {
  await rowsWith(page, rowText).getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(new RegExp(`/${link === 'Afdelingen' ? 'departments' : 'rooms'}$`));
  await expect(heading(page, `${link} van ${rowText}`)).toBeVisible();
}

/**
 * On a departments or rooms screen: adds a named item ("Nieuwe afdeling" / "Nieuwe ruimte").
 * `formCrumbs`: the breadcrumbs the create screen should show.
 */
export async function createNamed(page: Page, kind: 'afdeling' | 'ruimte', name: string, formCrumbs?: string[]) {
  const listUrl = page.url();
  const title = kind === 'afdeling' ? 'Nieuwe afdeling' : 'Nieuwe ruimte';
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(heading(page, title)).toBeVisible();
  if (formCrumbs) await expect(crumbs(page)).toHaveText(formCrumbs);
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(listUrl);
  await expectNotification(page, kind === 'afdeling' ? 'Afdeling is aangemaakt' : 'Ruimte is aangemaakt');
  await expect(rowsWith(page, name)).toHaveCount(1);
}

/** Opens the machines screen of a customer (the address a "Machines" row link leads to). */
export async function openMachines(page: Page, customerId: number, customerName: string) {
  await page.goto(`/admin/customers/${customerId}/machines`);
  await expect(heading(page, `Machines van ${customerName}`)).toBeVisible();
}

export type Placement = { location: string; department?: string; room?: string };

/** On a customer's machines screen: adds a machine through "Nieuwe machine" and returns there. */
export async function createMachine(page: Page, name: string, inventoryNumber: string, place: Placement) {
  const listUrl = page.url();
  await page.getByRole('link', { name: 'Nieuwe machine' }).click();
  await expect(page).toHaveURL(/\/machines\/create$/);
  await expect(heading(page, 'Nieuwe machine')).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Inventarisnummer', exact: true }).fill(inventoryNumber);
  await pick(page, page, 'Vestiging', place.location);
  if (place.department) await pick(page, page, 'Afdeling', place.department);
  if (place.room) await pick(page, page, 'Ruimte', place.room);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(listUrl);
  await expectNotification(page, 'Machine is aangemaakt');
  await expect(rowsWith(page, inventoryNumber)).toHaveCount(1);
}

/** The id of the machine in `row`, from its "Wijzigen" link. */
export async function machineIdOf(row: Locator): Promise<number> {
  const href = await row.getByRole('link', { name: 'Wijzigen' }).getAttribute('href');
  const match = /\/machines\/(\d+)\/edit$/.exec(href ?? '');
  expect(match, `edit link of the row: ${href}`).not.toBeNull();
  return Number(match![1]);
}

/** Chooses a format under "Inventarislijst" and returns the browser's download. */
export async function downloadInventory(page: Page, format: 'Excel (xlsx)' | 'PDF (afdrukken)') {
  const button = page.getByRole('button', { name: 'Inventarislijst' });
  // Enabled again once an earlier export has finished.
  await expect(button).toBeEnabled();
  await button.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Excel (xlsx)', 'PDF (afdrukken)']);
  const download = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: format }).click();
  const file = await download;
  await expect(menu).toBeHidden();
  expect(await file.failure()).toBeNull();
  return file;
}

export type InventoryRow = Record<string, string>;

/** The rows of the "Inventaris" sheet, keyed by the headers of row 1. */
export async function readInventory(path: string): Promise<{ headers: string[]; rows: InventoryRow[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Inventaris');
  expect(sheet, 'sheet "Inventaris"').toBeTruthy();
  const headers: string[] = [];
  sheet!.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => (headers[col - 1] = cell.text));
  const rows: InventoryRow[] = [];
  for (let r = 2; r <= sheet!.rowCount; r++) {
    const row = sheet!.getRow(r);
    if (!row.hasValues) continue;
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).text])));
  }
  return { headers, rows };
}
