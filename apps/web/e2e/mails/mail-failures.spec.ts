import { expect, test, type Route } from '@playwright/test';
import type { QueuedMail } from '@keurwijzer/shared/mails';
import { checkScreen } from '../support/looks';
import { ACCOUNTS, expectNotification, loginAs } from '../support/login';

/**
 * "Mislukte e-mails" (admin/mails): the e2e server writes its mail to the outbox, where nothing
 * fails, so the first test reads the real, empty list; the second answers the list and the retry
 * in the browser (page.route) to go through the screen with a failed mail. The queue itself, its
 * retries and the API are covered by the server's tests (lib/mail-queue.test.ts, modules/mails).
 */
const FAILED: QueuedMail = {
  id: 41,
  kind: 'invitation',
  to: 'weiger@example.com',
  subject: 'Uitnodiging voor Keurwijzer',
  status: 'failed',
  attempts: 6,
  last_error: "Can't send mail - all recipients were rejected: 550 Mailbox unavailable",
  created_at: '2026-11-20T09:15:00.000Z',
  updated_at: '2026-11-20T09:45:00.000Z',
  sent_at: null,
};

const page1 = (data: QueuedMail[]) => ({
  data,
  meta: { total: data.length, page: 1, itemsPerPage: 10, lastPage: 1 },
});

test('an admin opens Mislukte e-mails from the menu: none failed', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: /^Mislukte e-mails/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/mails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mislukte e-mails' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Mislukte e-mails' })).toContainText('Geen gegevens beschikbaar');
  await checkScreen(page, 'mail-failures-empty');
});

test('"Opnieuw versturen" asks first, then queues the mail again and the list follows', async ({ page }) => {
  let failed = [FAILED];
  const retried: string[] = [];
  await page.route('**/api/mails?*', (route: Route) => route.fulfill({ json: page1(failed) }));
  await page.route('**/api/mails/failed-count', (route: Route) =>
    route.fulfill({ json: { data: { count: failed.length } } }),
  );
  await page.route('**/api/mails/41/retry', (route: Route) => {
    retried.push(route.request().method());
    failed = [];
    return route.fulfill({
      json: { data: { ...FAILED, status: 'queued' }, message: 'De e-mail wordt opnieuw verstuurd' },
    });
  });
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/mails');
  const table = page.getByRole('table', { name: 'Mislukte e-mails' });
  const row = table.getByRole('row').filter({ hasText: 'weiger@example.com' });
  await expect(row).toContainText('Uitnodiging voor Keurwijzer');
  await expect(row).toContainText('550 Mailbox unavailable');
  await expect(row).toContainText('6');
  await expect(row).toContainText('20-11-2026');
  // The menu says how many failed.
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toContainText('1 mislukt');

  // Cancelled: nothing sent.
  await row.getByRole('button', { name: 'Opnieuw versturen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('weiger@example.com');
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  expect(retried).toEqual([]);

  await row.getByRole('button', { name: 'Opnieuw versturen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Opnieuw versturen' }).click();
  await expectNotification(page, 'De e-mail wordt opnieuw verstuurd');
  expect(retried).toEqual(['POST']);
  await expect(table).toContainText('Geen gegevens beschikbaar');
});
