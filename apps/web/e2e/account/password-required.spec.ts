import { expect, test } from '@playwright/test';
import { ApiSession } from '../reports/helpers';
import { ACCOUNTS, expectNotification, loginAs, submitLogin } from '../support/login';
import { STRONG, createActivatedUser, shoot } from './helpers';

/** The id of the user with this e-mail, looked up as the demo admin. */
async function userIdOf(baseURL: string, email: string): Promise<number> {
  const admin = await ApiSession.login(baseURL, ACCOUNTS.admin);
  const users = await admin.get<{ id: number; email: string }[]>(`/api/users?search=${encodeURIComponent(email)}`);
  await admin.dispose();
  return users.find((u) => u.email === email)!.id;
}

test('an admin requires a new password -> the user must change it after logging in -> home', async ({
  browser,
  baseURL,
}) => {
  const email = await createActivatedUser(baseURL!);
  const id = await userIdOf(baseURL!, email);

  // The admin requires it on the user's edit screen, confirmed.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, ACCOUNTS.admin);
  await admin.goto(`/admin/users/${id}/edit`);
  await expect(admin.getByText('Moet wachtwoord wijzigen')).toBeHidden();
  await admin.getByRole('button', { name: 'Wachtwoord wijzigen verplichten' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Wachtwoord wijzigen verplichten' });
  await expect(dialog).toContainText('Wil Wachtwoord');
  await dialog.getByRole('button', { name: 'Verplichten' }).click();
  await expectNotification(admin, 'Wachtwoord wijzigen is verplicht gesteld');
  await expect(admin.getByText('Moet wachtwoord wijzigen')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Wachtwoord wijzigen verplichten' })).toBeHidden();
  await adminContext.close();

  // The user logs in and lands on change-password, with the reason; elsewhere sends them back.
  const userContext = await browser.newContext();
  const page = await userContext.newPage();
  await page.goto('/login');
  await submitLogin(page, email, STRONG);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByText('Een beheerder vraagt je een nieuw wachtwoord te kiezen.')).toBeVisible();
  await shoot(page, 'password-required');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/change-password$/);

  const fresh = 'Zeilboot-Regen-81!';
  await page.getByRole('textbox', { name: 'Huidig wachtwoord' }).fill(STRONG);
  await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(fresh);
  await page.getByRole('textbox', { name: 'Herhaal wachtwoord' }).fill(fresh);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNotification(page, 'Wachtwoord is gewijzigd');

  // Cleared on the server: a reload stays home, the profile opens.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Wachtwoord wijzigen' })).toBeHidden();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await userContext.close();
});
