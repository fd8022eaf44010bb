import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { DESKTOP, MALFUNCTION_TEXT, PortalSession, URGENCY_LABELS, machineWithReport } from '../portal/helpers';
import { handling } from './helpers';

const WITHDRAWN_BY_CUSTOMER = 'De klant heeft deze storing ingetrokken.';

/**
 * The office has a malfunction open on screen while the customer withdraws it: the office's next
 * step says so ("De klant heeft deze storing ingetrokken.", a 409) and the screen shows it
 * withdrawn, without the steps and without "Spoed" (only while a malfunction is still open).
 */
test.use({ viewport: DESKTOP });

test('the office is told that the customer withdrew the malfunction a moment ago, and sees it withdrawn', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customer = await PortalSession.login(baseURL!);
  const description = unique('E2E storing: ingetrokken terwijl kantoor keek ');
  const reported = await customer.reportMalfunction((await machineWithReport(customer)).id, description, {
    urgency: 'urgent',
  });

  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/malfunctions/${reported.id}`);
  const section = handling(page);
  await expect(section.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByText(MALFUNCTION_TEXT.urgent, { exact: true })).toBeVisible();

  // Meanwhile the customer withdraws it.
  await customer.withdrawMalfunction(reported.id, 'Zelf opgelost');
  await customer.dispose();

  await section.getByRole('button', { name: 'In behandeling nemen' }).click();
  // An error notification is an alert.
  await expect(page.getByRole('alert').filter({ hasText: WITHDRAWN_BY_CUSTOMER })).toBeVisible();
  await expect(section.getByText('Ingetrokken', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'In behandeling nemen' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Opgelost' })).toHaveCount(0);
  // What the customer said stays; the marker goes.
  await expect(page.getByText(URGENCY_LABELS.urgent, { exact: true })).toBeVisible();
  await expect(page.getByText(MALFUNCTION_TEXT.urgent, { exact: true })).toHaveCount(0);
});
