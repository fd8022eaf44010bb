import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test('the theme toggle switches between light and dark and is remembered', async ({ page }) => {
  await loginAs(page, ACCOUNTS.mechanic);
  const html = page.locator('html');
  const toDark = page.getByRole('button', { name: 'Donker thema' });
  const toLight = page.getByRole('button', { name: 'Licht thema' });

  // Light by default.
  await expect(toDark).toBeVisible();
  await expect(html).toHaveClass(/\blight\b/);

  await toDark.click();
  await expect(toLight).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(toLight).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);

  await toLight.click();
  await expect(toDark).toBeVisible();
  await expect(html).toHaveClass(/\blight\b/);
  await page.reload();
  await expect(toDark).toBeVisible();
  await expect(html).toHaveClass(/\blight\b/);
});
