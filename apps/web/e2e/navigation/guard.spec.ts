import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, submitLogin } from '../support/login';

test('an unauthenticated visitor goes to login and back to the page after logging in', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Fusers');
  await submitLogin(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByRole('heading', { name: 'Gebruikers', exact: true })).toBeVisible();
});

test('a customer lands on their machines and is sent back there from admin screens', async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer);
  await expect(page).toHaveURL('/machines');
  await expect(page.getByRole('heading', { name: 'Mijn machines' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Gebruikers' }),
  ).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page).toHaveURL('/machines');
  await expect(page.getByRole('heading', { name: 'Mijn machines' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gebruikers', exact: true })).toHaveCount(0);
});

test('a mechanic opening the users screen does not get it', async ({ page }) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Gebruikers' })).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page).toHaveURL('/');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gebruikers', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Gebruikers' })).toHaveCount(0);
});

test('an unknown path shows page not found', async ({ page }) => {
  await page.goto('/bestaat/niet');
  await expect(page.getByText('Pagina niet gevonden')).toBeVisible();
  await expect(page).toHaveURL('/bestaat/niet');
  await page.getByRole('link', { name: 'Naar de startpagina' }).click();
  // Not logged in: the start page sends to login.
  await expect(page).toHaveURL(/\/login/);
});
