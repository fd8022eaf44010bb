import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the machine filters fold behind a button and the inventory number shows under the name', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/customers/1/machines');
  const table = page.getByRole('table', { name: /^Machines van / });
  // Loaded: the table is no longer busy (its first load shows placeholder rows).
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // Folded: only the button, no selects pushing the list down.
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Vestiging' })).toHaveCount(0);
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Filters verbergen' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Vestiging' })).toBeVisible();

  // A chosen filter keeps them open on the next visit and counts on the button when folded.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Actief', exact: true }).click();
  await expect(page).toHaveURL(/status=active/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Actief');
  await page.getByRole('button', { name: 'Filters verbergen' }).click();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  // The inventory number column is hidden on phones; the number stands under the name.
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').first()).toContainText(/INV-\d+/);

  // The same in the concept machines list.
  await page.goto('/admin/machine-concept');
  const concepts = page.getByRole('table', { name: 'Conceptmachines' });
  await expect(concepts.getByRole('columnheader', { name: 'Inventarisnr.' })).toBeHidden();
  await expect(concepts.getByRole('row').nth(1).getByRole('cell').first()).toContainText(/INV-\d+/);
});
