import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';
import { PHONE } from './helpers';

test.use({ viewport: PHONE });

test("a customer's machines list on a phone does not shift while it loads (CLS < 0.1)", async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/admin/customers/1/machines');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Machines van Metaalbewerking Brabant B.V.' }),
  ).toBeVisible();
  // Loaded: the table is no longer busy (its first load shows placeholder rows).
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^\d+–\d+ van \d+$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
  console.log(`CLS on a phone: ${cls.toFixed(3)}`);
  expect(cls).toBeLessThan(0.1);
});
