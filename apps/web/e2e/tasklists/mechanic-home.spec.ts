import { expect, test } from '@playwright/test';
import { dutchToday } from '@keurwijzer/shared/format';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { ApiSession } from '../reports/helpers';
import { DEMO_CUSTOMER, DEMO_LOCATION, heading } from './helpers';

type Named = { id: number; name: string };

/** The Dutch day `days` from today as "YYYY-MM-DD" (the server's "today" is the Dutch day too). */
function day(days: number): string {
  const d = new Date(`${dutchToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const shown = (date: string) => date.split('-').reverse().join('-');

test.use({ viewport: { width: 390, height: 844 } });

test("a mechanic's home shows today's task lists first, with 'Vandaag', before overdue and coming ones", async ({
  page,
  baseURL,
}) => {
  // Lists of the mechanic on several days: a coming one in two months, an overdue one and one of today.
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const customer = (await admin.get<Named[]>(`/api/customers?search=${encodeURIComponent(DEMO_CUSTOMER)}`)).find(
    (c) => c.name === DEMO_CUSTOMER,
  )!;
  const location = (await admin.get<Named[]>(`/api/customers/${customer.id}/locations?itemsPerPage=100`)).find(
    (l) => l.name === DEMO_LOCATION,
  )!;
  const make = (days: number, remarks: string) =>
    mechanic.send<Named>('POST', '/api/tasklists', {
      customer_id: customer.id,
      location_id: location.id,
      inspection_type: 'inspection',
      planned_date: day(days),
      remarks,
    });
  await make(60, unique('E2E later '));
  await make(-2, unique('E2E achterstallig '));
  await make(0, unique('E2E vandaag '));
  await Promise.all([mechanic.dispose(), admin.dispose()]);

  await loginAs(page, ACCOUNTS.mechanic);
  await expect(heading(page, 'Takenlijsten')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Takenlijsten' }).getByRole('listitem');
  await expect(cards.first()).toContainText(shown(day(0)));
  await expect(cards.first().getByText('Vandaag', { exact: true })).toBeVisible();

  // Every card of today comes before the first card of another day, and only they carry the chip.
  const texts = await cards.allInnerTexts();
  const today = texts.map((t) => t.includes(shown(day(0))));
  expect(today.indexOf(false)).toBeGreaterThan(0);
  expect(today.slice(today.indexOf(false))).not.toContain(true);
  expect(texts.map((t) => /\bVandaag\b/.test(t))).toEqual(today);
  // The overdue list comes before the coming one (both on the first page).
  const overdue = texts.findIndex((t) => t.includes(shown(day(-2))));
  const later = texts.findIndex((t) => t.includes(shown(day(60))));
  expect(overdue).toBeGreaterThan(0);
  if (later >= 0) expect(later).toBeGreaterThan(overdue);

  // A reload keeps the order (the URL names no sort: the mechanic's default).
  await page.reload();
  await expect(cards.first().getByText('Vandaag', { exact: true })).toBeVisible();

  // The phone's sort select names the default, and after another sort it brings it back.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sort = page.getByRole('combobox', { name: 'Sorteren op' });
  await expect(sort).toHaveText('Werkvolgorde (vandaag eerst)');
  await sort.click();
  await page.getByRole('option', { name: 'Geplande datum (aflopend)' }).click();
  await expect(cards.first()).toContainText(shown(day(60)));
  await sort.click();
  await page.getByRole('option', { name: 'Werkvolgorde (vandaag eerst)' }).click();
  await expect(cards.first().getByText('Vandaag', { exact: true })).toBeVisible();
});
