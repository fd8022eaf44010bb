import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startCuttingProxy, type CuttingProxy } from '../support/cutting-proxy';
import { ACCOUNTS, submitLogin, unique } from '../support/login';
import {
  ApiSession,
  createQuestionnaire,
  planReport,
  progress,
  drawSignatureByTouch,
  question,
  signatureDialog,
  signaturePad,
  type PlannedReport,
} from '../reports/helpers';

/**
 * The field kit under a bad connection, as a seeded random sequence: answers and photos given
 * while the connection comes and goes, connections cut before and after the server handled a
 * request, reloads, a closed page and an expired session; then "Rapport afronden" with a signature
 * (sometimes offline, sometimes reloaded before it is sent, sometimes with its answer cut off).
 * After every reload the screen shows everything given so far; at the end every answer (its last
 * value), photo, the signature and the submit are on the server exactly once.
 *
 * CHAOS_SEEDS="1-40" (or "3,17") runs other seeds, CHAOS_STEPS=100 longer sequences; each test's
 * title names its seed.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'allow' });

const QUESTIONS = 8;
const OPTIONS = ['Goed', 'Matig', 'Slecht', 'n.v.t.'] as const;

function seeds(): number[] {
  const spec = process.env.CHAOS_SEEDS;
  if (!spec) return [7, 1312];
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    return to === undefined ? [from!] : Array.from({ length: to - from! + 1 }, (_, i) => from! + i);
  });
}

/** mulberry32: the same sequence for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(weights: [T, number][]): T {
      let r = next() * weights.reduce((sum, [, w]) => sum + w, 0);
      for (const [value, w] of weights) if ((r -= w) < 0) return value;
      return weights.at(-1)![0];
    },
  };
}

let questionnaire: number;
let baseUrl: string;
let proxy: CuttingProxy;

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL!;
  proxy = await startCuttingProxy(baseUrl);
  const admin = await ApiSession.login(baseUrl, ACCOUNTS.admin);
  const id = unique('');
  questionnaire = await createQuestionnaire(admin, `E2E chaos ${id}`, 'maintenance', [
    { name: `Frame ${id}`, questions: QUESTIONS / 2 },
    { name: `Elektra ${id}`, questions: QUESTIONS / 2 },
  ]);
  await admin.dispose();
});
test.afterAll(async () => {
  await proxy.close();
});

const photoJpeg = (shade: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 80, b: 160 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
const thumbnails = (page: Page, n: number) =>
  question(page, n).getByRole('button', { name: /^Foto \d+ van \d+ van .* vergroten$/ });
const badge = (page: Page) => page.getByRole('banner').getByTestId('outbox-badge');
const QUEUED = 'Rapport afgerond op dit apparaat. Het wordt verzonden zodra er verbinding is.';

/** A question's option button, once its card is whole (a card far below becomes whole near the view). */
async function optionOf(page: Page, n: number, option: string) {
  await question(page, n).scrollIntoViewIfNeeded();
  return question(page, n).getByRole('button', { name: option, exact: true });
}

/** What the mechanic gave so far: the last option per question, the photos per question. */
type Given = { options: Map<number, (typeof OPTIONS)[number]>; photos: Map<number, number> };

/** The screen shows everything given: the count, each chosen option, each photo. */
async function expectShown(page: Page, given: Given) {
  await expect(progress(page)).toHaveText(`${given.options.size} / ${QUESTIONS} beantwoord`, { timeout: 30_000 });
  for (const [n, option] of given.options) {
    await expect(await optionOf(page, n, option)).toHaveAttribute('aria-pressed', 'true');
  }
  for (const [n, count] of given.photos) {
    await question(page, n).scrollIntoViewIfNeeded();
    await expect(thumbnails(page, n)).toHaveCount(count);
  }
}

/**
 * What was given is on the device (written to IndexedDB, the progress bar no longer "storing"):
 * a reload or a closed app from here on may lose nothing. A change given a moment before the page
 * goes is another matter: no page can keep what it had no time to write.
 */
const stored = (page: Page) =>
  expect(page.getByRole('region', { name: 'Voortgang' })).not.toHaveAttribute('data-storing', 'true');

/** The report screen of `report`, opened through the proxy. */
async function openReport(page: Page, report: PlannedReport) {
  await page.goto(`${proxy.origin}/mechanic/report/${report.reportId}`);
  await expect(page.getByRole('heading', { name: `Rapport ${report.machineName}` })).toBeVisible({ timeout: 30_000 });
}

/** Online: the service worker takes the app; the report is kept on the device for offline use. */
async function start(context: BrowserContext, report: PlannedReport) {
  const page = await context.newPage();
  await page.goto(`${proxy.origin}/login`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await submitLogin(page, ACCOUNTS.mechanic);
  await expect(page).not.toHaveURL(/\/login/);
  await openReport(page, report);
  await expect(progress(page)).toHaveText(`0 / ${QUESTIONS} beantwoord`, { timeout: 30_000 });
  return page;
}

const isReportChange = (method: string, path: string) => method === 'POST' && /^\/api\/reports\/\d+\//.test(path);

for (const seed of seeds()) {
  test(`chaos seed ${seed}: every answer, photo, signature and the submit arrive once, and the screen shows them throughout`, async ({
    context,
  }) => {
    test.setTimeout(360_000);
    const rnd = random(seed);
    const admin = await ApiSession.login(baseUrl, ACCOUNTS.admin);
    const mechanic = await ApiSession.login(baseUrl, ACCOUNTS.mechanic);
    const report = await planReport(admin, mechanic, questionnaire, `Chaosboor ${seed} ${unique('')}`);
    await admin.dispose();
    const given: Given = { options: new Map(), photos: new Map() };
    let offline = false;
    const setOffline = async (value: boolean) => {
      offline = value;
      await context.setOffline(value);
    };
    let page = await start(context, report);
    const steps: string[] = [];

    for (let step = 0; step < Number(process.env.CHAOS_STEPS ?? 28); step++) {
      const action = rnd.pick<string>([
        ['answer', 10],
        ['photo', 2],
        ['flip', 4],
        ['cut', 3],
        ['reload', 2],
        ['close', 1],
        ['expire', 1],
      ]);
      steps.push(action);
      await test.step(`${step}: ${action}`, async () => {
        if (action === 'answer') {
          const n = 1 + rnd.int(QUESTIONS);
          const option = OPTIONS[rnd.int(OPTIONS.length)]!;
          await (await optionOf(page, n, option)).click();
          given.options.set(n, option);
          await expect(await optionOf(page, n, option)).toHaveAttribute('aria-pressed', 'true');
        } else if (action === 'photo') {
          const n = 1 + rnd.int(QUESTIONS);
          if ((given.photos.get(n) ?? 0) >= 2) return;
          const chooser = page.waitForEvent('filechooser');
          await question(page, n).scrollIntoViewIfNeeded();
          await question(page, n).getByRole('button', { name: 'Foto toevoegen' }).click();
          await (
            await chooser
          ).setFiles({ name: `foto-${step}.jpg`, mimeType: 'image/jpeg', buffer: await photoJpeg(step * 9) });
          given.photos.set(n, (given.photos.get(n) ?? 0) + 1);
          await expect(thumbnails(page, n)).toHaveCount(given.photos.get(n)!);
        } else if (action === 'flip') {
          await setOffline(!offline);
        } else if (action === 'cut') {
          proxy.cutNext(isReportChange, rnd.next() < 0.5 ? 'before' : 'after');
        } else if (action === 'reload') {
          await stored(page);
          await page.reload();
          await expect(page.getByRole('heading', { name: `Rapport ${report.machineName}` })).toBeVisible({
            timeout: 30_000,
          });
          await expectShown(page, given);
        } else if (action === 'close') {
          await stored(page);
          await page.close();
          page = await context.newPage();
          await openReport(page, report);
          await expectShown(page, given);
        } else if (action === 'expire') {
          // The session ends (its cookie is gone); the mechanic logs in again and is back on the report.
          if (offline) await setOffline(false);
          await stored(page);
          await context.clearCookies();
          await page.reload();
          await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 30_000 });
          await submitLogin(page, ACCOUNTS.mechanic);
          await expect(page).toHaveURL(new RegExp(`/mechanic/report/${report.reportId}$`), { timeout: 30_000 });
          await expectShown(page, given);
        }
      });
    }

    await test.step('answer the rest and finish with a signature', async () => {
      for (let n = 1; n <= QUESTIONS; n++) {
        if (given.options.has(n)) continue;
        await (await optionOf(page, n, 'Goed')).click();
        given.options.set(n, 'Goed');
      }
      await expectShown(page, given);
      const finishOffline = rnd.next() < 0.5;
      const reloadBeforeSent = rnd.next() < 0.5;
      if (rnd.next() < 0.5) proxy.cutNext((method, path) => method === 'POST' && path.endsWith('/submit'), 'after');
      await setOffline(finishOffline);
      await page.getByRole('button', { name: 'Rapport afronden' }).tap();
      await drawSignatureByTouch(page, signaturePad(page, 'monteur'));
      await signatureDialog(page).getByRole('button', { name: 'Afronden' }).tap();
      await expect(signatureDialog(page)).toBeHidden();
      if (finishOffline) {
        await expect(page.getByText(QUEUED).first()).toBeVisible();
        if (reloadBeforeSent) {
          // The submit and its signature were kept before the screen said so.
          await page.reload();
          await expect(page.getByText(QUEUED).first()).toBeVisible({ timeout: 30_000 });
        }
        await setOffline(false);
      }
      await expect(page.getByText(/Rapport ingediend door .+ op \d\d-\d\d-\d{4} \d\d:\d\d/)).toBeVisible({
        timeout: 120_000,
      });
      await expect(badge(page)).toHaveCount(0, { timeout: 60_000 });
    });

    // On the server: the last option of every question, each photo once, the signature, submitted once.
    const read = await mechanic.get<{
      status: string;
      categories: { questions: { answer: { option: number | null } | null; photos: { id: string }[] }[] }[];
      signatures: { role: string }[];
    }>(`/api/reports/${report.reportId}`);
    await mechanic.dispose();
    const questions = read.categories.flatMap((c) => c.questions);
    expect(read.status, `seed ${seed}: ${steps.join(' ')}`).toBe('submitted');
    expect(questions.map((q) => OPTIONS[q.answer!.option! - 1] ?? null)).toEqual(
      questions.map((_, i) => given.options.get(i + 1) ?? null),
    );
    expect(questions.map((q) => q.photos.length)).toEqual(questions.map((_, i) => given.photos.get(i + 1) ?? 0));
    expect(read.signatures.map((s) => s.role)).toEqual(['mechanic']);
    const submits = proxy.log.filter((r) => r.path === `/api/reports/${report.reportId}/submit`);
    // However often it was sent, the server never refused it as a second submit.
    expect(
      submits.every((r) => r.status === null || r.status === 200),
      JSON.stringify(submits),
    ).toBe(true);
    expect(submits.some((r) => r.status === 200)).toBe(true);
  });
}
