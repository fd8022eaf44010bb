import { expect, test, type Locator } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test.use({ viewport: { width: 1440, height: 900 } });

/** How many lines the text of `el` takes on screen. */
const lines = (el: Locator) =>
  el.evaluate((node) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(t);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top / 8));
    }
    return tops.size;
  });

test('at 1440 px the machines table keeps name and place on one line, with the full place as tooltip', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/customers/1/machines?itemsPerPage=25');
  const table = page.getByRole('table', { name: /^Machines van / });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(26);
  const headers = await table.getByRole('columnheader').allTextContents();
  const nameAt = headers.indexOf('Naam');
  const placeAt = headers.indexOf('Plaats');
  expect(nameAt).toBeGreaterThanOrEqual(0);
  expect(placeAt).toBeGreaterThanOrEqual(0);

  for (let i = 1; i <= 25; i++) {
    const cells = rows.nth(i).getByRole('cell');
    const name = cells.nth(nameAt);
    const place = cells.nth(placeAt);
    expect(await lines(name), `name of row ${i}`).toBe(1);
    expect(await lines(place), `place of row ${i}`).toBe(1);
    // The whole place is in the tooltip, even where it is cut off with an ellipsis.
    const text = (await place.textContent())!;
    await expect(place).toHaveAttribute('title', text);
  }
  // No sideways scrolling at this width.
  const container = table.locator('xpath=..');
  expect(await container.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // The same in the concept machines list.
  await page.goto('/admin/machine-concept');
  const concepts = page.getByRole('table', { name: 'Conceptmachines' });
  // Loaded: the table is no longer busy (its first load shows placeholder rows).
  await expect(concepts).toHaveAttribute('aria-busy', 'false');
  await expect(concepts.getByRole('row').nth(1)).toBeVisible();
  const conceptHeaders = await concepts.getByRole('columnheader').allTextContents();
  const conceptPlace = concepts.getByRole('row').nth(1).getByRole('cell').nth(conceptHeaders.indexOf('Plaats'));
  expect(await lines(conceptPlace)).toBe(1);
  await expect(conceptPlace).toHaveAttribute('title', (await conceptPlace.textContent())!);
});

test('at 1440 px a form uses more of the width than a narrow column', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/questionnaires/1/edit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/wijzigen$/);
  const form = page.locator('form');
  const box = (await form.boundingBox())!;
  expect(box.width).toBeGreaterThan(900);
});
