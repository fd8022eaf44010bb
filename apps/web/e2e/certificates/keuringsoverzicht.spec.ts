import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test.use({ viewport: { width: 390, height: 844 } });

test('a customer user downloads the Keuringsoverzicht of its location as a PDF', async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer);
  await page.goto('/machines');
  const button = page.getByRole('button', { name: /^Keuringsoverzicht/ });
  await expect(button).toBeVisible();

  const response = page.waitForResponse((r) => /\/keuringsoverzicht\.pdf$/.test(new URL(r.url()).pathname));
  const download = page.waitForEvent('download');
  // Several locations: the button opens a menu to choose one from.
  const several = (await button.getAttribute('aria-haspopup')) === 'menu';
  await button.click();
  if (several) await page.getByRole('menuitem').first().click();
  const res = await response;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(new URL(res.url()).pathname).toMatch(/^\/api\/locations\/\d+\/keuringsoverzicht\.pdf$/);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^keuringsoverzicht-[a-z0-9_-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
