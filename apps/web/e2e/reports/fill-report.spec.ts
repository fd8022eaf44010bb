import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { ACCOUNTS, expectNotification, loginAs, unique } from '../support/login';
import {
  ApiSession,
  createQuestionnaire,
  drawSignature,
  planReport,
  progress,
  question,
  signAndFinish,
  signaturePad,
  type PlannedReport,
} from './helpers';
import { expectClearOf } from '../support/layout';

const OFFLINE = 'Geen verbinding: antwoorden worden bewaard en verstuurd zodra er weer verbinding is';
/** The texts of REPORT_TEXT (packages/shared/src/reports.ts), word for word. */
const REPORT_TEXT = {
  skipConfirm: 'Weet je zeker dat je deze categorie wilt overslaan?',
  submitConfirm: 'Weet je zeker dat je dit rapport wilt afronden? Daarna kan het niet meer worden gewijzigd.',
  unanswered: 'Nog niet beantwoord',
  answersSaved: 'Antwoorden opgeslagen',
  submitted: 'Rapport ingediend',
};

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

let small: PlannedReport;
let big: PlannedReport;
const skippedCategory = unique('Elektra ');

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const q7 = await createQuestionnaire(admin, `E2E onderhoud ${id}`, 'maintenance', [
    { name: `Mechanisch ${id}`, questions: 3 },
    { name: skippedCategory, questions: 2 },
    { name: `Veiligheid ${id}`, questions: 2 },
  ]);
  small = await planReport(admin, mechanic, q7, `Kolomboor ${id}`);
  const q40 = await createQuestionnaire(
    admin,
    `E2E veertig ${id}`,
    'maintenance',
    [1, 2, 3, 4].map((n) => ({ name: `Blok ${n} ${id}`, questions: 10 })),
  );
  big = await planReport(admin, mechanic, q40, `Draaibank ${id}`);
  await admin.dispose();
  await mechanic.dispose();
});

/** Taps `option` of question `n` and checks it is the one chosen. */
async function answer(page: Page, n: number, option: string) {
  const button = question(page, n).getByRole('button', { name: option, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

const waitSaved = (page: Page) => expect(page.getByText('Alles opgeslagen')).toBeVisible();

test('a mechanic fills in a report on a phone: skip, reload, offline, missing answers, submit', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${small.reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Rapport ${small.machineName}` })).toBeVisible();
  await expect(page.getByText(`(${small.inventory})`)).toBeVisible();
  await expect(page.getByText('Eindhoven', { exact: false }).first()).toBeVisible();
  await expect(progress(page)).toHaveText('0 / 7 beantwoord');
  // The crumbs fit the phone uncut ("Tak…"): the way back, the heading names the machine.
  const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
  await expect(crumbs.getByRole('link', { name: 'Takenlijst', exact: true })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Takenlijsten', exact: true })).toBeVisible();
  const cut = await crumbs.evaluate((nav) =>
    [nav.querySelector('ol')!, ...nav.querySelectorAll('li > *')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);

  // Large buttons: one tap answers, the whole width of a phone.
  const good = question(page, 1).getByRole('button', { name: 'Goed', exact: true });
  const box = (await good.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(48);
  expect(box.width).toBeGreaterThan(300);
  await answer(page, 1, 'Goed');
  await answer(page, 2, 'Matig');
  await expect(question(page, 2).getByRole('button', { name: 'Goed', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(progress(page)).toHaveText('2 / 7 beantwoord');

  // The memo under its own title, with a counter.
  const memo = question(page, 1).getByRole('textbox', { name: 'Toelichting' });
  await memo.fill('Kleine lekkage bij de pomp');
  await expect(question(page, 1).getByText('26/255')).toBeVisible();

  // "Naar eerste open vraag" focuses question 3.
  await page.getByRole('button', { name: 'Naar eerste open vraag' }).click();
  await expect(question(page, 3)).toBeFocused();

  // Skipping a category asks first; it folds to "Overgeslagen" and leaves the count.
  const skipped = page.getByRole('region', { name: skippedCategory });
  await skipped.getByRole('button', { name: 'Categorie overslaan' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(REPORT_TEXT.skipConfirm);
  await dialog.getByRole('button', { name: 'Overslaan' }).click();
  await expect(skipped.getByText('Overgeslagen')).toBeVisible();
  await expect(skipped.getByRole('button', { name: 'Terugzetten' })).toBeVisible();
  await expect(question(page, 4)).toHaveCount(0);
  await expect(progress(page)).toHaveText('2 / 5 beantwoord');

  // A reload at once (the memo typed less than the save pause ago): nothing is lost.
  await page.reload();
  await expect(progress(page)).toHaveText('2 / 5 beantwoord');
  await expect(question(page, 1).getByRole('button', { name: 'Goed', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(question(page, 1).getByRole('textbox', { name: 'Toelichting' })).toHaveValue(
    'Kleine lekkage bij de pomp',
  );
  await expect(skipped.getByText('Overgeslagen')).toBeVisible();
  await waitSaved(page);
  // After a reload the cards further down become whole once the page is used (lib/mount-in-turn.ts),
  // here by a key press; a click that scrolls to the buttons below them at once could meet them
  // growing (as a tap could, without a scroll before it).
  await page.keyboard.press('Shift');
  await expect(page.getByRole('button', { name: 'Goed', exact: true })).toHaveCount(5);

  // Submitting too early: the first missing question is marked and focused; the message says
  // how many are open (openQuestionsText: 2 of 5 answered).
  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  // An error notification is an alert.
  const missingNote = page.getByRole('alert').filter({ hasText: 'Nog 3 vragen open' });
  await expect(missingNote).toBeVisible();
  await expect(question(page, 3)).toBeFocused();
  // It covers neither the sticky progress bar nor the heading.
  await expectClearOf(missingNote, page.getByRole('region', { name: 'Voortgang' }));
  await expect(question(page, 3).getByText(REPORT_TEXT.unanswered)).toBeVisible();

  // Without a connection the answer is shown, kept and said to wait; back online it is sent.
  await context.setOffline(true);
  await answer(page, 3, 'Slecht');
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByText('1 wijziging wacht op verzending')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toBeHidden();
  await waitSaved(page);

  await answer(page, 6, 'Goed');
  await answer(page, 7, 'n.v.t.');
  await expect(progress(page)).toHaveText('5 / 5 beantwoord');
  // The progress stays in view at the end of the report (sticky under the app bar).
  await expect(progress(page)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Naar eerste open vraag' })).toBeDisabled();

  await page.getByRole('button', { name: 'Rapport indienen' }).click();
  const saved = page.getByRole('status').filter({ hasText: REPORT_TEXT.answersSaved });
  await expect(saved).toBeVisible();
  await expectClearOf(saved, page.getByRole('region', { name: 'Voortgang' }));
  await expectNotification(page, REPORT_TEXT.answersSaved);

  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  await expect(page.getByRole('dialog')).toContainText(REPORT_TEXT.submitConfirm);
  await signAndFinish(page);
  await expectNotification(page, REPORT_TEXT.submitted);

  // Read-only now: who and when, the answers, the PDF.
  await expect(page.getByRole('button', { name: 'Rapport afronden' })).toHaveCount(0);
  await expect(page.getByText(/Rapport ingediend door .+ op \d\d-\d\d-\d{4} \d\d:\d\d/)).toBeVisible();
  await expect(page.getByText('Kleine lekkage bij de pomp', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'PDF downloaden' })).toBeVisible();
});

test('a long report shows its first cards whole at once; one further down when scrolled to, all once the page is used', async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${big.reportId}`);
  await expect(question(page, 1).getByRole('button', { name: 'Goed', exact: true })).toBeVisible();
  // Every question is there by its name from the start; one far down has no answer buttons yet.
  await expect(page.getByRole('group', { name: /^\d+\. / })).toHaveCount(40);
  const last = question(page, 40);
  await expect(last.getByRole('button')).toHaveCount(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByRole('button', { name: 'Goed', exact: true })).toBeVisible();

  // After a reload, the first key press makes the others whole, one after the other.
  await page.reload();
  await expect(question(page, 1).getByRole('button', { name: 'Goed', exact: true })).toBeVisible();
  await expect(question(page, 30).getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Goed', exact: true })).toHaveCount(40);
  await expect(question(page, 30).getByRole('button', { name: 'Goed', exact: true })).toBeEnabled();
});

test("a report screen's code is asked by the page's first script, each file once", async ({ page }) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${big.reportId}`);
  await expect(question(page, 1).getByRole('button', { name: 'Goed', exact: true })).toBeVisible();
  // The early preload (src/app/startup/early-requests.ts) of the main layout's and the screen's files, listed
  // in index.html by the build.
  const preloaded = await page
    .locator('link[rel="modulepreload"][fetchpriority="low"], link[rel="preload"][as="style"][fetchpriority="low"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  for (const file of ['guard', 'mui-field', 'report-fill']) {
    expect(
      preloaded.filter((p) => p.startsWith(`/assets/${file}-`) && p.endsWith('.js')),
      file,
    ).toHaveLength(1);
  }
  expect(preloaded.filter((p) => p.endsWith('.css')).length).toBeGreaterThan(0);
  // The app's imports take those responses: nothing is downloaded twice.
  const asked = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/assets/')),
  );
  for (const file of preloaded)
    expect(
      asked.filter((p) => p === file),
      file,
    ).toHaveLength(1);
});

test("a report screen's heading is drawn before the app's code has run; the app takes over without asking the session or the report again", async ({
  browser,
}) => {
  // The server's first paint is for a page from the network: no service worker answers here.
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginAs(page, ACCOUNTS.mechanic);
  const url = `/mechanic/report/${big.reportId}`;
  // Without the app's code: what the server wrote into the page, the heading in its place.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(url);
  const first = page.locator('#first-paint h1');
  await expect(first).toHaveText(`Rapport ${big.machineName}`);
  const box = await first.boundingBox();
  // In the chosen scheme from the first frame: index.html's inline script (allowed by its CSP
  // hash, which the browser enforces here) sets the class before anything else runs.
  const blocked: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && blocked.push(m.text()));
  await page.evaluate(() => localStorage.setItem('mui-mode', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass('dark');
  await expect(page.locator('#first-paint')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  expect(blocked).toEqual([]);
  await page.evaluate(() => localStorage.setItem('mui-mode', 'light'));
  await page.unroute('**/assets/*.js');

  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.reload();
  const heading = page.getByRole('heading', { level: 1, name: `Rapport ${big.machineName}` });
  await expect(question(page, 1).getByRole('button', { name: 'Goed', exact: true })).toBeVisible();
  // The app's own heading replaced it, at the same place; the first paint is gone.
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await heading.boundingBox()).toEqual(box);
  // Its answers came with the page.
  expect(asked.filter((p) => p === '/api/authorized' || p === `/api/reports/${big.reportId}`)).toEqual([]);
  await context.close();
});

test('a 40-question report takes at most 45 taps, submitting included', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${big.reportId}`);
  await expect(progress(page)).toHaveText('0 / 40 beantwoord');
  let taps = 0;
  const tap = async (target: Locator) => {
    taps++;
    await target.click();
  };
  for (let n = 1; n <= 40; n++) {
    await tap(question(page, n).getByRole('button', { name: n % 7 === 0 ? 'Matig' : 'Goed', exact: true }));
  }
  await expect(progress(page)).toHaveText('40 / 40 beantwoord');
  await tap(page.getByRole('button', { name: 'Rapport afronden' }));
  // The mechanic's signature: one stroke (counted as a tap), then "Afronden".
  taps++;
  await drawSignature(page, signaturePad(page, 'monteur'));
  await tap(page.getByRole('dialog').getByRole('button', { name: 'Afronden' }));
  await expectNotification(page, REPORT_TEXT.submitted);
  expect(taps).toBeLessThanOrEqual(45);
});

test('the office finds the report in the completed reports, opens it and downloads its PDF and the export', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, ACCOUNTS.admin);
  await page.goto('/admin/completed-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Afgeronde rapporten' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Zoeken op klant, vestiging, machine of monteur' }).fill(small.inventory);
  const rows = page.getByRole('table', { name: 'Afgeronde rapporten' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(small.machineName);
  await expect(rows.nth(1)).toContainText('Onderhoud');
  await expect(rows.nth(1)).toContainText('1 overgeslagen');

  // The export takes the list's search.
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporteren (xlsx)' }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await exported).path());
  const sheet = workbook.worksheets[0]!;
  const cells: string[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
  expect(cells).toContain(small.inventory);
  expect(cells.join(' ')).not.toContain(big.inventory);

  // The customer filter names the customer of the URL; the not-at-location filter leaves it out.
  await page.goto(`/admin/completed-reports?customer_id=${small.customerId}&search=${small.inventory}`);
  await expect(page.getByRole('combobox', { name: 'Klant' })).toHaveValue(/^Metaalbewerking Brabant B\.V\./);
  await expect(rows).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Plaats' }).click();
  await page.getByRole('option', { name: 'Niet op de aangegeven plaats' }).click();
  await expect(page).toHaveURL(/not_at_location=1/);
  await expect(rows.nth(1)).toHaveText('Geen overeenkomende resultaten gevonden');
  await page.goBack();
  await expect(rows.nth(1)).toContainText(small.machineName);
  await rows
    .nth(1)
    .getByRole('link', { name: new RegExp(`^Rapport ${small.machineName}`) })
    .click();
  await expect(page).toHaveURL(`/admin/completed-reports/${small.reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Rapport ${small.machineName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: skippedCategory })).toContainText('Overgeslagen');
  await expect(page.getByText('Toelichting: Kleine lekkage bij de pomp')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF downloaden' }).click();
  const pdf = await readFile(await (await download).path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  expect(text).toContain(small.machineName);
  expect(text).toContain('Matig');
  expect(text).toContain('Kleine lekkage bij de pomp');
  expect(text).toContain(skippedCategory);
  expect(text).toContain('Overgeslagen');

  // The machine's reports and its latest report of the type.
  await page.goto(`/admin/customers/${small.customerId}/machines/${small.machineId}/reports`);
  await expect(page.getByRole('table', { name: 'Rapporten' }).getByRole('row')).toHaveCount(2);
  await page.goto(`/admin/customers/${small.customerId}/machines/${small.machineId}/edit`);
  const latest = page.getByRole('region', { name: 'Laatste rapporten' });
  // Only the inspection types that apply to the machine (it has a maintenance questionnaire only):
  // no "Nog geen" for a type it is never inspected for.
  await expect(latest.locator('dt')).toHaveText(['Onderhoud']);
  await expect(latest.locator('dd')).toContainText(/^\d\d-\d\d-\d{4}/);
  await expect(latest.getByText('Nog geen')).toHaveCount(0);
  await context.close();
});
