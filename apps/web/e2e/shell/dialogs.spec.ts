import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test('a destructive confirmation starts on "Annuleren": Enter does not archive', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/users');
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Archiveren' }) })
    .first();
  await expect(row).toBeVisible();
  const name = (await row.getByRole('cell').first().textContent())!;
  await row.getByRole('button', { name: 'Archiveren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gebruiker archiveren' });
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Nothing happened: the user is still in the list of active users.
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: name })).toHaveCount(1);
});
