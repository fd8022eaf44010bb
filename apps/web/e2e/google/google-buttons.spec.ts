import { expect, test, type Page } from '@playwright/test';

/**
 * Google sign-in's buttons (the flow itself is tested against a local OpenID provider in
 * apps/server/src/modules/oidc/oidc.test.ts). The e2e server runs without GOOGLE_CLIENT_ID, so
 * the buttons are hidden; "on" is the providers answer replaced in the browser.
 */
const googleOn = (page: Page) =>
  page.route('**/api/auth/providers', (route) => route.fulfill({ json: { data: { google: true } } }));

test('hidden while Google sign-in is off', async ({ page }) => {
  const providers = page.waitForResponse('**/api/auth/providers');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Inloggen', exact: true })).toBeVisible();
  expect(await (await providers).json()).toEqual({ data: { google: false } });
  await expect(page.getByRole('link', { name: 'Inloggen met Google' })).toHaveCount(0);

  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Registreren', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Registreren met Google' })).toHaveCount(0);
});

test('login: the Google link keeps the redirect, the terms notice, and the error of a failed sign-in', async ({
  page,
}) => {
  await googleOn(page);
  await page.goto('/login?fout=google_email&redirect=%2Fmachines');
  await expect(page.getByRole('alert')).toHaveText(/Het e-mailadres van je Google-account is niet bevestigd/);
  const google = page.getByRole('link', { name: 'Inloggen met Google' });
  await expect(google).toHaveAttribute('href', '/api/auth/google?intent=login&redirect=%2Fmachines');
  await expect(page.getByText('Door verder te gaan ga je akkoord met de')).toBeVisible();

  // An unknown code shows nothing.
  await page.goto('/login?fout=%3Cscript%3E');
  await expect(page.getByRole('link', { name: 'Inloggen met Google' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('register: the Google button needs the terms first, then navigates to the server', async ({ page }) => {
  await googleOn(page);
  const starts: string[] = [];
  await page.route('**/api/auth/google?**', (route) => {
    starts.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>Google</title><p>naar Google</p>' });
  });
  await page.goto('/register');
  const google = page.getByRole('link', { name: 'Registreren met Google' });
  await google.click();
  await expect(page.getByText('Vink eerst aan dat je akkoord gaat met de voorwaarden.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(starts).toEqual([]);

  await page.getByRole('checkbox', { name: /Ik ga akkoord met de/ }).check();
  await google.click();
  await expect(page.getByText('naar Google')).toBeVisible();
  expect(starts.map((u) => new URL(u).search)).toEqual(['?intent=register']);
});
