import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { PHONE } from '../support/looks';
import { ApiSession, createQuestionnaire, fillReport, planReport, question, type PlannedReport } from './helpers';

/**
 * At 390 px: the previous report's answer under each question ("Vorige keuring
 * (dd-mm-jjjj): Goed"), "Alles goed" per category with its confirmation and "Ongedaan maken", and
 * a correction end to end: the office reopens a submitted report with a reason, the new version is
 * filled in and submitted, the old one says "Vervangen door versie 2", and both PDFs say so.
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE, hasTouch: true });

const REASON = 'Verkeerde waarde bij de tweede vraag';
let first: PlannedReport;
let second: number;
let category: string;

/** Today as the screens print it (dd-mm-jjjj, Dutch time). */
const today = () =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date())
    .replaceAll('/', '-');

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  category = `Veiligheid ${id}`;
  const questionnaire = await createQuestionnaire(admin, `E2E extras ${id}`, 'maintenance', [
    { name: category, questions: 3 },
    { name: `Algemeen ${id}`, questions: 1 },
  ]);
  first = await planReport(admin, mechanic, questionnaire, `Kantbank ${id}`);
  // The first report: question 2 "Slecht", the others "Goed"; submitted.
  await fillReport(mechanic, first.reportId, { option: (i) => (i === 2 ? 3 : 1), submit: true });
  // A second list with the same machine: its report is the one to fill in.
  const report = await mechanic.get<{ tasklist_id: number; location_id: number }>(`/api/reports/${first.reportId}`);
  const list = await mechanic.send<{ id: number }>('POST', '/api/tasklists', {
    customer_id: first.customerId,
    location_id: report.location_id,
    inspection_type: 'maintenance',
    planned_date: '2026-06-16',
    remarks: unique('E2E extras '),
  });
  const planned = await mechanic.send<{ machines: { machine_id: number; report_id: number }[] }>(
    'POST',
    `/api/tasklists/${list.id}/machines`,
    { machine_ids: [first.machineId] },
  );
  second = planned.machines.find((m) => m.machine_id === first.machineId)!.report_id;
  await admin.dispose();
  await mechanic.dispose();
});

test('the previous answers show under the questions; "Alles goed" answers the open ones and is undone', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${second}`);
  await expect(page.getByRole('heading', { level: 1, name: `Rapport ${first.machineName}` })).toBeVisible();

  // The hint: the previous report's answers, with its day.
  await expect(question(page, 1).getByTestId('previous-answer')).toHaveText(`Vorige keuring (${today()}): Goed`);
  await expect(question(page, 2).getByTestId('previous-answer')).toHaveText(
    `Vorige keuring (${today()}): Slecht (Afkeur)`,
  );

  // Question 2 answered by hand first: "Alles goed" leaves it alone.
  await question(page, 2).getByRole('button', { name: 'Matig' }).click();
  await expect(question(page, 2).getByRole('button', { name: 'Matig' })).toHaveAttribute('aria-pressed', 'true');

  const section = page.getByRole('region', { name: category });
  await section.getByRole('button', { name: 'Alles goed' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Alle 2 open vragen van ${category} beantwoorden met Goed?`);
  // Cancelled: nothing answered.
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(question(page, 1).getByRole('button', { name: 'Goed' })).toHaveAttribute('aria-pressed', 'false');

  await section.getByRole('button', { name: 'Alles goed' }).click();
  await dialog.getByRole('button', { name: 'Alles goed' }).click();
  for (const n of [1, 3]) {
    await expect(question(page, n).getByRole('button', { name: 'Goed' })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(question(page, 2).getByRole('button', { name: 'Matig' })).toHaveAttribute('aria-pressed', 'true');
  // Nothing left to answer in the category: the button is gone.
  await expect(section.getByRole('button', { name: 'Alles goed' })).toBeHidden();
  await expect(page.getByText('2 vragen beantwoord met Goed')).toBeVisible();
  // On the phone the snackbar fits the screen.
  const snack = page.getByRole('status').filter({ hasText: '2 vragen beantwoord met Goed' });
  const box = await snack.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

  // "Ongedaan maken": exactly those two answers are gone again, the hand-made one stays.
  await page.getByRole('button', { name: 'Ongedaan maken' }).click();
  for (const n of [1, 3]) {
    await expect(question(page, n).getByRole('button', { name: 'Goed' })).toHaveAttribute('aria-pressed', 'false');
  }
  await expect(question(page, 2).getByRole('button', { name: 'Matig' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();

  // The server holds the same: one answer in the category.
  await page.reload();
  await expect(question(page, 2).getByRole('button', { name: 'Matig' })).toHaveAttribute('aria-pressed', 'true');
  await expect(question(page, 1).getByRole('button', { name: 'Goed' })).toHaveAttribute('aria-pressed', 'false');
  await expect(question(page, 3).getByRole('button', { name: 'Goed' })).toHaveAttribute('aria-pressed', 'false');
});

test('the office corrects a submitted report; the new version replaces the old one, on screen and in the PDFs', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/reports/${first.reportId}`);
  await page.getByRole('button', { name: 'Corrigeren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapport corrigeren' });
  await expect(dialog).toBeVisible();
  // The reason is required.
  await dialog.getByRole('button', { name: 'Corrigeren' }).click();
  await expect(dialog.getByText('Verplicht', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reden van de correctie' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Corrigeren' }).click();

  // The new version's fill screen, with its answers copied.
  await expect(page).toHaveURL(/\/mechanic\/report\/\d+$/);
  const v2 = Number(/(\d+)$/.exec(page.url())![1]);
  expect(v2).not.toBe(first.reportId);
  await expect(page.getByTestId('report-replaces')).toContainText(
    `Versie 2, vervangt versie 1 van ${today()}. Reden: ${REASON}`,
  );
  await expect(question(page, 2).getByRole('button', { name: 'Slecht' })).toHaveAttribute('aria-pressed', 'true');
  await question(page, 2).getByRole('button', { name: 'Goed' }).click();
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();
  // Submitted through the API with the browser's session (the signature dialog has its own spec,
  // signature.spec.ts; drawing right after the dialog opened was lost once on a busy machine).
  const token = ((await (await page.request.get('/api/token')).json()) as { data: { token: string } }).data.token;
  const submit = await page.request.post(`/api/reports/${v2}/submit`, { headers: { 'X-CSRF-TOKEN': token } });
  expect(submit.status(), await submit.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('Rapport ingediend').first()).toBeVisible();

  // The old version: readable, marked, with a link to the new one.
  await page.goto(`/admin/reports/${first.reportId}`);
  const replaced = page.getByTestId('report-replaced-by');
  await expect(replaced).toContainText('Vervangen door versie 2');
  await expect(page.getByRole('button', { name: 'Corrigeren' })).toBeHidden();
  await replaced.getByRole('link', { name: 'Bekijk versie 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reports/${v2}$`));
  await expect(page.getByTestId('report-replaces')).toContainText('Versie 2, vervangt versie 1');

  // Both PDFs (pdftotext) say which version replaces which.
  const pdfText = async (id: number) => {
    const res = await page.request.get(`/api/reports/${id}/pdf`);
    expect(res.status()).toBe(200);
    return execFileSync('pdftotext', ['-', '-'], { input: await res.body(), encoding: 'utf8' }).replace(/\s+/g, ' ');
  };
  expect(await pdfText(first.reportId)).toContain(`Vervangen door versie 2 van ${today()}`);
  expect(await pdfText(v2)).toContain(`Versie 2, vervangt versie 1 van ${today()}. Reden: ${REASON}`);
});
