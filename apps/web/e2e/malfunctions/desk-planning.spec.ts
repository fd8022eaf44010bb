import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expectNotification, loginAs, unique } from '../support/login';
import { PHONE, checkScreen } from '../support/looks';
import {
  ApiSession,
  createQuestionnaire,
  planReport,
  question,
  signAndFinish,
  signatureDialog,
} from '../reports/helpers';
import { mailsTo } from '../support/outbox';
import { handling, timeline } from './helpers';

/**
 * At 390 px: the office assigns a customer's malfunction to the demo
 * mechanic and plans it on a new task list ("Inplannen"); the mechanic finds it under "Mijn
 * storingen", opens the planned report, fills it in and submits it with "Storing op Opgelost
 * zetten" checked; the office then sees Opgelost, and the customer who reported it got a mail at
 * each step and reads them on its timeline with the report.
 */

test.use({ viewport: PHONE, hasTouch: true });

/** The texts of MALFUNCTION_TEXT (packages/shared/src/malfunctions.ts), word for word. */
const TEXT = {
  updated: 'Storing is gewijzigd',
  planned: 'Machine is ingepland',
  resolveWithReport: 'Storing op Opgelost zetten',
  submitted: 'Rapport ingediend',
};
const MECHANIC_NAME = 'Jeroen Visser';

async function logout(page: Page) {
  await page.getByRole('button', { name: /^Account van / }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** The customer (klant@example.com) reports a malfunction on `machineId` as the portal does. */
async function reportAsCustomer(baseURL: string, machineId: number, description: string): Promise<number> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const token = async () => ((await (await ctx.get('/api/token')).json()) as { data: { token: string } }).data.token;
    const login = await ctx.post('/api/login', {
      data: { email: ACCOUNTS.customer, password: DEMO_PASSWORD },
      headers: { 'X-CSRF-TOKEN': await token() },
    });
    expect(login.status()).toBe(200);
    const res = await ctx.post(`/api/machines/${machineId}/malfunctions`, {
      multipart: { description, remark: '', urgency: 'urgent', contact_phone: '06 12345678' },
      headers: { 'X-CSRF-TOKEN': await token() },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data.id;
  } finally {
    await ctx.dispose();
  }
}

test('office assigns and plans a malfunction; the mechanic’s report on it sets it to Opgelost', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A machine of the demo customer with a maintenance questionnaire of two questions.
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanicApi = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E storing ${id}`, 'maintenance', [
    { name: `Storingsdeel ${id}`, questions: 2 },
  ]);
  // planReport makes the machine (and a list of its own we do not use: the malfunction gets a new one).
  const machine = await planReport(admin, mechanicApi, questionnaire, `Lintzaag ${id}`);
  await admin.dispose();
  await mechanicApi.dispose();
  const description = unique('E2E storing: de lintzaag loopt van de wielen ');
  const malfunctionId = await reportAsCustomer(baseURL!, machine.machineId, description);

  // The office: "Toegewezen aan" the demo mechanic, saved with the handling.
  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/malfunctions/${malfunctionId}`);
  await expect(page.getByText(description)).toBeVisible();
  const section = handling(page);
  await section.getByRole('combobox', { name: 'Toegewezen aan' }).click();
  await page.getByRole('option', { name: MECHANIC_NAME }).click();
  await section.getByRole('button', { name: 'Opslaan' }).click();
  await expectNotification(page, TEXT.updated);
  await expect(timeline(page).last()).toContainText(`Toegewezen aan ${MECHANIC_NAME}`);

  // "Inplannen" on a new list (the default choice), onderhoud, today.
  const planning = page.getByRole('region', { name: 'Planning' });
  await planning.getByRole('button', { name: 'Inplannen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inplannen' });
  await expect(dialog.getByRole('combobox', { name: 'Takenlijst' })).toHaveText('Nieuwe takenlijst');
  await expect(dialog.getByRole('combobox', { name: 'Soort' })).toHaveText('Onderhoud');
  await checkScreen(page, 'desk-plan-dialog');
  await dialog.getByRole('button', { name: 'Inplannen' }).click();
  await expectNotification(page, TEXT.planned);
  await expect(dialog).toBeHidden();
  await expect(planning.getByTestId('malfunction-planned')).toContainText('Ingepland op');
  await expect(section.getByText('In behandeling', { exact: true })).toBeVisible();
  await checkScreen(page, 'desk-office-planned');
  await logout(page);

  // The mechanic: "Mijn storingen" in the menu, the malfunction, its report.
  await loginAs(page, ACCOUNTS.mechanic);
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  const item = menu.getByRole('link', { name: 'Mijn storingen' });
  await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();
  if (!(await item.isVisible())) await page.getByRole('button', { name: 'Menu openen' }).click();
  await item.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn storingen' })).toBeVisible();
  await expect(page.getByRole('link').filter({ hasText: description })).toHaveCount(1);
  await checkScreen(page, 'desk-mechanic-list');
  await page.getByRole('link').filter({ hasText: description }).first().click();
  await expect(page).toHaveURL(new RegExp(`/mechanic/malfunctions/${malfunctionId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Storing Lintzaag ${id}` })).toBeVisible();
  await expect(page.getByText('Eindhoven', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /12345678/ })).toHaveAttribute('href', /^tel:/);
  await checkScreen(page, 'desk-mechanic-detail');
  await page.getByRole('link', { name: 'Rapport invullen' }).click();
  await expect(page).toHaveURL(/\/mechanic\/report\/\d+$/);

  for (const n of [1, 2]) {
    const button = question(page, n).getByRole('button', { name: 'Goed', exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  const resolve = signatureDialog(page).getByRole('checkbox', { name: `${TEXT.resolveWithReport}: ${description}` });
  await expect(resolve).toBeChecked();
  await signAndFinish(page);
  await expectNotification(page, TEXT.submitted);
  await logout(page);

  // The office sees Opgelost, by the mechanic.
  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/malfunctions/${malfunctionId}`);
  await expect(handling(page).getByText('Opgelost', { exact: true })).toBeVisible();
  await expect(timeline(page).last()).toContainText('Status van In behandeling naar Opgelost');
  await expect(timeline(page).last()).toContainText(MECHANIC_NAME);
  await logout(page);

  // The customer saw each step by mail (In behandeling at the planning, then Opgelost) and reads
  // them on the malfunction's timeline, with the mechanic's report to open.
  const mailWith = (text: string) =>
    expect
      .poll(() => mailsTo(ACCOUNTS.customer).some((m) => m.includes(description) && m.includes(text)), {
        timeout: 15_000,
      })
      .toBe(true);
  await mailWith('heeft nu de status In behandeling.');
  await mailWith('is opgelost.');
  await loginAs(page, ACCOUNTS.customer);
  await page.goto(`/malfunctions/${malfunctionId}`);
  const steps = page.getByRole('list', { name: 'Tijdlijn' }).getByRole('listitem');
  await expect(steps.filter({ hasText: 'Ingepland' })).toHaveCount(1);
  await expect(steps.filter({ hasText: 'Status: In behandeling' })).toHaveCount(1);
  await expect(steps.last()).toContainText('Status: Opgelost');
  await expect(page.getByRole('link', { name: /^Rapport van .* bekijken$/ })).toBeVisible();
});
