import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';
import { heading } from '../customers/helpers';

test.beforeEach(async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
});

/** Follows the link `name` in `row` with the keyboard (focus, Enter), as a keyboard user would. */
async function followWithKeyboard(page: Page, row: Locator, name: string) {
  const link = row.getByRole('link', { name, exact: true });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
}

test('the customer name in the customer list opens the customer screen', async ({ page }) => {
  await page.goto('/admin/customers');
  const row = page.getByRole('table', { name: 'Klanten' }).getByRole('row').filter({ hasText: 'K-1001' });
  await followWithKeyboard(page, row, 'Metaalbewerking Brabant B.V.');
  await expect(page).toHaveURL(/\/admin\/customers\/\d+\/edit$/);
  await expect(heading(page, 'Metaalbewerking Brabant B.V. wijzigen')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Machines/ })).toBeVisible();
});

test('the machine name in a customer machines list opens the machine', async ({ page }) => {
  await page.goto('/admin/customers/1/machines');
  const row = page
    .getByRole('table', { name: /^Machines van / })
    .getByRole('row')
    .nth(1);
  await expect(row.getByRole('link').first()).toBeVisible();
  const name = await row.getByRole('cell').nth(1).innerText();
  await followWithKeyboard(page, row, name);
  await expect(page).toHaveURL(/\/admin\/customers\/1\/machines\/\d+\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toHaveValue(name);
});

test('the concept machine name opens the machine', async ({ page }) => {
  await page.goto('/admin/machine-concept');
  const row = page.getByRole('table', { name: 'Conceptmachines' }).getByRole('row').nth(1);
  await expect(row.getByRole('link').first()).toBeVisible();
  const name = await row.getByRole('cell').first().innerText();
  await followWithKeyboard(page, row, name);
  await expect(page).toHaveURL(/\/admin\/customers\/\d+\/machines\/\d+\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toHaveValue(name);
});

test('a user name in the users list opens the user', async ({ page }) => {
  await page.goto('/admin/users');
  const row = page
    .getByRole('table', { name: 'Gebruikers' })
    .getByRole('row')
    .filter({ hasText: 'monteur@example.com' });
  const first = (await row.getByRole('cell').first().textContent())!;
  const last = (await row.getByRole('cell').nth(1).textContent())!;
  // The link names the whole person, not just the first name.
  await followWithKeyboard(page, row, `${first} ${last}`);
  await expect(page).toHaveURL(/\/admin\/users\/\d+\/edit$/);
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('monteur@example.com');
});

test('names in the master data lists open their item', async ({ page }) => {
  for (const [path, table, edit] of [
    ['/admin/questionnaires', 'Vragenlijsten', /\/admin\/questionnaires\/\d+\/edit$/],
    ['/admin/brands', 'Merken', /\/admin\/brands\/\d+\/edit$/],
    ['/admin/customers/1/locations', /^Vestigingen van /, /\/admin\/customers\/1\/locations\/\d+\/edit$/],
  ] as const) {
    await page.goto(path);
    const row = page.getByRole('table', { name: table }).getByRole('row').nth(1);
    await expect(row.getByRole('link').first()).toBeVisible();
    const name = await row.getByRole('cell').first().innerText();
    await followWithKeyboard(page, row, name);
    await expect(page).toHaveURL(edit);
    await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toHaveValue(name);
  }
});
