import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { checkScreen, eachLook } from '../support/looks';
import { PNG_10X10 } from '../customers/helpers';
import { ApiSession, createQuestionnaire, fillReport, planReport, progress, type PlannedReport } from './helpers';

let open: PlannedReport;
let done: PlannedReport;
const skipped = unique('Hydrauliek ');

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E schermen ${id}`, 'maintenance', [
    { name: `Frame en beschermkappen ${id}`, questions: 3 },
    { name: skipped, questions: 2 },
    { name: `Elektrische installatie ${id}`, questions: 3 },
  ]);
  open = await planReport(admin, mechanic, questionnaire, `Zaagmachine ${id}`);
  await admin.upload(`/api/customers/${open.customerId}/machines/${open.machineId}/images`, 'image', {
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: PNG_10X10,
  });
  await fillReport(mechanic, open.reportId, { upTo: 2, option: (i) => i, memo: 'Kap zit los' });
  await mechanic.send('PUT', `/api/reports/${open.reportId}`, { not_at_location: '1' });
  done = await planReport(admin, mechanic, questionnaire, `Freesbank ${id}`);
  await fillReport(mechanic, done.reportId, {
    skip: [skipped],
    option: (i) => (i % 3) + 1,
    memo: 'Smering bijgevuld',
    submit: true,
  });
  await admin.dispose();
  await mechanic.dispose();
});

/** No sideways scrolling, no serious axe finding, then /tmp/shots/reports-<name>.png (support/looks.ts). */
const shoot = (page: Page, name: string) => checkScreen(page, `reports-${name}`);

test("the mechanic's report screens fit a phone and a desktop, light and dark", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await eachLook(page, async (look) => {
    await page.goto(`/mechanic/report/${open.reportId}`);
    await expect(progress(page)).toHaveText('2 / 8 beantwoord');
    await expect(page.getByRole('img', { name: `Foto van ${open.machineName}` })).toBeVisible();
    // The mechanic may not open the office's machine screens: the hint without a link.
    await expect(page.getByText('Ga naar het machineoverzicht om de machine te verplaatsen.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Naar het machineoverzicht' })).toHaveCount(0);
    // Pictured as the mechanic works on it: once a key is pressed every card is whole (the ones
    // further down start as their frame and name, lib/mount-in-turn.ts).
    await page.keyboard.press('Shift');
    await expect(page.getByRole('button', { name: 'Goed', exact: true })).toHaveCount(8);
    await shoot(page, `fill-${look}`);
    await page.goto(`/mechanic/report/${done.reportId}`);
    await expect(page.getByRole('button', { name: 'PDF downloaden' })).toBeVisible();
    await shoot(page, `submitted-${look}`);
  });
});

test("the office's report screens fit a phone and a desktop, light and dark", async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, ACCOUNTS.admin);
  await eachLook(page, async (look) => {
    await page.goto('/admin/completed-reports');
    // Loaded: the table is no longer busy (its first load shows placeholder rows).
    await expect(page.getByRole('table', { name: 'Afgeronde rapporten' })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('table', { name: 'Afgeronde rapporten' }).getByRole('row').nth(1)).toBeVisible();
    await shoot(page, `completed-${look}`);
    await page.goto(`/admin/completed-reports/${done.reportId}`);
    await expect(page.getByRole('region', { name: skipped })).toContainText('Overgeslagen');
    await shoot(page, `view-${look}`);
    await page.goto(`/admin/reports/${open.reportId}`);
    await expect(page.getByText('Deze machine staat niet op de aangegeven plaats.')).toBeVisible();
    await shoot(page, `view-open-${look}`);
    await page.goto(`/mechanic/report/${open.reportId}`);
    // An admin may open the machine overview: the hint links there, searched on the inventory number.
    await expect(page.getByRole('link', { name: 'Naar het machineoverzicht' })).toHaveAttribute(
      'href',
      `/admin/customers/${open.customerId}/machines?search=${open.inventory}`,
    );
    await page.goto(`/admin/customers/${done.customerId}/machines/${done.machineId}/reports`);
    await expect(page.getByRole('table', { name: 'Rapporten' }).getByRole('row')).toHaveCount(2);
    await shoot(page, `machine-reports-${look}`);
    await page.goto(`/admin/customers/${done.customerId}/machines/${done.machineId}/edit`);
    const latest = page.getByRole('region', { name: 'Laatste rapporten' });
    await expect(latest).toContainText('Onderhoud');
    await shoot(page, `machine-latest-${look}`);
  });
});
