import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { LABEL_STATE_LABELS, LABEL_TEXT, type LabelState } from '@keurwijzer/shared/labels';
import { ApiSession } from '../reports/helpers';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { eachLook, checkScreen } from '../support/looks';
import { png } from '../support/png';
import { LABEL_URL, createLabelFixture, pdfOf, qrOfPdf, rawSession, type LabelFixture } from './helpers';

/*
 * QR labels: the office prints a location's label sheet, the QR code on it is read
 * back from the rendered PDF, and its URL opened by everyone who may meet the sticker.
 */

// No service worker: its first-visit precache (the whole build) competes with the screen's own
// requests in every new context, and these tests are about the label screens, not offline use.
test.use({ serviceWorkers: 'block' });
// Four looks with axe, and PDFs rendered and decoded, on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

let fixture: LabelFixture;
/** What the QR code of the fixture's machine holds (read from the location's sheet). */
let url: string;
/** The same for the other machine (read from its own 62 mm label). */
let otherUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  fixture = await createLabelFixture(admin);
  await admin.dispose();
  const raw = await rawSession(baseURL!, ACCOUNTS.admin);
  const { customerId, locationId, other } = fixture;
  url = await qrOfPdf(await pdfOf(raw, `/api/customers/${customerId}/locations/${locationId}/labels?layout=a4-3x8`));
  otherUrl = await qrOfPdf(
    await pdfOf(raw, `/api/customers/${customerId}/machines/${other.id}/label?layout=label-62mm`),
  );
  await raw.dispose();
  expect(url).toMatch(LABEL_URL);
  expect(url.startsWith(baseURL!)).toBe(true);
  expect(otherUrl).toMatch(LABEL_URL);
  expect(otherUrl).not.toBe(url);
});

/** The path of a label URL, to open in this test's browser. */
const pathOf = (labelUrl: string) => new URL(labelUrl).pathname;

async function downloadedQr(page: Page, open: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download');
  await open();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  return qrOfPdf(await readFile((await file.path())!));
}

test('an admin prints the location sheet and the machine label; their QR codes open the machine', async ({ page }) => {
  const { customerId, locationName, machine } = fixture;
  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/customers/${customerId}/locations?search=${encodeURIComponent(locationName)}`);
  await page.getByRole('button', { name: `${LABEL_TEXT.labels} ${locationName}` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(LABEL_TEXT.labels) });
  await expect(dialog).toContainText(locationName);
  const fromSheet = await downloadedQr(page, () =>
    dialog.getByRole('button', { name: 'A4-stickervel 3 x 8 (70 x 37 mm)' }).click(),
  );
  expect(fromSheet).toBe(url);
  await expect(dialog).toBeHidden();

  await page.goto(`/admin/customers/${customerId}/machines/${machine.id}/edit`);
  const card = page.getByRole('region', { name: 'QR-label' });
  await card.getByRole('button', { name: LABEL_TEXT.label }).click();
  const fromLabel = await downloadedQr(page, () => page.getByRole('menuitem', { name: 'Labelprinter 62 mm' }).click());
  expect(fromLabel).toBe(url);
});

test('anonymous: the public page shows the machine and its state, is noindex, has no navigation, and takes a malfunction', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { machine } = fixture;
  await page.goto(pathOf(url));
  await expect(page.getByRole('heading', { level: 1, name: machine.name })).toBeVisible();
  await expect(page.getByText(machine.inventory)).toBeVisible();
  const chip = page.locator('[data-label-state]');
  const state = (await chip.getAttribute('data-label-state')) as LabelState;
  await expect(chip).toHaveText(LABEL_STATE_LABELS[state]);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu openen' })).toHaveCount(0);
  await eachLook(page, (name) => checkScreen(page, `labels-public-${name}`));

  const form = page.getByRole('region', { name: LABEL_TEXT.reportTitle });
  // The shared schema's messages, before anything is sent.
  await form.getByRole('button', { name: LABEL_TEXT.reportTitle }).click();
  await expect(form.getByText('Verplicht').first()).toBeVisible();
  await form.getByRole('textbox', { name: LABEL_TEXT.contact }).fill('geen nummer');
  await expect(form.getByText(LABEL_TEXT.invalidContact)).toBeVisible();

  const reporter = unique('Piet ');
  const description = unique('Noodstop reageert niet ');
  await form.getByRole('textbox', { name: LABEL_TEXT.name }).fill(reporter);
  await form.getByRole('textbox', { name: LABEL_TEXT.contact }).fill('06 12345678');
  await form.getByRole('textbox', { name: LABEL_TEXT.description }).fill(description);
  await expect(form.getByText(`${description.length}/2000`)).toBeVisible();
  await form.getByLabel('Foto van de storing').setInputFiles({
    name: 'storing.png',
    mimeType: 'image/png',
    buffer: png(64, [200, 40, 40]),
  });
  await expect(form.getByRole('img', { name: /storing\.png/ })).toBeVisible();
  await form.getByRole('button', { name: LABEL_TEXT.reportTitle }).click();
  await expect(form.getByRole('status')).toContainText(LABEL_TEXT.reported);

  // The office sees who reported it, marked as anonymous through the label.
  const office = await browser.newPage({ baseURL });
  await loginAs(office, ACCOUNTS.admin);
  await office.goto(`/admin/malfunctions?search=${encodeURIComponent(description)}`);
  // Beside the date below 1536 px (the column of its own shows from xl).
  await expect(
    office.getByText(LABEL_TEXT.anonymousReporter(reporter, '06 12345678')).filter({ visible: true }),
  ).toBeVisible();
  await office
    .getByRole('link', { name: new RegExp(machine.name) })
    .first()
    .click();
  await expect(office).toHaveURL(/\/admin\/malfunctions\/\d+$/);
  await expect(
    office.getByText(LABEL_TEXT.anonymousReporter(reporter, '06 12345678')).filter({ visible: true }).first(),
  ).toBeVisible();
  await office.close();
});

test('an unknown code: a friendly not-found page, also noindex', async ({ page }) => {
  await page.goto('/m/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: 'Label niet gevonden' })).toBeVisible();
  await expect(page.getByText(LABEL_TEXT.invalidCode)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
});

test("the demo mechanic adds the scanned machine to today's list and lands on its report; scanning again opens it", async ({
  page,
}) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(pathOf(url));
  await expect(page.getByRole('heading', { level: 1, name: fixture.machine.name })).toBeVisible();
  await page.getByRole('button', { name: LABEL_TEXT.addToToday }).click();
  await expect(page).toHaveURL(/\/mechanic\/report\/\d+$/);
  const report = page.url();
  await page.goto(pathOf(url));
  await expect(page).toHaveURL(report);
});

test('an admin lands on the office machine screen', async ({ page }) => {
  const { customerId, machine } = fixture;
  await loginAs(page, ACCOUNTS.admin);
  await page.goto(pathOf(url));
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}/machines/${machine.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: `${machine.name} wijzigen` })).toBeVisible();
});

test("the customer's user lands on their machine; another customer's user finds nothing", async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer);
  await page.goto(pathOf(url));
  await expect(page).toHaveURL(new RegExp(`/machines/${fixture.machine.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(fixture.machine.name) })).toBeVisible();

  await page.context().clearCookies();
  await loginAs(page, ACCOUNTS.otherCustomer);
  await page.goto(pathOf(url));
  await expect(page.getByRole('heading', { level: 1, name: 'Label niet gevonden' })).toBeVisible();
  await expect(page.getByText(fixture.machine.name)).toHaveCount(0);
});

test('the scanner without a camera explains why and opens a typed code', async ({ page }) => {
  await loginAs(page, ACCOUNTS.mechanic);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Scannen' }).click();
  await expect(page).toHaveURL(/\/mechanic\/scan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Label scannen' })).toBeVisible();
  // Headless Chromium has no camera to give: the explanation and the field.
  await expect(page.getByText(/camera/i).first()).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Code van het label' });
  await expect(field).toBeVisible();
  await eachLook(page, (name) => checkScreen(page, `labels-scan-${name}`));

  await field.fill('https://example.com/m/AAAAAAAAAAAAAAAAAAAAAA');
  await page.getByRole('button', { name: 'Openen' }).click();
  await expect(page.getByText('Dit is geen Keurwijzer-label')).toBeVisible();
  await field.fill(otherUrl);
  await page.getByRole('button', { name: 'Openen' }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(otherUrl)}$`));
  await expect(page.getByRole('heading', { level: 1, name: fixture.other.name })).toBeVisible();
  await expect(page.getByRole('button', { name: LABEL_TEXT.addToToday })).toBeVisible();
});
