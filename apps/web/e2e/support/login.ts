import { expect, type Page } from '@playwright/test';

/** Password of every demo account (DEMO_PASSWORD default). */
export const DEMO_PASSWORD = 'Demo1234!';

export const ACCOUNTS = {
  superadmin: 'superadmin@example.com',
  admin: 'admin@example.com',
  mechanic: 'monteur@example.com',
  customer: 'klant@example.com',
  otherCustomer: 'klant2@example.com',
} as const;

/** The login form's fields and button. */
export function loginForm(page: Page) {
  return {
    email: page.getByRole('textbox', { name: 'E-mail' }),
    // Playwright gives a password input the textbox role.
    password: page.getByRole('textbox', { name: 'Wachtwoord', exact: true }),
    submit: page.getByRole('button', { name: 'Inloggen' }),
  };
}

/** Fills in and submits the login form on the page that is open (it must be the login screen). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/**
 * Logs in through the login screen and waits until the app has left it. `path` is opened first:
 * a protected path sends the visitor to /login?redirect=... and back after logging in.
 */
export async function loginAs(page: Page, email: string, path = '/login') {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Asserts the top-right notification and dismisses it, so the next one is not queued behind it
 * (one notification shows at a time). If it already closed by itself (3000 ms) on a slow machine,
 * there is nothing left to dismiss. The pointer then leaves it: a notification under the pointer
 * pauses its own timer (MUI Snackbar), so a click that did not land in time would keep it open.
 */
export async function expectNotification(page: Page, text: string) {
  const note = page.getByRole('status').filter({ hasText: text });
  await expect(note).toBeVisible();
  await note
    .getByRole('button', { name: 'Melding sluiten' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await page.mouse.move(0, 0);
  await expect(note).toBeHidden();
}

/** A value that no other test (or earlier run on the same database) uses. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;
}
