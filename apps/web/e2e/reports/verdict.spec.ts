import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { checkScreen, eachLook } from '../support/looks';
import { ApiSession, planReport, progress, question, signAndFinish, type PlannedReport } from './helpers';

/**
 * Judgements and measurements on the report screen, at 390 px: measurements typed with a decimal
 * comma, judged at once against their limits, the chosen answer in its judgement's colour, the
 * verdict before "Rapport afronden" (Afgekeurd when a value is out of its limit), the override
 * with its required reason, and the stored verdict, reason and next due date after a reload, on
 * the mechanic's, the office's and the customer's report. Until the demo data has a NEN 3140
 * questionnaire (helper h8), this one is built through the API.
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The texts of COMPLIANCE_TEXT / REPORT_TEXT (packages/shared), word for word. */
const TEXT = {
  within: 'Binnen de grenswaarde',
  outside: 'Buiten de grenswaarde',
  invalid: 'Vul een getal in, bijvoorbeeld 0,30',
  negative: 'Een weerstand kan niet negatief zijn. Controleer de meetwaarde.',
  implausible:
    'Ongebruikelijk hoge waarde. Controleer de komma en de eenheid; klopt de waarde, dan kun je hem zo laten.',
  override: 'Oordeel wijzigen',
  reason: 'Reden van de wijziging',
  reasonRequired: 'Geef een reden waarom je het oordeel wijzigt',
  overriddenBy: 'Oordeel gewijzigd door de monteur',
};

type Named = { id: number; name: string };
const OFFLINE = 'Geen verbinding: antwoorden worden bewaard en verstuurd zodra er weer verbinding is';

let report: PlannedReport;
let fresh: PlannedReport;
const REASON = 'Aardedraad ter plaatse vastgezet en opnieuw gemeten';

/** A NEN 3140-like questionnaire: two measurements and one choice question in one category. */
async function nenQuestionnaire(admin: ApiSession, id: string) {
  const questionnaire = await admin.send<Named>('POST', '/api/questionnaires', {
    name: `E2E NEN 3140 ${id}`,
    inspection_type: 'maintenance',
    status: 'active',
  });
  const category = await admin.send<Named>('POST', '/api/categories', { name: `Elektrische veiligheid ${id}` });
  const qc = await admin.send<Named>('POST', `/api/questionnaires/${questionnaire.id}/categories`, {
    category_id: category.id,
  });
  for (const q of [
    { name: `Beschermingsleidingweerstand ${id}`, kind: 'measurement', unit: 'Ohm', max_value: '0,30' },
    { name: `Isolatieweerstand ${id}`, kind: 'measurement', unit: 'MOhm', min_value: '1,0' },
    { name: `Snoer en stekker ${id}`, kind: 'choice', answer_options: ['Goed', 'Matig', 'Slecht', 'n.v.t.'] },
  ]) {
    const made = await admin.send<Named>('POST', '/api/questions', q);
    await admin.send('POST', `/api/questionnaires/${questionnaire.id}/categories/${qc.id}/questions`, {
      question_id: made.id,
    });
  }
  return questionnaire.id;
}

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await nenQuestionnaire(admin, id);
  report = await planReport(admin, mechanic, questionnaire, `Haakse slijper ${id}`);
  fresh = await planReport(admin, mechanic, questionnaire, `Boormachine ${id}`);
  // A maintenance interval of 12 months: the submit stores "Volgende keuring vóór".
  for (const r of [report, fresh]) {
    await admin.send('PUT', `/api/customers/${r.customerId}/machines/${r.machineId}/intervals`, {
      inspection: '',
      maintenance: '12',
      safety: '',
    });
  }
  await admin.dispose();
  await mechanic.dispose();
});

const measurement = (page: Page, n: number) => question(page, n).getByRole('textbox', { name: 'Waarde' });
const verdictPanel = (page: Page) => page.getByRole('region', { name: 'Oordeel' }).last();

/** "dd-mm-jjjj" of today + 12 months in Dutch time (calendar months, clamped to the month's end). */
function inTwelveMonths(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.min(d, last))}-${pad(m)}-${y + 1}`;
}

test('a mechanic types measurements with a comma, sees Afgekeurd before submitting, overrides it with a reason', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${report.reportId}`);
  await expect(progress(page)).toHaveText('0 / 3 beantwoord');

  // The value field: the decimal keyboard, the unit beside it, the limits under it.
  const pe = measurement(page, 1);
  await expect(pe).toHaveAttribute('inputmode', 'decimal');
  await expect(question(page, 1).getByText('Ohm', { exact: true })).toBeVisible();
  await expect(question(page, 1).getByText('Grenswaarde: max. 0,30 Ohm')).toBeVisible();

  // Something that is no number says how to write it and is not saved.
  await pe.fill('0,3x');
  await expect(question(page, 1).getByText(TEXT.invalid)).toBeVisible();
  await expect(progress(page)).toHaveText('0 / 3 beantwoord');
  // A value no instrument shows is refused the same way; an implausible one is kept, with a warning.
  await pe.fill('-0,1');
  await expect(question(page, 1).getByText(TEXT.negative)).toBeVisible();
  await expect(progress(page)).toHaveText('0 / 3 beantwoord');
  await pe.fill('50000');
  const warning = question(page, 1).getByText(TEXT.implausible);
  await expect(warning).toBeVisible();
  await expect(progress(page)).toHaveText('1 / 3 beantwoord');
  // Exactly the maximum, typed with a comma: within (icon and words, not colour alone).
  await pe.fill('0,30');
  await expect(warning).toBeHidden();
  const status1 = question(page, 1).getByRole('status');
  await expect(status1).toHaveText(`${TEXT.within} (max. 0,30 Ohm)`);
  await expect(status1.locator('svg')).toHaveCount(1);
  await expect(progress(page)).toHaveText('1 / 3 beantwoord');
  // Past it: outside at once.
  await pe.fill('0,45');
  await expect(status1).toHaveText(`${TEXT.outside} (max. 0,30 Ohm)`);

  await expect(page.getByText('Alles opgeslagen')).toBeVisible();
  // Typed without a connection: judged at once, kept, and sent when the connection is back.
  await context.setOffline(true);
  await measurement(page, 2).fill('2,5');
  await expect(question(page, 2).getByRole('status')).toHaveText(`${TEXT.within} (min. 1,0 MOhm)`);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByText('1 wijziging wacht op verzending')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toBeHidden();
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();

  // The chosen answer in its judgement's colour: Goed green, not the theme's red.
  const good = question(page, 3).getByRole('button', { name: 'Goed', exact: true });
  await good.click();
  await expect(good).toHaveAttribute('aria-pressed', 'true');
  await expect(good).toHaveAttribute('data-judgement', 'good');
  const green = await good.evaluate((el) => getComputedStyle(el).backgroundColor);
  await question(page, 3).getByRole('button', { name: 'Slecht', exact: true }).click();
  const bad = question(page, 3).getByRole('button', { name: 'Slecht', exact: true });
  await expect(bad).toHaveAttribute('data-judgement', 'reject');
  const red = await bad.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(green).not.toBe(red);
  await good.click();
  await expect(progress(page)).toHaveText('3 / 3 beantwoord');

  // The verdict before "Rapport afronden": Afgekeurd, from the measurement out of its limit.
  const panel = verdictPanel(page);
  await expect(panel.getByText('Afgekeurd', { exact: true })).toBeVisible();
  // Nothing typed is lost: a reload shows the values as typed (the save queue kept or sent them).
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();
  await page.reload();
  await expect(measurement(page, 1)).toHaveValue('0,45');
  await expect(measurement(page, 2)).toHaveValue('2,5');
  await expect(verdictPanel(page).getByText('Afgekeurd', { exact: true })).toBeVisible();

  // Override without a reason: refused on the screen, the reason field says why.
  await verdictPanel(page).getByRole('button', { name: TEXT.override }).click();
  await verdictPanel(page).getByRole('radio', { name: 'Goedgekeurd met opmerkingen' }).check();
  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  const refused = page.getByRole('alert').filter({ hasText: TEXT.reasonRequired });
  await expect(refused).toBeVisible();
  // The reason field has the focus and says why.
  const reason = verdictPanel(page).getByRole('textbox', { name: TEXT.reason });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  // The notification would cover the buttons on a phone.
  await refused.getByRole('button', { name: 'Melding sluiten' }).click();

  await reason.fill(REASON);
  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Oordeel: Goedgekeurd met opmerkingen.');
  await signAndFinish(page);
  await expectNotification(page, 'Rapport ingediend');

  // The submitted report, after a reload: the stored verdict, the reason, the derived one, the
  // measurements with their limits, and the next due date.
  await page.reload();
  const verdict = page.getByTestId('report-verdict');
  await expect(verdict.getByText('Goedgekeurd met opmerkingen', { exact: true })).toBeVisible();
  await expect(verdict).toContainText(TEXT.overriddenBy);
  await expect(verdict.getByText('Afgekeurd', { exact: true })).toBeVisible();
  await expect(verdict).toContainText(REASON);
  await expect(verdict).toContainText(`Volgende keuring vóór ${inTwelveMonths()}`);
  await expect(page.getByText('0,45 Ohm')).toBeVisible();
  await expect(page.getByText('Grenswaarde: max. 0,30 Ohm')).toBeVisible();
  await expect(page.getByText('2,5 MOhm')).toBeVisible();
});

test('the office sees the stored verdict, reason and measurements', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/reports/${report.reportId}`);
  const verdict = page.getByTestId('report-verdict');
  await expect(verdict.getByText('Goedgekeurd met opmerkingen', { exact: true })).toBeVisible();
  await expect(verdict).toContainText(REASON);
  await expect(page.getByText('0,45 Ohm')).toBeVisible();
});

test("the customer's portal report shows the verdict, reason and next due date", async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer);
  await page.goto(`/machines/${report.machineId}/reports/${report.reportId}`);
  const verdict = page.getByTestId('report-verdict');
  await expect(verdict.getByText('Goedgekeurd met opmerkingen', { exact: true })).toBeVisible();
  await expect(verdict).toContainText(REASON);
  await expect(verdict).toContainText(`Volgende keuring vóór ${inTwelveMonths()}`);
  await expect(page.getByText('2,5 MOhm')).toBeVisible();
});

test('the report screen in four looks: phone and desktop, light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${fresh.reportId}`);
  await measurement(page, 1).fill('0,12');
  await measurement(page, 2).fill('0,8');
  await question(page, 3).getByRole('button', { name: 'Matig', exact: true }).click();
  await expect(verdictPanel(page).getByText('Afgekeurd', { exact: true })).toBeVisible();
  await expect(page.getByText('Alles opgeslagen')).toBeVisible();
  await eachLook(page, async (look) => {
    await page.goto(`/mechanic/report/${fresh.reportId}`);
    await expect(measurement(page, 2)).toHaveValue('0,8');
    await checkScreen(page, `verdict-fill-${look}`);
    await page.goto(`/mechanic/report/${report.reportId}`);
    await expect(page.getByTestId('report-verdict')).toBeVisible();
    await checkScreen(page, `verdict-submitted-${look}`);
  });
});
