import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs } from '../support/login';
import { PHONE, checkScreen, eachLook, setTheme } from '../support/looks';
import { crumbs, heading, rowsWith, searchList } from './helpers';

/**
 * Intervals and due dates: the intervals of a machine type and of a
 * customer (type, save, reload, read back, save again), the due chip and state filter of the
 * office's machine list on a phone, and the office's and the customer's machine screen with
 * its "Keuringsstatus" per type in the four looks.
 */

const INVALID = 'Vul een aantal maanden in van 1 tot en met 120';
const field = (page: Page, label: 'Keuring' | 'Onderhoud' | 'Veiligheid') =>
  page.getByRole('textbox', { name: label, exact: true });

test('a machine type gets its intervals: type, save, reload, read back, save again', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  const name = `Interval-type ${Date.now()}`;
  await page.goto('/admin/machine-types/create');
  await expect(heading(page, 'Nieuw machinetype')).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
  await field(page, 'Keuring').fill('0');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(INVALID)).toBeVisible();
  await field(page, 'Keuring').fill('12');
  await field(page, 'Veiligheid').fill('24');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/machine-types');
  await expectNotification(page, 'Machinetype is aangemaakt');

  await searchList(page, 'Zoeken op naam', name);
  await rowsWith(page, name).getByRole('link', { name }).click();
  await expect(heading(page, `${name} wijzigen`)).toBeVisible();
  await page.reload();
  await expect(field(page, 'Keuring')).toHaveValue('12');
  await expect(field(page, 'Onderhoud')).toHaveValue('');
  await expect(field(page, 'Veiligheid')).toHaveValue('24');

  await field(page, 'Keuring').fill('6');
  await field(page, 'Onderhoud').fill('3');
  await field(page, 'Veiligheid').fill('');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL('/admin/machine-types');
  await expectNotification(page, 'Machinetype is gewijzigd');
  await page.goBack();
  await page.reload();
  await expect(field(page, 'Keuring')).toHaveValue('6');
  await expect(field(page, 'Onderhoud')).toHaveValue('3');
  await expect(field(page, 'Veiligheid')).toHaveValue('');
});

test("a customer's intervals override the machine type's: type, save, reload, read back, save again", async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/customers');
  await expect(heading(page, 'Klanten')).toBeVisible();
  // The customers list links to the screen.
  await page.getByRole('table').getByRole('row').nth(1).getByRole('link', { name: 'Keuringsintervallen' }).click();
  await expect(heading(page, 'Keuringsintervallen')).toBeVisible();
  const url = page.url();
  const group = page.getByRole('group').first();
  const keuring = group.getByRole('textbox', { name: 'Keuring', exact: true });
  // The machine type's default is the placeholder.
  await expect(keuring).toHaveAttribute('placeholder', /maand|Geen interval/);
  await keuring.fill('130');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(group.getByText(INVALID)).toBeVisible();
  await keuring.fill('7');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+\/machines$/);
  await expectNotification(page, 'Intervallen zijn opgeslagen');

  await page.goto(url);
  await page.reload();
  await expect(keuring).toHaveValue('7');
  await keuring.fill('8');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(page, 'Intervallen zijn opgeslagen');
  await page.goto(url);
  await expect(keuring).toHaveValue('8');
  // Back to the default.
  await keuring.fill('');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(page, 'Intervallen zijn opgeslagen');
  await page.goto(url);
  await expect(keuring).toHaveValue('');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the office machine list shows the due chip and filters on the state, kept in the URL', async ({ page }) => {
    await loginAs(page, ACCOUNTS.admin);
    await page.goto('/admin/customers/1/machines');
    const table = page.getByRole('table', { name: /^Machines van / });
    // Loaded: the table is no longer busy (its first load shows placeholder rows).
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // On a phone the due chip stands under the name (the column is for wider screens).
    await expect(table.getByRole('columnheader', { name: 'Volgende keuring' })).toBeHidden();
    await expect(table.locator('[data-due-state]').first()).toBeVisible();

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('combobox', { name: /^Keuring( |$)/ }).click();
    await page.getByRole('option', { name: 'Verlopen', exact: true }).click();
    await expect(page).toHaveURL(/due_state=overdue/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: /^Keuring( |$)/ })).toHaveText('Verlopen');
    const chips = table.locator('[data-due-state]:visible');
    await expect(chips.first()).toBeVisible();
    for (const state of await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-due-state'))))
      expect(state).toBe('overdue');
    await expect(chips.first()).toHaveText('Verlopen');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await checkScreen(page, `machines-due-filter-390-${theme}`);
    }
    await setTheme(page, 'light');
  });
});

test('the office machine screen and the customer machine screen show the due state per type, in four looks', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/customers/1/machines?due_state=up_to_date&sortKey=next_due_date');
  const table = page.getByRole('table', { name: /^Machines van / });
  const link = table.getByRole('row').nth(1).getByRole('link').first();
  await expect(link).toBeVisible();
  const id = /machines\/(\d+)\/edit/.exec((await link.getAttribute('href')) ?? '')![1];
  await page.goto(`/admin/customers/1/machines/${id}/reports`);
  const due = page.getByRole('region', { name: 'Keuringsstatus' });
  await expect(due).toBeVisible();
  await expect(due.getByText(/Volgende keuring vóór \d{2}-\d{2}-\d{4}/).first()).toBeVisible();
  await expect(due.locator('[data-due-state="up_to_date"]').first()).toBeVisible();
  await expect(due.locator('[data-verdict]').first()).toBeVisible();
  await eachLook(page, (look) => checkScreen(page, `machine-due-office-${look}`));

  // The machine's own interval on its edit screen: save, read back, remove.
  await page.goto(`/admin/customers/1/machines/${id}/edit`);
  const intervals = page.getByRole('region', { name: 'Keuringsintervallen' });
  await intervals.getByRole('textbox', { name: 'Keuring', exact: true }).fill('3');
  await intervals.getByRole('button', { name: 'Intervallen instellen' }).click();
  await expectNotification(page, 'Intervallen zijn opgeslagen');
  await page.reload();
  await expect(intervals.getByRole('textbox', { name: 'Keuring', exact: true })).toHaveValue('3');
  await expect(page.getByRole('region', { name: 'Keuringsstatus' }).getByText('Interval: 3 maanden')).toBeVisible();
  await intervals.getByRole('textbox', { name: 'Keuring', exact: true }).fill('');
  await intervals.getByRole('button', { name: 'Intervallen instellen' }).click();
  await expectNotification(page, 'Intervallen zijn opgeslagen');

  // The customer's own machine screen.
  await page.context().clearCookies();
  await loginAs(page, ACCOUNTS.customer);
  await expect(page).toHaveURL('/machines');
  const own = page.getByRole('table', { name: 'Mijn machines' });
  await expect(own.locator('[data-due-state]').first()).toBeVisible();
  await own.getByRole('row').nth(1).getByRole('link').first().click();
  const ownDue = page.getByRole('region', { name: 'Keuringsstatus' });
  await expect(ownDue).toBeVisible();
  await expect(crumbs(page).first()).toHaveText('Mijn machines');
  await eachLook(page, (look) => checkScreen(page, `machine-due-own-${look}`));
});
