import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test("a search still being typed on a list does not follow the user into the next screen's URL", async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/customers');
  const row = page.getByRole('table', { name: 'Klanten' }).getByRole('row').nth(1);
  await expect(row).toBeVisible();
  // The next screen's code arrives later than the search delay (300 ms), as on a slow line: the
  // search fires while the app is on its way there.
  await page.route(/\/assets\/customer-machines-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  // Type and leave at once, before the search (debounced) reaches the URL.
  await page.getByRole('searchbox', { name: 'Zoeken op naam, nummer of plaats' }).fill('K-1');
  await row.getByRole('link', { name: 'Machines' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+\/machines$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Machines van / })).toBeVisible();
  // Longer than the search delay: the URL stays clean and the list unfiltered.
  await page.waitForTimeout(800);
  await expect(page).toHaveURL(/\/admin\/customers\/\d+\/machines$/);
  await expect(page.getByRole('searchbox', { name: 'Zoeken op naam, inventaris- of fabrieksnummer' })).toHaveValue('');
});
