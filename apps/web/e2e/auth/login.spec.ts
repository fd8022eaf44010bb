import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginForm, submitLogin } from '../support/login';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
});

test('a wrong password is refused with one message for every wrong combination', async ({ page }) => {
  // klant2 is used by no other test, so its failed-login counter cannot throttle another test.
  await submitLogin(page, ACCOUNTS.otherCustomer, 'Verkeerd1234!');
  await expect(page.getByRole('alert')).toHaveText('Ongeldige combinatie e-mail en wachtwoord');
  await expect(page).toHaveURL('/login');
  // The password is emptied and focused for a retry.
  await expect(loginForm(page).password).toHaveValue('');
  await expect(loginForm(page).password).toBeFocused();

  // An unknown account reads the same.
  await submitLogin(page, 'niemand@example.com', 'Verkeerd1234!');
  await expect(page.getByRole('alert')).toHaveText('Ongeldige combinatie e-mail en wachtwoord');
});

test('empty fields are required', async ({ page }) => {
  const form = loginForm(page);
  await form.submit.click();
  await expect(form.email).toHaveAccessibleDescription('Verplicht');
  await expect(form.password).toHaveAccessibleDescription('Verplicht');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the password can be shown and hidden', async ({ page }) => {
  const form = loginForm(page);
  await form.password.fill('Geheim1!');
  await expect(form.password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Wachtwoord tonen' }).click();
  await expect(form.password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Wachtwoord verbergen' }).click();
  await expect(form.password).toHaveAttribute('type', 'password');
});
