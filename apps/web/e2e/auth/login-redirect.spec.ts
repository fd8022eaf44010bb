import { expect, test } from '@playwright/test';
import { STRONG, createActivatedUser } from '../account/helpers';
import { submitLogin } from '../support/login';

// Issue 19 (finding 15): the login screen follows only what the shared safeRedirectPath allows;
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
