import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs, submitLogin, unique } from '../support/login';
import { png } from '../support/png';
import { ApiSession, createQuestionnaire, DEMO_CUSTOMER, DEMO_LOCATION, question } from '../reports/helpers';

/**
 * The installable, offline-first app (section 1): the manifest, the service worker's
 * precache and app-shell fallback, the offline copies of a mechanic's coming field work, and the
 * update prompt. Runs against the production build with its service worker.
 */

test.use({ serviceWorkers: 'allow' });

const UPDATE = 'Er is een nieuwe versie beschikbaar';

type Named = { id: number; name: string };
type Planned = { reportId: number; machineName: string };

/** Today in the Netherlands plus `days`, as "YYYY-MM-DD" (the server's calendar). */
function dutchDay(days: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Amsterdam' });
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

let soon: Planned; // planned in 3 days: kept offline, never opened before going offline
let today: Planned; // planned today: kept offline
let later: Planned; // planned in 10 days: not kept

/** A new machine with `questionnaireId` on a new maintenance list of the mechanic planned on `day`. */
async function planOn(admin: ApiSession, mechanic: ApiSession, questionnaireId: number, day: string, name: string) {
  const customer = (await admin.get<Named[]>(`/api/customers?search=${encodeURIComponent(DEMO_CUSTOMER)}`)).find(
    (c) => c.name === DEMO_CUSTOMER,
  )!;
  const location = (await admin.get<Named[]>(`/api/customers/${customer.id}/locations?itemsPerPage=100`)).find(
    (l) => l.name === DEMO_LOCATION,
  )!;
  const machine = await admin.send<Named>('POST', `/api/customers/${customer.id}/machines`, {
    name,
    inventory_number: unique('PWA-'),
    location_id: location.id,
    status: 'active',
    questionnaire_maintenance: questionnaireId,
  });
  const list = await mechanic.send<Named>('POST', '/api/tasklists', {
    customer_id: customer.id,
    location_id: location.id,
    inspection_type: 'maintenance',
    planned_date: day,
    remarks: unique('E2E offline '),
  });
  const detail = await mechanic.send<{ machines: { machine_id: number; report_id: number }[] }>(
    'POST',
    `/api/tasklists/${list.id}/machines`,
    { machine_ids: [machine.id] },
  );
  return {
    reportId: detail.machines.find((m) => m.machine_id === machine.id)!.report_id,
    machineName: name,
    customerId: customer.id,
    machineId: machine.id,
  };
}

test.beforeAll(async ({ baseURL }) => {
  const admin = await ApiSession.login(baseURL!, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseURL!, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E offline ${id}`, 'maintenance', [
    { name: `Frame ${id}`, questions: 2 },
    { name: `Elektra ${id}`, questions: 1 },
  ]);
  const planned = await planOn(admin, mechanic, questionnaire, dutchDay(3), `Kantbank ${id}`);
  await admin.upload(`/api/customers/${planned.customerId}/machines/${planned.machineId}/images`, 'image', {
    name: 'kantbank.png',
    mimeType: 'image/png',
    buffer: png(32, [40, 120, 200]),
  });
  soon = planned;
  today = await planOn(admin, mechanic, questionnaire, dutchDay(0), `Lintzaag ${id}`);
  later = await planOn(admin, mechanic, questionnaire, dutchDay(10), `Hoekschaar ${id}`);
  await admin.dispose();
  await mechanic.dispose();
});

/** Waits until the service worker is active and controls the page (its precache is complete). */
async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Width and height of a PNG (its IHDR). */
const pngSize = (buffer: Buffer) => [buffer.readUInt32BE(16), buffer.readUInt32BE(20)];

test('the manifest is linked and describes the installable app', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Keurwijzer',
    short_name: 'Keurwijzer',
    start_url: '/',
    display: 'standalone',
    lang: 'nl',
    theme_color: '#BE1522',
  });
  expect(String(manifest.description)).toMatch(/keuringen/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const [size, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose));
    expect(icon, `${size} ${purpose}`).toBeTruthy();
    const file = await request.get(icon!.src);
    expect(file.status(), icon!.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toEqual(size.split('x').map(Number));
  }
  // The service worker itself: never from the HTTP cache, allowed by the CSP.
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-security-policy']).toContain("worker-src 'self'");
});

test("a mechanic's coming reports open with no connection, also after a reload", async ({ page, context }) => {
  // The first visit downloads the whole precache (every screen) before the worker takes the page.
  test.setTimeout(150_000);
  await page.goto('/login');
  await serviceWorkerControls(page);
  await submitLogin(page, ACCOUNTS.mechanic);
  await expect(page.getByRole('heading', { name: 'Takenlijsten' })).toBeVisible();
  // The overview keeps today's and the coming week's lists on the device.
  await expect(page.locator('html')).toHaveAttribute('data-offline-prefetch', 'done', { timeout: 30_000 });

  await context.setOffline(true);
  // Really offline, the service worker's own requests too: a report of a list in 10 days was not kept.
  const farAway = await page.evaluate(
    (id) =>
      fetch(`/api/reports/${id}`).then(
        (r) => `answered ${r.status}`,
        () => 'no connection',
      ),
    later.reportId,
  );
  expect(farAway).toBe('no connection');

  // A report never opened before, in the app (no page load).
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/mechanic/report/${soon.reportId}`);
  await expect(page.getByRole('heading', { name: soon.machineName })).toBeVisible();
  await expect(question(page, 1)).toBeVisible();
  await expect(question(page, 3)).toBeVisible();
  const image = page.getByRole('img', { name: `Foto van ${soon.machineName}` });
  await expect(image).toBeVisible();
  // The machine's image came from the device too (a broken image has no width).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A reload without a connection: the app, the user and the report are still there.
  await page.reload();
  await expect(page.getByRole('heading', { name: soon.machineName })).toBeVisible();
  await expect(question(page, 1)).toBeVisible();

  // Today's report, opened for the first time straight from its address.
  await page.goto(`/mechanic/report/${today.reportId}`);
  await expect(page.getByRole('heading', { name: today.machineName })).toBeVisible();
  await expect(question(page, 2)).toBeVisible();
  await context.setOffline(false);
});

test('a new version waits for the user: "Nu bijwerken" takes it and reloads', async ({ page }) => {
  test.setTimeout(150_000);
  await loginAs(page, ACCOUNTS.mechanic);
  await serviceWorkerControls(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  // Mark this page: a reload forgets it.
  await page.evaluate(() => ((window as unknown as { kwMark: boolean }).kwMark = true));

  // A new version of the service worker (another script URL, as a new deploy is another script):
  // installed, it waits.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next=1').then(() => undefined));
  const prompt = page.getByText(UPDATE);
  await expect(prompt).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting));
  // Nothing was swapped meanwhile: the same page, the old worker in control.
  expect(await page.evaluate(() => (window as unknown as { kwMark?: boolean }).kwMark)).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);

  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Nu bijwerken' }).click()]);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js?next=1'));
  expect(await page.evaluate(() => (window as unknown as { kwMark?: boolean }).kwMark)).toBeUndefined();
  await expect(page.getByRole('heading', { name: 'Takenlijsten' })).toBeVisible();
  // The reloaded page registers /sw.js again: to the browser another script than the /sw.js?next=1
  // in control, so it is announced as a new version once more (an artefact of this simulation;
  // a real deploy keeps the URL). "Later" leaves it waiting.
  await expect(page.getByText(UPDATE)).toBeVisible();
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByText(UPDATE)).toBeHidden();
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toMatch(/\/sw\.js\?next=1$/);
});
