import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ACCOUNTS, loginAs, unique } from '../support/login';
import { PHONE, checkScreen, eachLook } from '../support/looks';
import { ApiSession, createQuestionnaire, fillReport, planReport, question, type PlannedReport } from './helpers';

/**
 * Photos per answer, at 390 px. The mechanic adds two photos to a question (the
 * camera's "Foto toevoegen" and "Kies uit galerij"), each a JPEG larger than 2048 px that the
 * device makes smaller before the upload; after a reload they are there, one is removed after a
 * confirmation; the office's report view and the customer's report view show the submitted
 * report's photo.
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE, hasTouch: true });

/** PHOTO_TEXT (packages/shared/src/reports.ts), word for word. */
const TEXT = {
  add: 'Foto toevoegen',
  gallery: 'Kies uit galerij',
  removeConfirm: 'Weet je zeker dat je deze foto wilt verwijderen?',
};
/** PHOTO_MAX_SIDE: the device's limit of the longest side. */
const MAX_SIDE = 2048;

type Photo = { id: string; url: string; width: number; height: number };
type ReportRead = { categories: { questions: { id: number; name: string; photos: Photo[] }[] }[] };

let report: PlannedReport;
let questionName: string;
let mechanic: ApiSession;

/** A photo-like JPEG of 3200 x 2400 px (larger than the device's 2048). */
const bigJpeg = (colour: string) =>
  sharp({ create: { width: 3200, height: 2400, channels: 3, background: colour } })
    .composite([
      { input: Buffer.from('<svg width="3200" height="2400"><circle cx="1600" cy="1200" r="900" fill="#fff"/></svg>') },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E foto's ${id}`, 'maintenance', [
    { name: `Algemeen ${id}`, questions: 2 },
  ]);
  report = await planReport(admin, mechanic, questionnaire, `Kantbank ${id}`);
  await fillReport(mechanic, report.reportId, {});
  const read = await mechanic.get<ReportRead>(`/api/reports/${report.reportId}`);
  questionName = read.categories[0]!.questions[0]!.name;
  await admin.dispose();
});

test.afterAll(() => mechanic?.dispose());

/** The photos of the first question as the server has them. */
const serverPhotos = async () =>
  (await mechanic.get<ReportRead>(`/api/reports/${report.reportId}`)).categories[0]!.questions[0]!.photos;

/** The thumbnail buttons of a question's photos ("Foto 1 van 2 van <question> vergroten"). */
const thumbnails = (scope: Locator | Page) =>
  scope.getByRole('button', { name: /^Foto \d+ van \d+ van .* vergroten$/ });

async function choosePhoto(page: Page, button: Locator, name: string, colour: string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: await bigJpeg(colour) });
}

/** Every image in `scope` has loaded (its natural width known). */
async function expectLoaded(images: Locator) {
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    // The thumbnails load lazily: on screen first.
    await images.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

test('the mechanic adds two photos (made smaller on the device), reloads, and removes one', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await page.goto(`/mechanic/report/${report.reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Rapport ${report.machineName}` })).toBeVisible();
  const first = question(page, 1);

  await choosePhoto(page, first.getByRole('button', { name: TEXT.add }), 'camera.jpg', '#1E6B2E');
  // Decoding and making a 3200 px photo smaller takes a while on a busy machine's software GPU.
  await expect(thumbnails(first)).toHaveCount(1, { timeout: 30_000 });
  await choosePhoto(page, first.getByRole('button', { name: TEXT.gallery }), 'galerij.jpg', '#BE1522');
  await expect(thumbnails(first)).toHaveCount(2, { timeout: 30_000 });

  // Both reach the server, made smaller: the longest side at most 2048 px.
  await expect.poll(async () => (await serverPhotos()).length, { timeout: 30_000 }).toBe(2);
  for (const photo of await serverPhotos()) {
    expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(MAX_SIDE);
    expect(photo.width / photo.height).toBeCloseTo(4 / 3, 1);
  }

  // After a reload they are the server's.
  await page.reload();
  await expect(thumbnails(first)).toHaveCount(2);
  await expectLoaded(first.locator('img'));
  await eachLook(page, (look) => checkScreen(page, `report-photos-${look}`));
  await page.setViewportSize(PHONE);

  // The large view.
  await thumbnails(first).first().click();
  const dialog = page.getByRole('dialog', { name: `Foto 1 van 2 van ${questionName}` });
  await expect(dialog).toBeVisible();
  await expectLoaded(dialog.locator('img'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Remove one: confirmed first; cancelling keeps it.
  const removeFirst = first.getByRole('button', { name: `Foto 1 van 2 van ${questionName} verwijderen` });
  await removeFirst.click();
  const confirm = page.getByRole('dialog').filter({ hasText: TEXT.removeConfirm });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuleren' }).click();
  await expect(thumbnails(first)).toHaveCount(2);
  const kept = (await serverPhotos())[1]!.id;
  await removeFirst.click();
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(thumbnails(first)).toHaveCount(1);
  await expect.poll(async () => (await serverPhotos()).map((p) => p.id), { timeout: 30_000 }).toEqual([kept]);
  await page.reload();
  await expect(thumbnails(first)).toHaveCount(1);

  // Submitted (its answers were given through the API).
  await mechanic.send('POST', `/api/reports/${report.reportId}/submit`);
});

test("the office's report view shows the submitted report's photo", async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await page.goto(`/admin/reports/${report.reportId}`);
  await expect(thumbnails(page)).toHaveCount(1);
  await expectLoaded(thumbnails(page).locator('img'));
  await thumbnails(page).click();
  const dialog = page.getByRole('dialog', { name: `Foto 1 van 1 van ${questionName}` });
  await expectLoaded(dialog.locator('img'));
});

test("the customer's report view shows it through the portal", async ({ page }) => {
  await loginAs(page, ACCOUNTS.customer);
  await page.goto(`/machines/${report.machineId}/reports/${report.reportId}`);
  await expect(thumbnails(page)).toHaveCount(1);
  const src = await thumbnails(page).locator('img').getAttribute('src');
  expect(src).toMatch(new RegExp(`^/api/machines/${report.machineId}/reports/${report.reportId}/photos/`));
  await expectLoaded(thumbnails(page).locator('img'));
  await eachLook(page, (look) => checkScreen(page, `portal-report-photos-${look}`));
});
