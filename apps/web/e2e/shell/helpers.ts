import { expect, type Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/** Switches the theme through the app bar's toggle (remembered by MUI in localStorage). */
export async function switchTheme(page: Page, theme: 'light' | 'dark') {
  // The app bar may still be on its way after a login.
  await expect(page.getByRole('button', { name: /^(Licht|Donker) thema$/ })).toBeVisible();
  const toggle = page.getByRole('button', { name: theme === 'dark' ? 'Donker thema' : 'Licht thema' });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

/** Opens a path and waits until its heading and (when there is one) its table's rows are there. */
export async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}
