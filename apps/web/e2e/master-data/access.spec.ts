import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test('a mechanic does not get the master data screens', async ({ page }) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByText('Stamgegevens')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Merken' })).toHaveCount(0);

  for (const path of ['/admin/brands', '/admin/questionnaires/1/categories']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Merken', exact: true })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Merken' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Nieuw merk' })).toHaveCount(0);
  }
});
