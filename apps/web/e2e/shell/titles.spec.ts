import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, submitLogin } from '../support/login';

test('every page has its own document title: the page, its nearest parent, Keurwijzer', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Inloggen · Keurwijzer');
  await page.goto('/bestaat/niet');
  await expect(page).toHaveTitle('Pagina niet gevonden · Keurwijzer');

  await page.goto('/admin/customers/1/machines');
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, ACCOUNTS.admin);
  await expect(page).toHaveTitle('Machines · Metaalbewerking Brabant B.V. · Keurwijzer');

  const titles: [string, string][] = [
    ['/admin/users', 'Gebruikers · Keurwijzer'],
    ['/admin/users/create', 'Nieuwe gebruiker · Gebruikers · Keurwijzer'],
    ['/admin/customers', 'Klanten · Keurwijzer'],
    ['/admin/customers/1/locations', 'Vestigingen · Metaalbewerking Brabant B.V. · Keurwijzer'],
    ['/admin/brands/create', 'Nieuw merk · Merken · Keurwijzer'],
    ['/profile', 'Profiel · Keurwijzer'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('after a navigation the focus is on the new page heading, not on first load', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin, '/admin/users');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Gebruikers' })).toBeVisible();
  // First load: the focus stays at the start of the document (the skip link comes first).
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Naar de inhoud' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Naar de inhoud' })).toBeInViewport();

  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Klanten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeFocused();

  // Searching changes the URL, not the page: the focus stays in the search field.
  const search = page.getByRole('searchbox');
  await search.fill('Metaal');
  await expect(page).toHaveURL(/search=Metaal/);
  await expect(search).toBeFocused();

  // The skip link jumps past the navigation to the content.
  await page.keyboard.press('Shift+Tab');
  await page.getByRole('link', { name: 'Naar de inhoud' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
