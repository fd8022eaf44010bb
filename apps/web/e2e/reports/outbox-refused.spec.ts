import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { checkScreen, eachLook, PHONE } from '../support/looks';
import { ApiSession, createQuestionnaire, planReport, progress, question, type PlannedReport } from './helpers';

/**
 * What waits and what was refused: the badge counts what the outbox holds; a tap on it lists per
 * report what waits and what the server refused, with its reason; a refused change is sent again
 * once fixed, or thrown away after a confirmation. Nothing is dropped without a word.
 */
test.use({ viewport: PHONE });

let report: PlannedReport;
let baseUrl: string;

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL!;
  const admin = await ApiSession.login(baseUrl, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseUrl, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E geweigerd ${id}`, 'maintenance', [
    { name: `Aandrijving ${id}`, questions: 3 },
  ]);
  report = await planReport(admin, mechanic, questionnaire, `Draaibank ${id}`);
  await admin.dispose();
  await mechanic.dispose();
});

const badge = (page: Page) => page.getByRole('banner').getByTestId('outbox-badge');
const REASON = 'Deze waarde kan geen meter laten zien';

type Read = { categories: { questions: { answer: { option: number | null } | null }[] }[] };

test('a refused answer is listed with its reason, sent again once allowed, or thrown away', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${report.reportId}`);
  await expect(progress(page)).toHaveText('0 / 3 beantwoord');

  // The server refuses the answers of questions 1 and 2 (as it refuses an impossible measurement).
  let refusing = true;
  await page.route(/\/api\/reports\/\d+\/answers\/\d+$/, async (route) => {
    const body = route.request().postData() ?? '';
    if (!refusing || !/name="_method"/.test(body)) return route.continue();
    return route.fulfill({ status: 422, json: { message: 'Controleer de invoer', errors: { value: [REASON] } } });
  });
  await question(page, 1).getByRole('button', { name: 'Goed', exact: true }).click();
  await question(page, 2).getByRole('button', { name: 'Slecht', exact: true }).click();

  // Said on the report screen and counted on the badge; the answers show the server's state again.
  const refused = page.getByRole('alert').filter({ hasText: '2 wijzigingen zijn niet opgeslagen' });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(REASON);
  await expect(refused).toContainText('Antwoord op vraag 1');
  await expect(badge(page)).toHaveAccessibleName('2 wijzigingen geweigerd');
  await expect(progress(page)).toHaveText('0 / 3 beantwoord');

  // The badge's list: per report what was refused and why.
  await badge(page).click();
  const list = page.getByRole('dialog', { name: '2 wijzigingen geweigerd' });
  await expect(list.getByRole('link', { name: `Rapport ${report.machineName}` })).toBeVisible();
  await expect(list).toContainText(REASON);
  await eachLook(page, async (look) => checkScreen(page, `outbox-refused-list-${look}`));
  await page.keyboard.press('Escape');

  // Allowed again: "Opnieuw versturen" sends the first one; it arrives and shows as answered.
  refusing = false;
  await refused
    .getByRole('listitem')
    .filter({ hasText: 'vraag 1' })
    .getByRole('button', { name: 'Opnieuw versturen' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: '1 wijziging is niet opgeslagen' })).toBeVisible();
  await expect(progress(page)).toHaveText('1 / 3 beantwoord');

  // The second is thrown away after a confirmation: gone, never sent.
  await page
    .getByRole('alert')
    .getByRole('listitem')
    .filter({ hasText: 'vraag 2' })
    .getByRole('button', { name: 'Weggooien' })
    .click();
  await page.getByRole('dialog', { name: 'Wijziging weggooien' }).getByRole('button', { name: 'Weggooien' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'niet opgeslagen' })).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);

  const mechanic = await ApiSession.login(baseUrl, ACCOUNTS.mechanic);
  const read = await mechanic.get<Read>(`/api/reports/${report.reportId}`);
  expect(read.categories[0]!.questions.map((q) => q.answer?.option ?? null)).toEqual([1, null, null]);
  await mechanic.dispose();
});
