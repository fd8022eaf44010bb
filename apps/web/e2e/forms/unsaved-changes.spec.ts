import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test('leaving a form with typed input asks first; Blijven keeps the input', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/users/create');
  await expect(page).toHaveURL('/admin/users/create');

  const firstName = page.getByRole('textbox', { name: 'Voornaam', exact: true });
  await firstName.fill('Niet opgeslagen');
  await page.getByRole('button', { name: 'Annuleren' }).click();

  const dialog = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Blijven' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/admin/users/create');
  await expect(firstName).toHaveValue('Niet opgeslagen');

  // Weggooien does leave.
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await dialog.getByRole('button', { name: 'Weggooien' }).click();
  await expect(page).toHaveURL('/admin/users');
});

test('leaving an untouched form does not ask', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/users/create');
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
