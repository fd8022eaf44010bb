import { expect, test } from '@playwright/test';
import { ACCOUNTS, loginAs, submitLogin, unique } from '../support/login';
import { ApiSession, createQuestionnaire, planReport, progress, question, type PlannedReport } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

let report: PlannedReport;

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E sessie ${id}`, 'maintenance', [
    { name: `Aandrijving ${id}`, questions: 2 },
  ]);
  report = await planReport(admin, mechanic, questionnaire, `Pers ${id}`);
  await admin.dispose();
  await mechanic.dispose();
});

test('an answer given after the session expired is kept through the login and sent afterwards', async ({
  page,
  context,
}) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${report.reportId}`);
  // The first answer is on the server before the session ends (its response, not a moment of
  // "Alles opgeslagen" before the tap's change reached the outbox).
  const firstSaved = page.waitForResponse((r) => r.url().includes('/answers/') && r.ok());
  await question(page, 1).getByRole('button', { name: 'Goed', exact: true }).click();
  await firstSaved;
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();

  // The session ends just as the next answer is sent: that answer meets the 401 (not a request the
  // screen makes on its own a moment earlier, which would send it to the login before the tap),
  // the cookie is gone for what follows, and the app asks for a login.
  let expired = false;
  await page.route('**/api/reports/*/answers/*', async (route) => {
    if (expired) return route.continue();
    expired = true;
    await context.clearCookies();
    return route.fulfill({ status: 401, json: { message: 'Je bent niet ingelogd.', errors: {} } });
  });
  await question(page, 2).getByRole('button', { name: 'Slecht', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/login\\?redirect=${encodeURIComponent(`/mechanic/report/${report.reportId}`)}`),
  );
  await submitLogin(page, ACCOUNTS.mechanic);

  // Back on the report: the answer is still there and is sent now.
  await expect(page).toHaveURL(`/mechanic/report/${report.reportId}`);
  await expect(question(page, 2).getByRole('button', { name: 'Slecht', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(progress(page)).toHaveText('2 / 2 beantwoord');
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();
  const saved = (await (await page.request.get(`/api/reports/${report.reportId}`)).json()) as {
    data: { categories: { questions: { answer: { option: number | null } | null }[] }[] };
  };
  expect(saved.data.categories[0]!.questions.map((q) => q.answer?.option)).toEqual([1, 3]);
});
