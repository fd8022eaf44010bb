import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { PHONE, checkScreen } from '../support/looks';
import {
  MALFUNCTION_TEXT,
  PortalSession,
  URGENCY_LABELS,
  loginAsCustomer,
  machineWithReport,
  malfunctionDialog,
  reportThroughDialog,
} from '../portal/helpers';
import { heading, malfunctionsMenuItem, closeMenu } from './helpers';

/**
 * At 390 px: a customer reports a malfunction as "Machine staat stil"
 * with a number to call back (prefilled from the profile, typed over); the office's list shows it
 * first with "Spoed" and its response deadline, the menu says how many are late, and the detail
 * gives the number as a tel: link. The profile's phone number: typed, saved, read back after a
 * reload, refused when it is no number, saved again.
 */

test.use({ viewport: PHONE, hasTouch: true });

const PROFILE_CHANGED = 'Profiel is gewijzigd';
const INVALID_PHONE = 'Ongeldig telefoonnummer';

/** "31-03-2027 16:00" as the screens show a moment (Dutch time, the browser's time zone here). */
const dutchDateTime = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', '');

async function logout(page: Page) {
  await page.getByRole('button', { name: /^Account van / }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('a customer reports an urgent malfunction with a phone number; the office sees it first with "Spoed", its deadline and the number', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customer = await PortalSession.login(baseURL!);
  const machine = await machineWithReport(customer);
  const profilePhone = (await customer.get<{ phone: string | null }>('/api/profile')).phone;
  await customer.dispose();

  await loginAsCustomer(page);
  await page.goto(`/machines/${machine.id}`);
  await page.getByRole('button', { name: MALFUNCTION_TEXT.report }).first().click();
  const dialog = malfunctionDialog(page);
  const phoneField = dialog.getByRole('textbox', { name: MALFUNCTION_TEXT.contactPhone });
  // "Bereikbaar op" starts as the profile's number; nothing is chosen as the urgency yet.
  if (profilePhone) await expect(phoneField).toHaveValue(profilePhone);
  const urgency = dialog.getByRole('radiogroup', { name: MALFUNCTION_TEXT.urgency });
  await expect(urgency.getByRole('radio')).toHaveCount(2);
  await expect(urgency.getByRole('radio', { checked: true })).toHaveCount(0);

  // A number that is none: refused under the field, the dialog keeps what was typed.
  const description = unique('Pers staat stil, noodstop blijft hangen ');
  await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill(description);
  await urgency.getByRole('radio', { name: URGENCY_LABELS.urgent }).check();
  await phoneField.fill('06 123');
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expect(dialog.getByText(INVALID_PHONE)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Omschrijving' })).toHaveValue(description);
  await checkScreen(page, 'desk-intake-report-dialog-phone');

  const done = await reportThroughDialog(page, { description, urgency: 'urgent', phone: '06-87654321' });
  await done.getByRole('button', { name: 'Sluiten' }).click();

  // "Mijn storingen" marks it too.
  await page.goto('/malfunctions');
  const own = page.getByRole('list', { name: MALFUNCTION_TEXT.mine }).getByRole('listitem').first();
  await expect(own).toContainText(description.slice(0, 20));
  await expect(own).toContainText(MALFUNCTION_TEXT.urgent);

  // What the server stored: the number in its international form and the deadline.
  const session = await PortalSession.login(baseURL!);
  const mine = await session.get<{ id: number; description: string; respond_by: string; contact_phone: string }[]>(
    '/api/own-malfunctions?itemsPerPage=5',
  );
  await session.dispose();
  const reported = mine.find((m) => m.description === description)!;
  expect(reported.contact_phone).toBe('+31 6 87654321');
  const deadline = `${MALFUNCTION_TEXT.respondBy} ${dutchDateTime(reported.respond_by)}`;

  // The office: the list's default order puts it first (the newest active urgent one).
  await logout(page);
  await loginAs(page, ACCOUNTS.admin);
  const menuItem = await malfunctionsMenuItem(page);
  // The demo has a late one: the menu says so ("3 open, waarvan 1 te laat").
  await expect(menuItem).toHaveAccessibleName(/^Storingen \(\d+ open, waarvan \d+ te laat\)$/);
  await closeMenu(page);
  await page.goto('/admin/malfunctions');
  await expect(heading(page, 'Storingen')).toBeVisible();
  const first = page.getByRole('list', { name: 'Storingen' }).getByRole('listitem').first();
  await expect(first).toContainText(description.slice(0, 30));
  await expect(first).toContainText(MALFUNCTION_TEXT.urgent);
  await expect(first).toContainText(deadline);
  await checkScreen(page, 'desk-intake-office-list');

  // "Alleen te laat": only late ones, each marked.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  // A controlled switch: it shows on once the URL says so (check() would look at once).
  const onlyLate = page.getByRole('switch', { name: 'Alleen te laat' });
  await onlyLate.click();
  await expect(page).toHaveURL(/late=1/);
  await expect(onlyLate).toBeChecked();
  const lateCards = page.getByRole('list', { name: 'Storingen' }).getByRole('listitem');
  await expect(lateCards.first()).toContainText(MALFUNCTION_TEXT.late);
  for (const card of await lateCards.all()) await expect(card).toContainText(MALFUNCTION_TEXT.late);
  await expect(page.getByRole('list', { name: 'Storingen' })).not.toContainText(description.slice(0, 30));

  // The detail: urgency, the number as a tel: link, the deadline.
  await page.goto('/admin/malfunctions');
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/malfunctions\/\d+$/);
  await expect(page.getByText(URGENCY_LABELS.urgent)).toBeVisible();
  const call = page.getByRole('link', { name: '+31 6 87654321' });
  await expect(call).toHaveAttribute('href', 'tel:+31687654321');
  await expect(page.getByText(dutchDateTime(reported.respond_by))).toBeVisible();
  await checkScreen(page, 'desk-intake-office-detail');
});

test('the profile phone number: typed, saved, read back after a reload, a wrong one refused, saved again', async ({
  page,
}) => {
  await loginAsCustomer(page, ACCOUNTS.otherCustomer);
  await page.goto('/profile');
  await expect(heading(page, 'Profiel')).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Telefoonnummer' });
  const save = page.getByRole('button', { name: 'Opslaan' });
  // "E-mails over mijn storingen": on unless turned off.
  await expect(page.getByRole('switch', { name: 'E-mails over mijn storingen' })).toBeChecked();

  await phone.fill('010-1234567');
  await save.click();
  await expectNotification(page, PROFILE_CHANGED);
  await page.reload();
  await expect(phone).toHaveValue('+31 10 123 4567');

  await phone.fill('12');
  await save.click();
  await expect(page.getByText(INVALID_PHONE)).toBeVisible();
  await checkScreen(page, 'desk-intake-profile');

  await phone.fill('+32 470 12 34 56');
  await save.click();
  await expectNotification(page, PROFILE_CHANGED);
  await page.reload();
  await expect(phone).toHaveValue('+32 470 12 34 56');
});
