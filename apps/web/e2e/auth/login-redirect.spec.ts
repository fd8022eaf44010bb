import { expect, test } from '@playwright/test';
import { STRONG, createActivatedUser } from '../account/helpers';
import { submitLogin } from '../support/login';
import { userWithTwoFactor } from '../two-factor/helpers';

// The login screen follows only what the shared safeRedirectPath allows;
// anything else lands on the user's home, never on the error page or another host.
for (const redirect of ['/\\evil', '/%09/evil.example', '/%0A', '/%2F%2Fevil.example', '//evil.example']) {
  test(`login with ?redirect=${redirect} lands on home`, async ({ page, baseURL }) => {
    const email = await createActivatedUser(baseURL!);
    await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
    await submitLogin(page, email, STRONG);
    await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();
    // A mechanic's home.
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
  });
}

test('a safe redirect is still followed', async ({ page, baseURL }) => {
  const email = await createActivatedUser(baseURL!);
  await page.goto(`/login?redirect=${encodeURIComponent('/profile')}`);
  await submitLogin(page, email, STRONG);
  await expect(page).toHaveURL(/\/profile$/);
});

test('the 2fa screen too: ?redirect=/\\evil, after a recovery code, lands on home', async ({ page, baseURL }) => {
  const { email, codes, session } = await userWithTwoFactor(baseURL!);
  await session.dispose();
  await page.goto('/login');
  await submitLogin(page, email, STRONG);
  await expect(page).toHaveURL(/\/2fa(\?|$)/);
  await page.goto(`/2fa?redirect=${encodeURIComponent('/\\evil')}`);
  await page.getByRole('button', { name: 'Herstelcode gebruiken' }).click();
  await page.getByRole('textbox', { name: 'Herstelcode' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});
