import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test.beforeEach(async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
});

/** Opens the first row's edit screen of the list at `path` through its pencil. */
async function editFirst(page: Page, path: string, listTitle: RegExp | string) {
  await page.goto(path);
  // The first row that has one (a super admin's row has none for an admin).
  await page
    .getByRole('table', { name: listTitle })
    .getByRole('link', { name: 'Wijzigen', exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/edit$/);
}

test('edit screens say "wijzigen", never "bewerken"', async ({ page }) => {
  test.setTimeout(90_000);
  const screens: [string, string | RegExp][] = [
    ['/admin/customers', 'Klanten'],
    ['/admin/customers/1/locations', /^Vestigingen van /],
    ['/admin/brands', 'Merken'],
    ['/admin/machine-types', 'Machinetypes'],
    ['/admin/categories', 'Categorieën'],
    ['/admin/questions', 'Vragen'],
    ['/admin/questionnaires', 'Vragenlijsten'],
    ['/admin/users', 'Gebruikers'],
    ['/admin/customer-users', 'Klantgebruikers'],
  ];
  for (const [path, list] of screens) {
    await editFirst(page, path, list);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ wijzigen$/);
    await expect(page.getByText(/bewerken/i)).toHaveCount(0);
  }

  // The questionnaire preview's way back to its content.
  await page.goto('/admin/questionnaires/1/preview');
  await expect(page.getByRole('link', { name: 'Categorieën en vragen wijzigen' })).toBeVisible();
  await expect(page.getByText(/bewerken/i)).toHaveCount(0);
});
