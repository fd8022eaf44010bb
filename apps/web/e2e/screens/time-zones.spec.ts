import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { mailContaining } from '../support/outbox';
import { MALFUNCTION_TEXT, PortalSession, loginAsCustomer, machineWithReport } from '../portal/helpers';
import { ApiSession } from '../reports/helpers';

/**
 * Every date and time the product shows is Dutch time (Europe/Amsterdam), whatever the device's
 * zone: the same screens with the browser in UTC and in New York (the project's default is
 * Amsterdam, where the device's zone and Dutch time cannot be told apart). What is expected is
 * computed here with Intl's Europe/Amsterdam, or read from the mail the server sent.
 */

const dutchFormat = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "03-12-2026 16:00": a moment in Dutch time as the screens show it. */
const dutchDateTime = (at: string | Date) => dutchFormat.format(new Date(at)).replace(',', '');
/** "2026-12-03": the Dutch day of a moment, as a date input holds it. */
const dutchDay = (at: Date) => dutchDateTime(at).slice(0, 10).split('-').reverse().join('-');
/** "2026-03-29" as 29-03-2026. */
const shownDay = (day: string) => day.split('-').reverse().join('-');

/** The value beside `label` in a screen's list of facts (dt/dd). */
const fact = (page: Page, label: string) =>
  page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

for (const zone of ['UTC', 'America/New_York']) {
  test.describe(`with the browser in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test('the browser really is in that zone', async ({ page }) => {
      await page.goto('/login');
      const offset = await page.evaluate(() => new Date(2026, 0, 1).getTimezoneOffset());
      expect(offset).toBe(zone === 'UTC' ? 0 : 300);
    });

    test('a malfunction\'s "Reactie vóór" is the time in the mail the office got, for the office and the customer', async ({
      page,
      baseURL,
    }) => {
      const customer = await PortalSession.login(baseURL!);
      const machine = await machineWithReport(customer);
      const description = unique(`Tijdzone ${zone} `);
      const reported = await customer.reportMalfunction(machine.id, description);
      await customer.dispose();

      const mail = await mailContaining(ACCOUNTS.admin, description);
      // "Reactie vóór: 03-12-2026 16:00" (the reader leaves the ó's bytes as they are).
      const inMail = /Reactie v\S{1,4}r: (\d{2}-\d{2}-\d{4} \d{2}:\d{2})/.exec(mail)?.[1];
      expect(inMail, 'the deadline in the mail').toBeDefined();

      await loginAs(page, ACCOUNTS.admin);
      await page.goto(`/admin/malfunctions/${reported.id}`);
      // Soft: each screen's own answer is reported.
      await expect.soft(fact(page, MALFUNCTION_TEXT.respondBy)).toContainText(inMail!);

      await page.context().clearCookies();
      await loginAsCustomer(page);
      await page.goto(`/malfunctions/${reported.id}`);
      await expect(fact(page, MALFUNCTION_TEXT.respondBy)).toHaveText(inMail!);
    });

    test("a submitted report's planned day and submit time; the audit trail's time", async ({ page, baseURL }) => {
      const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
      const [done] = await admin.get<{ id: number; submitted_at: string }[]>('/api/completed-reports?itemsPerPage=1');
      const report = await admin.get<{ planned_date: string; submitted_at: string }>(`/api/reports/${done!.id}`);
      await admin.dispose();

      await loginAs(page, ACCOUNTS.admin);
      await page.goto(`/admin/completed-reports/${done!.id}`);
      // Soft: each of the three is reported on its own.
      await expect.soft(fact(page, 'Ingediend op')).toHaveText(dutchDateTime(report.submitted_at));
      await expect.soft(fact(page, 'Gepland op')).toHaveText(shownDay(report.planned_date));

      // The trail of one record (a malfunction made now): its moment in Dutch time.
      const made = await PortalSession.login(baseURL!);
      const machine = await machineWithReport(made);
      const malfunction = await made.reportMalfunction(machine.id, unique(`Geschiedenis ${zone} `));
      await made.dispose();
      await page.context().clearCookies();
      await loginAs(page, ACCOUNTS.superadmin);
      const events = (await (
        await page.request.get(`/api/audit?entity=malfunction&entity_id=${malfunction.id}`)
      ).json()) as { data: { at: string }[] };
      expect(events.data.length).toBeGreaterThan(0);
      await page.goto(`/admin/audit?entity=malfunction&entity_id=${malfunction.id}`);
      const table = page.getByRole('table', { name: 'Geschiedenis' });
      await expect(table).toHaveAttribute('aria-busy', 'false');
      await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
        dutchDateTime(events.data[0]!.at),
      );
    });

    test("the mechanic's home shows today's list on the Dutch day", async ({ page, baseURL }) => {
      const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
      const [first] = await mechanic.get<{ planned_date: string }[]>(
        '/api/tasklists?mine=1&sortKey=today_first&sortOrder=asc&itemsPerPage=1',
      );
      await mechanic.dispose();
      // The demo plans lists of today for the mechanic; the server's today is the Dutch day.
      expect(first!.planned_date).toBe(dutchDay(new Date()));

      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, ACCOUNTS.mechanic);
      const card = page.getByRole('list', { name: 'Takenlijsten' }).getByRole('listitem').first();
      await expect(card).toContainText(shownDay(first!.planned_date));
      await expect(card.getByText('Vandaag', { exact: true })).toBeVisible();
    });

    test('a new task list\'s "Geplande datum" starts on the Dutch today, also when the device\'s day is another', async ({
      page,
    }) => {
      await loginAs(page, ACCOUNTS.admin);
      // 23:30 UTC: in the Netherlands already the next day, in UTC and New York still this one.
      const now = new Date();
      const late = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 30));
      expect(dutchDay(late)).not.toBe(late.toISOString().slice(0, 10));
      await page.clock.setFixedTime(late);
      await page.goto('/tasklists/create');
      // The device's own day is still the UTC day.
      expect(await page.evaluate(() => new Date().getDate())).toBe(late.getUTCDate());
      await expect(page.getByLabel('Geplande datum')).toHaveValue(dutchDay(late));
    });
  });
}
