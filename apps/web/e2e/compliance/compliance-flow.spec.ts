import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { ApiSession, DEMO_CUSTOMER, DEMO_LOCATION, signAndFinish } from '../reports/helpers';

/**
 * Planning and compliance end to end, at 390 px: a machine that is up to date gets a NEN 3140 keuring in which
 * the mechanic types one measurement out of its limit (with a decimal comma); the report screen
 * says Afgekeurd before "Rapport afronden"; the office finds the follow-up under Acties; the
 * customer sees the machine as Afgekeurd and its location's share of machines in order drops; a
 * passing re-inspection, planned from the follow-up, brings the machine back to In orde and the
 * share back up.
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

type Named = { id: number; name: string };
type Question = {
  id: number;
  name: string;
  kind: 'choice' | 'measurement';
  answer_judgements: string[];
  min_value: string | null;
  max_value: string | null;
};
type Report = { categories: { id: number; name: string; questions: Question[] }[] };

const NEN = 'NEN 3140 Arbeidsmiddelen';
const PE = 'Beschermingsleidingweerstand';
const SKIP = 'Metingen klasse II';

let machine: { id: number; name: string; customerId: number; locationId: number };

/** Answers every question of the NEN report as a passing one, except `leave` (left open). */
async function fillPassing(mechanic: ApiSession, reportId: number, leave?: string) {
  const report = await mechanic.get<Report>(`/api/reports/${reportId}`);
  for (const c of report.categories) {
    if (c.name === SKIP) {
      await mechanic.send('PUT', `/api/reports/${reportId}/categories/${c.id}`, { skipped: '1' });
      continue;
    }
    for (const q of c.questions) {
      if (q.name === leave) continue;
      const body =
        q.kind === 'measurement'
          ? { value: q.max_value !== null ? '0' : String(Number(q.min_value) + 1).replace('.', ',') }
          : { option: q.answer_judgements.indexOf('good') + 1 };
      await mechanic.send('PUT', `/api/reports/${reportId}/answers/${q.id}`, {
        ...body,
        answered_at: new Date().toISOString(),
      });
    }
  }
}

/** A NEN 3140 keuring of the machine on a new list of the mechanic for today: its report id. */
async function planNen(mechanic: ApiSession): Promise<number> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const list = await mechanic.send<Named>('POST', '/api/tasklists', {
    customer_id: machine.customerId,
    location_id: machine.locationId,
    inspection_type: 'inspection',
    planned_date: today,
    remarks: unique('E2E NEN 3140 '),
  });
  const detail = await mechanic.send<{ machines: { machine_id: number; report_id: number }[] }>(
    'POST',
    `/api/tasklists/${list.id}/machines`,
    { machine_ids: [machine.id] },
  );
  return detail.machines.find((m) => m.machine_id === machine.id)!.report_id;
}

/** "x van y machines in orde" of the demo location on the customer's summary, as numbers. */
async function shareOfLocation(page: Page): Promise<{ inOrder: number; of: number }> {
  await page.goto('/machines');
  const summary = page.getByRole('region', { name: 'Keuringsstatus' });
  const location = summary.getByRole('listitem').filter({ hasText: DEMO_LOCATION }).first();
  const text = location.getByText(/\d+ van \d+ machines in orde/);
  await expect(text).toBeVisible();
  const [, inOrder, of] = /(\d+) van (\d+)/.exec((await text.textContent()) ?? '')!;
  return { inOrder: Number(inOrder), of: Number(of) };
}

/** The machine's state on the customer's machine screen (Keuringsstatus, keuring). */
const ownState = (page: Page) =>
  page.getByRole('region', { name: 'Keuringsstatus' }).locator('[data-due-state]').first();

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const customers = await admin.get<Named[]>(`/api/customers?search=${encodeURIComponent(DEMO_CUSTOMER)}`);
  const customer = customers.find((c) => c.name === DEMO_CUSTOMER)!;
  const locations = await admin.get<Named[]>(`/api/customers/${customer.id}/locations?itemsPerPage=100`);
  const location = locations.find((l) => l.name === DEMO_LOCATION)!;
  const questionnaires = await admin.get<Named[]>(`/api/questionnaires?search=${encodeURIComponent(NEN)}`);
  const nen = questionnaires.find((q) => q.name === NEN)!;
  const name = unique('Boorhamer ');
  const made = await admin.send<Named>('POST', `/api/customers/${customer.id}/machines`, {
    name,
    inventory_number: unique('NEN-'),
    location_id: location.id,
    status: 'active',
    questionnaire_inspection: nen.id,
  });
  machine = { id: made.id, name, customerId: customer.id, locationId: location.id };
  await admin.send('PUT', `/api/customers/${customer.id}/machines/${made.id}/intervals`, {
    inspection: '12',
    maintenance: '',
    safety: '',
  });
  // A first, passing keuring: the machine is up to date before the test.
  const first = await planNen(mechanic);
  await fillPassing(mechanic, first);
  await mechanic.send('POST', `/api/reports/${first}/submit`);
  await admin.dispose();
  await mechanic.dispose();
});

test('a measurement out of its limit: Afgekeurd before submit, a follow-up, the customer sees it, a re-inspection clears it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The customer before: the machine In orde, counted in its location's share.
  await loginAs(page, ACCOUNTS.customer);
  const before = await shareOfLocation(page);
  await page.goto(`/machines/${machine.id}`);
  await expect(ownState(page)).toHaveAttribute('data-due-state', 'up_to_date');
  await page.context().clearCookies();

  // The mechanic's keuring: everything passes but the protective conductor, typed on the screen.
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const reportId = await planNen(mechanic);
  await fillPassing(mechanic, reportId, PE);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${reportId}`);
  const pe = page.getByRole('group', { name: new RegExp(`^\\d+\\. ${PE}$`) });
  const value = pe.getByRole('textbox', { name: 'Waarde' });
  // Scrolled to, as the mechanic does: a card further down gets its fields when it comes near the
  // screen (or once the page is used), not with the first paint (lib/mount-in-turn.ts).
  await pe.scrollIntoViewIfNeeded();
  await expect(value).toHaveAttribute('inputmode', 'decimal');
  await value.fill('0,45');
  await expect(pe.getByRole('status')).toHaveText('Buiten de grenswaarde (max. 0,30 Ohm)');
  // The verdict before "Rapport afronden".
  const verdict = page.getByRole('region', { name: 'Oordeel' }).last();
  await expect(verdict.getByText('Afgekeurd', { exact: true })).toBeVisible();
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();
  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  await signAndFinish(page);
  await expectNotification(page, 'Rapport ingediend');
  await page.context().clearCookies();

  // The office: the follow-up under Acties, with what was found.
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/actions');
  await expect(page.getByRole('heading', { level: 1, name: 'Acties', exact: true })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: machine.name });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('finding')).toContainText('0,45 Ohm');
  await expect(card).toContainText(PE);
  // ... and plans the re-inspection from it.
  await card.getByRole('button', { name: 'Herkeuring inplannen' }).click();
  const plan = page.getByRole('dialog', { name: 'Herkeuring inplannen' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  await plan.getByLabel('Datum').fill(today);
  await plan.getByRole('button', { name: 'Inplannen' }).click();
  await expect(card.getByRole('link', { name: /^Herkeuring ingepland op / })).toBeVisible();
  await page.context().clearCookies();

  // The customer: the machine Afgekeurd, the location's share one lower.
  await loginAs(page, ACCOUNTS.customer);
  const rejected = await shareOfLocation(page);
  expect(rejected).toEqual({ inOrder: before.inOrder - 1, of: before.of });
  await page.goto(`/machines/${machine.id}`);
  await expect(ownState(page)).toHaveAttribute('data-due-state', 'rejected');
  await expect(ownState(page)).toHaveText('Afgekeurd');
  await page.context().clearCookies();

  // The re-inspection passes (on the list the office planned): back to In orde.
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const followups = await admin.get<{ machine: { id: number }; tasklist_id: number | null }[]>(
    `/api/followups?machine_id=${machine.id}`,
  );
  const listId = followups.find((f) => f.tasklist_id !== null)!.tasklist_id!;
  const list = await mechanic.get<{ machines: { machine_id: number; report_id: number }[] }>(
    `/api/tasklists/${listId}`,
  );
  const again = list.machines.find((m) => m.machine_id === machine.id)!.report_id;
  await fillPassing(mechanic, again);
  await mechanic.send('POST', `/api/reports/${again}/submit`);
  await admin.dispose();
  await mechanic.dispose();

  await loginAs(page, ACCOUNTS.customer);
  expect(await shareOfLocation(page)).toEqual(before);
  await page.goto(`/machines/${machine.id}`);
  await expect(ownState(page)).toHaveAttribute('data-due-state', 'up_to_date');
});
