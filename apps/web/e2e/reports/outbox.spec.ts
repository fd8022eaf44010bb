import { expect, test, type Page, type Response } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import {
  ApiSession,
  createQuestionnaire,
  planReport,
  progress,
  question,
  signAndFinish,
  type PlannedReport,
} from './helpers';

/**
 * The outbox: changes made without a connection wait on the device (IndexedDB), the
 * app bar counts them on every screen, a reload keeps them, and back online each arrives once,
 * in order, a submit after its answers.
 */
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

let answers: PlannedReport;
let submitted: PlannedReport;
let baseUrl: string;

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL!;
  const admin = await ApiSession.login(baseUrl, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseUrl, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E outbox ${id}`, 'maintenance', [
    { name: `Veiligheid ${id}`, questions: 4 },
  ]);
  answers = await planReport(admin, mechanic, questionnaire, `Kolomboor ${id}`);
  submitted = await planReport(admin, mechanic, questionnaire, `Lintzaag ${id}`);
  await admin.dispose();
  await mechanic.dispose();
});

const badge = (page: Page) => page.getByRole('banner').getByTestId('outbox-badge');

type Answered = {
  status: string;
  categories: { questions: { id: number; answer: { option: number | null } | null }[] }[];
};
async function readBack(reportId: number) {
  const mechanic = await ApiSession.login(baseUrl, ACCOUNTS.mechanic);
  const report = await mechanic.get<Answered>(`/api/reports/${reportId}`);
  await mechanic.dispose();
  return report;
}

/** The changes of a report the server accepted, in the order they arrived ("answers/12", "submit"). */
function acceptedChanges(page: Page, reportId: number) {
  const seen: string[] = [];
  const pattern = new RegExp(`/api/reports/${reportId}/(answers/\\d+|signatures/\\w+|submit)$`);
  page.on('response', (response: Response) => {
    const match = pattern.exec(response.url());
    if (match && response.request().method() === 'POST' && response.ok()) seen.push(match[1]!);
  });
  return seen;
}

/**
 * Online first: the service worker takes the page (its precache holds the app) and a reload
 * through it keeps the session and the report for offline use.
 */
async function openOnline(page: Page, report: PlannedReport) {
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${report.reportId}`);
  await expect(progress(page)).toHaveText('0 / 4 beantwoord', { timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  await page.reload();
  // A busy machine: the first load through the service worker may take a while.
  await expect(progress(page)).toHaveText('0 / 4 beantwoord', { timeout: 30_000 });
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();
}

const tap = (page: Page, number: number, option: string) =>
  question(page, number).getByRole('button', { name: option, exact: true }).click();

test('answers given offline wait in the outbox, survive a reload offline, and arrive once when back online', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const arrived = acceptedChanges(page, answers.reportId);
  await openOnline(page, answers);
  await expect(badge(page)).toHaveCount(0);

  await context.setOffline(true);
  await tap(page, 1, 'Goed');
  await tap(page, 2, 'Matig');
  // A newer answer of the same question replaces the waiting one: one change.
  await tap(page, 2, 'Slecht');
  await tap(page, 3, 'Goed');
  await expect(progress(page)).toHaveText('3 / 4 beantwoord');
  await expect(badge(page)).toHaveAccessibleName('3 wijzigingen nog niet verzonden');

  // Reachable by keyboard; it says why they wait.
  await badge(page).focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: '3 wijzigingen nog niet verzonden' });
  await expect(popover).toContainText('Geen verbinding');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  // A reload without a connection: the app comes from the service worker, the answers from the outbox.
  await page.reload();
  await expect(progress(page)).toHaveText('3 / 4 beantwoord', { timeout: 30_000 });
  await expect(question(page, 2).getByRole('button', { name: 'Slecht', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(badge(page)).toHaveAccessibleName('3 wijzigingen nog niet verzonden');
  expect(arrived).toEqual([]);

  // Another screen: the badge is in every app bar, and the outbox is sent from there.
  await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link').first().click();
  await expect(page).not.toHaveURL(/\/mechanic\/report\//);
  await expect(badge(page)).toHaveAccessibleName('3 wijzigingen nog niet verzonden');
  await context.setOffline(false);
  await expect(badge(page)).toHaveCount(0);

  const ids = (await readBack(answers.reportId)).categories[0]!.questions;
  expect(ids.map((q) => q.answer?.option ?? null)).toEqual([1, 3, 1, null]);
  // Each exactly once, in the order given.
  expect(arrived).toEqual(ids.slice(0, 3).map((q) => `answers/${q.id}`));
});

test('a report submitted offline is read-only on the device and arrives after its answers', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const arrived = acceptedChanges(page, submitted.reportId);
  await openOnline(page, submitted);

  await context.setOffline(true);
  for (const n of [1, 2, 3, 4]) await tap(page, n, 'Goed');
  await expect(progress(page)).toHaveText('4 / 4 beantwoord');
  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  await signAndFinish(page);
  const queued = page.getByText('Rapport afgerond op dit apparaat. Het wordt verzonden zodra er verbinding is.');
  await expect(queued.first()).toBeVisible();
  // Read-only: no answer can be changed while the submit waits.
  await expect(question(page, 1).getByRole('button', { name: 'Slecht', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Rapport afronden' })).toBeDisabled();
  // 4 answers, the mechanic's signature and the submit.
  await expect(badge(page)).toHaveAccessibleName('6 wijzigingen nog niet verzonden');

  // Still waiting after a reload.
  await page.reload();
  await expect(queued.first()).toBeVisible({ timeout: 30_000 });
  expect(arrived).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText(/Rapport ingediend door .+ op \d\d-\d\d-\d{4} \d\d:\d\d/)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  const report = await readBack(submitted.reportId);
  expect(report.status).toBe('submitted');
  const ids = report.categories[0]!.questions.map((q) => q.id);
  expect(report.categories[0]!.questions.map((q) => q.answer?.option)).toEqual([1, 1, 1, 1]);
  expect(arrived).toEqual([...ids.map((id) => `answers/${id}`), 'signatures/mechanic', 'submit']);
});
