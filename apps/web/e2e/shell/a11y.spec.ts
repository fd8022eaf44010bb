import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';
import { LOOKS } from '../support/looks';
import { openScreen, switchTheme } from './helpers';

/** Serious and critical axe findings on what the page shows now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Let transitions (drawer, menus, ripples) finish: axe reads colours as they are painted.
  await page.waitForTimeout(400);
  // Also axe's experimental label-in-name rule, which Lighthouse runs.
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PAGES = [
  '/admin/users',
  '/admin/users/create',
  '/admin/customers',
  '/admin/customers/1/machines',
  '/admin/customers/1/edit',
  '/admin/questionnaires',
  '/profile',
];

// Each look of support/looks.ts (all four locally, phone light and desktop dark under CI).
for (const { size: viewport, theme } of LOOKS) {
  const device = viewport.width < 600 ? 'phone' : 'desktop';
  test(`no serious or critical axe violations (${device}, ${theme})`, async ({ page }) => {
    // Seven screens and three menus, each read by axe.
    test.slow();
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
    const found: Record<string, string[]> = {};
    // The login page follows the system scheme until someone chooses (light here).
    if (theme === 'light') found['/login'] = await seriousViolations(page);

    await loginAs(page, ACCOUNTS.admin);
    await switchTheme(page, theme);
    for (const path of PAGES) {
      await openScreen(page, path);
      found[path] = await seriousViolations(page);
    }
    // Menus: the account menu, and on a phone the navigation sheet.
    await page.getByRole('button', { name: /^Account van / }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    found['account menu'] = await seriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    if (device === 'phone') {
      await page.getByRole('button', { name: 'Menu openen' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      found['navigation sheet'] = await seriousViolations(page);
      await page.keyboard.press('Escape');
    }
    if (theme === 'dark') {
      await page.getByRole('button', { name: /^Account van / }).click();
      await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
      await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
      found['/login'] = await seriousViolations(page);
    }
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
  });
}
