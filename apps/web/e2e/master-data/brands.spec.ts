import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { openMasterData, rowsWith, searchList } from './helpers';

async function createBrand(page: Page, name: string) {
  await page.getByRole('link', { name: 'Nieuw merk' }).click();
  await expect(page).toHaveURL('/admin/brands/create');
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/brands');
  await expectNotification(page, 'Merk is aangemaakt');
  await expect(page.getByRole('heading', { level: 1, name: 'Merken' })).toBeVisible();
}

/** Asks to delete the row's item and confirms in the dialog `title`. */
async function confirmDelete(page: Page, row: ReturnType<typeof rowsWith>, title: string, name: string) {
  await row.getByRole('button', { name: 'Verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(dialog).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await openMasterData(page, 'Merken', '/admin/brands');
});

test('a brand in use is not deleted and the screen says why; an unused brand is', async ({ page }) => {
  // Makita (demo) has four types and demo machines.
  await searchList(page, 'Zoeken op naam', 'Makita');
  const makita = rowsWith(page, 'Makita');
  await expect(makita).toHaveCount(1);
  await expect(makita.getByRole('cell', { name: '4', exact: true })).toBeVisible();
  await confirmDelete(page, makita, 'Merk verwijderen', 'Makita');
  const refusal = page.getByRole('alert').filter({ hasText: 'kan niet worden verwijderd' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Dit merk wordt gebruikt door');
  await expect(page.getByRole('status').filter({ hasText: 'Merk is verwijderd' })).toHaveCount(0);
  await expect(makita).toHaveCount(1);
  // Still there after a reload too.
  await page.reload();
  await expect(makita).toHaveCount(1);
  await expect(refusal).toHaveCount(0);

  // A new brand without types can be deleted.
  const name = unique('Merk');
  await createBrand(page, name);
  await searchList(page, 'Zoeken op naam', name);
  const row = rowsWith(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();
  await confirmDelete(page, row, 'Merk verwijderen', name);
  await expectNotification(page, 'Merk is verwijderd');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Geen overeenkomende resultaten gevonden' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('cancelling the delete dialog keeps the brand', async ({ page }) => {
  const name = unique('Merk');
  await createBrand(page, name);
  await searchList(page, 'Zoeken op naam', name);
  const row = rowsWith(page, name);
  await row.getByRole('button', { name: 'Verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merk verwijderen' });
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(row).toHaveCount(1);
});

/** Creates a brand, finds it in the list, opens its types and adds one. */
async function brandWithType(page: Page, brand: string, type: string) {
  await createBrand(page, brand);
  await searchList(page, 'Zoeken op naam', brand);
  await rowsWith(page, brand).getByRole('link', { name: 'Typen' }).click();
  await expect(page).toHaveURL(/\/admin\/brands\/\d+\/types$/);
  const typesUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Typen van ${brand}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Geen gegevens beschikbaar' })).toBeVisible();

  await page.getByRole('link', { name: 'Nieuw type' }).click();
  await expect(page).toHaveURL(/\/admin\/brands\/\d+\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: `Nieuw type voor ${brand}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(type);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(typesUrl);
  await expectNotification(page, 'Type is aangemaakt');
  await expect(rowsWith(page, type)).toHaveCount(1);
  await expect(page.getByRole('table', { name: `Typen van ${brand}` }).getByRole('row')).toHaveCount(2);
}

test('admin adds a type to a brand, and a brand with a type cannot be deleted', async ({ page }) => {
  const brand = unique('Merk');
  await brandWithType(page, brand, unique('Type '));

  // The brand counts one type and is now in use. (A fresh load: the list in memory is stale,
  // see the next test.)
  await page.goto(`/admin/brands?search=${brand}`);
  const row = rowsWith(page, brand);
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await confirmDelete(page, row, 'Merk verwijderen', brand);
  await expect(page.getByRole('alert')).toContainText('Dit merk heeft nog 1 type en kan niet worden verwijderd');
  await expect(row).toHaveCount(1);
});

/* A change to a brand's types shows in the brands list right away (every change refetches). */
test('the brands list counts a type added just before', async ({ page }) => {
  const brand = unique('Merk');
  await brandWithType(page, brand, unique('Type '));
  await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Merken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merken' })).toBeVisible();
  await searchList(page, 'Zoeken op naam', brand);
  await expect(rowsWith(page, brand).getByRole('cell', { name: '1', exact: true })).toBeVisible({ timeout: 3_000 });
});
