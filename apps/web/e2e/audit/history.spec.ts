import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { checkScreen, eachLook } from '../support/looks';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';

type Named = { id: number; name: string };

/** A demo customer's first machine (read through the API with the page's session). */
async function demoMachine(page: Page): Promise<{ customer: Named; machine: Named }> {
  const customers = (await (await page.request.get('/api/customers?itemsPerPage=5&sortKey=name')).json()) as {
    data: Named[];
  };
  for (const customer of customers.data) {
    const res = await page.request.get(`/api/customers/${customer.id}/machines?itemsPerPage=1&sortKey=name`);
    const machines = (await res.json()) as { data: Named[] };
    if (machines.data[0]) return { customer, machine: machines.data[0] };
  }
  throw new Error('no demo customer with a machine');
}

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Naam', exact: true });
const history = (page: Page) => page.getByRole('region', { name: 'Geschiedenis' });
/** The timeline's entries (each has a list of its changes inside). */
const entries = (page: Page) => history(page).getByRole('list', { name: 'Tijdlijn' }).locator(':scope > li');

/** Renames the machine on its screen, saves, and comes back to the screen (a reload). */
async function rename(page: Page, editUrl: string, name: string) {
  await page.goto(editUrl);
  await expect(nameField(page)).not.toHaveValue('');
  await nameField(page).fill(name);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/machines$/);
  await expectNotification(page, 'Machine is gewijzigd');
  await page.goto(editUrl);
  await expect(nameField(page)).toHaveValue(name);
}

test('an admin renames a machine twice and reads both changes in its Geschiedenis; the super admin finds them in the trail and its xlsx', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.admin);
  const { customer, machine } = await demoMachine(page);
  const editUrl = `/admin/customers/${customer.id}/machines/${machine.id}/edit`;
  const renamed = `${machine.name} ${unique('')}`;

  await rename(page, editUrl, renamed);
  const card = history(page);
  await expect(entries(page).first()).toContainText('Machine gewijzigd');
  await expect(card).toContainText(`Naam: ${machine.name} → ${renamed}`);
  await expect(card).toContainText('Dirk van der Berg');

  // Saved back: the newest change comes first, the first one stays.
  await rename(page, editUrl, machine.name);
  const lines = entries(page);
  await expect(lines.first()).toContainText(`Naam: ${renamed} → ${machine.name}`);
  await expect(lines.nth(1)).toContainText(`Naam: ${machine.name} → ${renamed}`);
  await card.scrollIntoViewIfNeeded();
  await eachLook(page, (look) => checkScreen(page, `machine-history-${look}`));

  // The super admin's trail: menu, narrowed to this machine by its link, exported.
  await page.context().clearCookies();
  await loginAs(page, ACCOUNTS.superadmin);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Geschiedenis' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Geschiedenis' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Geschiedenis' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('searchbox', { name: 'Zoeken in de wijzigingen' }).fill(renamed);
  const row = table.getByRole('row').filter({ hasText: `${renamed} → ${machine.name}` });
  await expect(row).toContainText('Dirk van der Berg');
  await row.getByRole('button', { name: /^Alleen de geschiedenis van Machine/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`entity=machine&entity_id=${machine.id}|entity_id=${machine.id}.*entity=machine`),
  );
  await page.getByRole('searchbox', { name: 'Zoeken in de wijzigingen' }).fill('');
  // This run's two renames (a retry of this test adds its own, with another name).
  await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(2);
  await eachLook(page, (look) => checkScreen(page, `audit-trail-${look}`));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporteren (xlsx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^geschiedenis-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path())!);
  const sheet = book.getWorksheet('Geschiedenis')!;
  const texts = sheet.getColumn(6).values.map(String);
  expect(texts).toContain(`Naam: ${machine.name} → ${renamed}`);
  expect(texts).toContain(`Naam: ${renamed} → ${machine.name}`);
});
