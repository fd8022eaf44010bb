import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';
import { DESKTOP, checkScreen, eachLook } from '../support/looks';

/**
 * The overviews on the demo data: the office home's numbers open the filtered
 * Keuringsplanning, whose filters live in the URL; the customer sees its compliance summary on
 * top of "Mijn machines". Both screens in the four looks.
 */
const check = (page: Page, name: string) => checkScreen(page, `overview-${name}`);

test('the office home opens the overdue machines of a customer in the Keuringsplanning', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await loginAs(page, ACCOUNTS.admin, '/admin/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();
  for (const card of ['Verlopen', 'Binnen 4 weken', 'Afgekeurd', 'Open acties', 'Open storingen']) {
    await expect(page.getByRole('region', { name: card, exact: true })).toBeVisible();
  }
  const perCustomer = page.getByRole('list', { name: 'Verlopen per klant' });
  const first = perCustomer.getByRole('link').first();
  await expect(first).toBeVisible();
  const name = (await first.getAttribute('aria-label'))!;
  const count = Number(await first.textContent());
  expect(count).toBeGreaterThan(0);
  await eachLook(page, (look) => check(page, `home-${look}`));

  await page.setViewportSize(DESKTOP);
  await first.click();
  await expect(page).toHaveURL(/\/admin\/due\?state=overdue&customer_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keuringsplanning' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verlopen', pressed: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Keuringsplanning' });
  const rows = table.getByRole('row').filter({ has: page.locator('[data-due-state]') });
  await expect(rows.first()).toBeVisible();
  // One row per machine and type: at least as many rows as the home counted machines.
  expect(await rows.count()).toBeGreaterThanOrEqual(Math.min(count, 10));
  for (const state of await table
    .locator('[data-due-state]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-due-state')))) {
    expect(state).toBe('overdue');
  }
  expect(name).toContain('Verlopen bij ');
  const customer = name.replace(/^Verlopen bij /, '').replace(/: \d+$/, '');
  await expect(rows.first()).toContainText(customer);

  // The filters stay in the URL: a reload keeps them; another chip replaces the state.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Verlopen', pressed: true })).toBeVisible();
  await page.getByRole('button', { name: 'Afgekeurd', pressed: false }).click();
  await expect(page).toHaveURL(/state=rejected/);
  await expect(page).toHaveURL(/customer_id=\d+/);
  await page.getByRole('button', { name: 'Alle', pressed: false }).click();
  await expect(page).not.toHaveURL(/state=/);

  // "Binnen 4 weken" from the home: the window filter is set.
  await page.goto('/admin/overview');
  await page.getByRole('link', { name: /^Binnen 4 weken: \d+$/ }).click();
  await expect(page).toHaveURL(/\/admin\/due\?due_within_days=28$/);
  await expect(page.getByRole('combobox', { name: 'Vervalt binnen' })).toHaveText('Binnen 28 dagen');

  // A row opens the machine's screen.
  await page.goto('/admin/due?state=overdue');
  const machineLink = page.getByRole('table', { name: 'Keuringsplanning' }).getByRole('link').first();
  await machineLink.click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+\/machines\/\d+\/reports$/);

  await page.goto('/admin/due?state=overdue');
  await expect(page.getByRole('table', { name: 'Keuringsplanning' }).locator('[data-due-state]').first()).toBeVisible();
  await eachLook(page, (look) => check(page, `due-${look}`));
});

test('the customer sees its share in order per location and its overdue and afgekeurd machines', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await loginAs(page, ACCOUNTS.customer);
  await expect(page).toHaveURL('/machines');
  const summary = page.getByRole('region', { name: 'Keuringsstatus' });
  await expect(summary).toBeVisible();
  await expect(summary.getByText(/\d+ van \d+ machines in orde/).first()).toBeVisible();
  await expect(summary.getByRole('progressbar').first()).toBeVisible();
  await expect(summary.getByRole('link', { name: /open storing/ })).toBeVisible();
  await eachLook(page, (look) => check(page, `summary-${look}`));

  await page.setViewportSize(DESKTOP);
  // A location's number opens "Mijn machines" filtered to what it counts: as many as it says.
  const overdue = summary.getByRole('list', { name: 'Per vestiging' }).getByRole('link', { name: /^\d+ verlopen$/ });
  const expected = Number(((await overdue.first().textContent()) ?? '').split(' ')[0]);
  expect(expected).toBeGreaterThan(0);
  await overdue.first().click();
  await expect(page).toHaveURL(/\/machines\?location_id=\d+&due_state=overdue$/);
  await expect(page.getByText(new RegExp(`^\\d+–\\d+ van ${expected}$`))).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Keuring' })).toHaveText('Verlopen');
  await page.goto('/machines');

  const attention = summary.getByRole('link', { name: /\(.+\)$/ }).first();
  if (await attention.count()) {
    await attention.click();
    await expect(page).toHaveURL(/\/machines\/\d+$/);
  }
});
