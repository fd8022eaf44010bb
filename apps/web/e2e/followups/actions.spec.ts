import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import { DESKTOP, PHONE, checkScreen, eachLook } from '../support/looks';
import { ApiSession, createQuestionnaire, fillReport, planReport } from '../reports/helpers';

/**
 * "Acties": a report submitted with an Afkeur answer gives a follow-up for the
 * office (made through the API here); the office marks it done with a note, reloads and reads it
 * back under "Afgehandeld"; a second one gets a re-inspection planned. The screen in four looks.
 */
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Acties', exact: true });
const card = (page: Page, machine: string) => page.locator('li[data-followup]').filter({ hasText: machine });

async function rejectedReport(baseURL: string) {
  const admin = await ApiSession.login(baseURL, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL, ACCOUNTS.mechanic);
  const questionnaire = await createQuestionnaire(admin, unique('E2E acties '), 'maintenance', [
    { name: unique('Kabels '), questions: 2 },
  ]);
  const machine = unique('Actiemachine ');
  const planned = await planReport(admin, mechanic, questionnaire, machine);
  // Question 1 "Slecht" (Afkeur) with a memo, question 2 "Goed".
  await fillReport(mechanic, planned.reportId, {
    option: (i) => (i === 1 ? 3 : 1),
    memo: 'Kabel beschadigd',
    submit: true,
  });
  await admin.dispose();
  await mechanic.dispose();
  return { ...planned, machine };
}

test('a follow-up of a submitted report is marked done, read back after a reload; a re-inspection is planned', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const first = await rejectedReport(baseURL!);
  const second = await rejectedReport(baseURL!);
  await page.setViewportSize(PHONE);
  await loginAs(page, ACCOUNTS.admin, '/admin/actions');
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Open', selected: true })).toBeVisible();

  const row = card(page, first.machine);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('finding')).toHaveText('Slecht – Kabel beschadigd');
  await expect(row.locator('[data-judgement="reject"]')).toHaveText('Afkeur');
  await expect(row.getByRole('link', { name: /^Rapport onderhoud van \d{2}-\d{2}-\d{4}$/ })).toHaveAttribute(
    'href',
    `/admin/reports/${first.reportId}`,
  );
  await eachLook(page, (look) => checkScreen(page, `actions-open-${look}`));

  // Afgehandeld, with a note.
  await page.setViewportSize(PHONE);
  await row.getByRole('button', { name: 'Afgehandeld' }).click();
  const dialog = page.getByRole('dialog', { name: 'Actie afhandelen' });
  await dialog.getByRole('textbox', { name: 'Notitie (optioneel)' }).fill('Kabel vervangen');
  await dialog.getByRole('button', { name: 'Afgehandeld' }).click();
  await expectNotification(page, 'Actie is afgehandeld');
  await expect(card(page, first.machine)).toHaveCount(0);

  // Reload, read back under Afgehandeld: who, when, the note.
  await page.reload();
  await page.getByRole('tab', { name: 'Afgehandeld' }).click();
  await expect(page).toHaveURL(/status=done/);
  await page.reload();
  const done = card(page, first.machine);
  await expect(done.getByTestId('done-by')).toContainText('Kabel vervangen');
  await expect(done.getByTestId('done-by')).toContainText(/Afgehandeld door .+ op \d{2}-\d{2}-\d{4}/);
  await expect(done.getByRole('button', { name: 'Heropenen' })).toBeVisible();
  await eachLook(page, (look) => checkScreen(page, `actions-done-${look}`));

  // Opened again (confirmed), then closed again without a note.
  await page.setViewportSize(PHONE);
  await done.getByRole('button', { name: 'Heropenen' }).click();
  await page.getByRole('dialog', { name: 'Actie heropenen' }).getByRole('button', { name: 'Heropenen' }).click();
  await expectNotification(page, 'Actie is heropend');
  await expect(card(page, first.machine)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Open' }).click();
  await card(page, first.machine).getByRole('button', { name: 'Afgehandeld' }).click();
  await page.getByRole('dialog', { name: 'Actie afhandelen' }).getByRole('button', { name: 'Afgehandeld' }).click();
  await expectNotification(page, 'Actie is afgehandeld');
  await page.goto('/admin/actions?status=done');
  await expect(card(page, first.machine).getByTestId('done-by')).not.toContainText('Kabel vervangen');

  // The second one: a re-inspection on a new list of a date.
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/actions');
  const other = card(page, second.machine);
  await other.getByRole('button', { name: 'Herkeuring inplannen' }).click();
  const plan = page.getByRole('dialog', { name: 'Herkeuring inplannen' });
  await plan.getByLabel('Datum').fill('2027-01-15');
  await plan.getByRole('button', { name: 'Inplannen' }).click();
  await expectNotification(page, 'Herkeuring is ingepland');
  await expect(other.getByRole('link', { name: 'Herkeuring ingepland op 15-01-2027' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Herkeuring inplannen' })).toHaveCount(0);
});
