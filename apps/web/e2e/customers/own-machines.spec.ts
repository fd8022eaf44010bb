import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, loginAs } from '../support/login';
import { searchList } from '../master-data/helpers';

const SEARCH = 'Zoeken op naam, inventaris- of fabrieksnummer';

/** The inventory numbers the "Mijn machines" table shows (first column). */
async function listed(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Mijn machines' });
  // Loaded: the table is no longer busy (its first load shows placeholder rows).
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent ?? ''));
}

test("a customer user sees the own machines and inventory list, never another customer's", async ({ browser }) => {
  // What the second demo customer owns.
  const other = await browser.newPage();
  await loginAs(other, ACCOUNTS.otherCustomer);
  await expect(other).toHaveURL('/machines');
  await expect(other.getByRole('heading', { level: 1, name: 'Mijn machines' })).toBeVisible();
  const theirs = await listed(other);
  expect(theirs.length).toBeGreaterThan(0);
  await other.close();

  const page = await browser.newPage();
  await loginAs(page, ACCOUNTS.customer);
  await expect(page).toHaveURL('/machines');
  const mine = await listed(page);
  expect(mine.length).toBeGreaterThan(0);
  expect(mine.filter((n) => theirs.includes(n))).toEqual([]);
  // Searching for another customer's machine finds nothing.
  await searchList(page, SEARCH, theirs[0]!);
  await expect(page.getByText('Geen overeenkomende resultaten gevonden')).toBeVisible();
  await page.getByRole('searchbox', { name: SEARCH }).fill('');
  await expect(page).not.toHaveURL(/search=/);

  // The inventory list holds the own machines only.
  await page.getByRole('button', { name: 'Inventarislijst' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^inventaris-.+\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const numbers: string[] = [];
  workbook.getWorksheet('Inventaris')!.eachRow((row, n) => n > 1 && numbers.push(row.getCell(8).text));
  expect(numbers.length).toBeGreaterThanOrEqual(mine.length);
  for (const n of mine) expect(numbers).toContain(n);
  expect(numbers.filter((n) => theirs.includes(n))).toEqual([]);
});
