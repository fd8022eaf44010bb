import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import sharp from 'sharp';
import { ACCOUNTS, submitLogin, unique } from '../support/login';
import {
  ApiSession,
  createQuestionnaire,
  DEMO_CUSTOMER,
  DEMO_LOCATION,
  progress,
  question,
  signAndFinish,
} from '../reports/helpers';

/**
 * The field kit as a mechanic meets it ("Tests"): today's list is opened online, the
 * connection goes, a report never opened before is filled in with two photos and a signature and
 * submitted, the app is reloaded without a connection, and back online every answer, photo, the
 * signature and the submit arrive exactly once, in the order given; the PDF shows them.
 */
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

type Named = { id: number; name: string };
type ReportRead = {
  status: string;
  categories: { questions: { id: number; answer: { option: number | null } | null; photos: { id: string }[] }[] }[];
  signatures: { role: string; signer_name: string }[];
};

let reportId: number;
let machineName: string;
let baseUrl: string;

/** Today in the Netherlands, as "YYYY-MM-DD" (the server's calendar). */
const dutchToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Amsterdam' });

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL!;
  const admin = await ApiSession.login(baseUrl, ACCOUNTS.admin);
  const mechanic = await ApiSession.login(baseUrl, ACCOUNTS.mechanic);
  const id = unique('');
  const questionnaire = await createQuestionnaire(admin, `E2E veldwerk ${id}`, 'maintenance', [
    { name: `Frame ${id}`, questions: 3 },
  ]);
  const customer = (await admin.get<Named[]>(`/api/customers?search=${encodeURIComponent(DEMO_CUSTOMER)}`)).find(
    (c) => c.name === DEMO_CUSTOMER,
  )!;
  const location = (await admin.get<Named[]>(`/api/customers/${customer.id}/locations?itemsPerPage=100`)).find(
    (l) => l.name === DEMO_LOCATION,
  )!;
  machineName = `Kolomboor ${id}`;
  const machine = await admin.send<Named>('POST', `/api/customers/${customer.id}/machines`, {
    name: machineName,
    inventory_number: unique('VELD-'),
    location_id: location.id,
    status: 'active',
    questionnaire_maintenance: questionnaire,
  });
  const list = await mechanic.send<Named>('POST', '/api/tasklists', {
    customer_id: customer.id,
    location_id: location.id,
    inspection_type: 'maintenance',
    planned_date: dutchToday(),
    remarks: unique('E2E veldwerk '),
  });
  const detail = await mechanic.send<{ machines: { machine_id: number; report_id: number }[] }>(
    'POST',
    `/api/tasklists/${list.id}/machines`,
    { machine_ids: [machine.id] },
  );
  reportId = detail.machines.find((m) => m.machine_id === machine.id)!.report_id;
  await admin.dispose();
  await mechanic.dispose();
});

/** The report's changes the server accepted, in the order they arrived ("answers/12", "photo", ...). */
function acceptedChanges(page: Page) {
  const seen: string[] = [];
  const pattern = new RegExp(
    `/api/reports/${reportId}/(answers/\\d+|questions/\\d+/photos/[\\w-]+|signatures/\\w+|submit)$`,
  );
  page.on('response', (response: Response) => {
    const match = pattern.exec(response.url());
    if (match && response.request().method() === 'POST' && response.ok()) seen.push(match[1]!);
  });
  return seen;
}

/** A photo-like JPEG larger than the device's 2048 px, in `colour`. */
const bigJpeg = (colour: string) =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer();

async function addPhoto(page: Page, number: number, colour: string) {
  const chooser = page.waitForEvent('filechooser');
  await question(page, number).getByRole('button', { name: 'Foto toevoegen' }).click();
  await (await chooser).setFiles({ name: `${colour}.jpg`, mimeType: 'image/jpeg', buffer: await bigJpeg(colour) });
}

const badge = (page: Page) => page.getByRole('banner').getByTestId('outbox-badge');
const thumbnails = (page: Page, number: number) =>
  question(page, number).getByRole('button', { name: /^Foto \d+ van \d+ van .* vergroten$/ });

test('a report filled in and submitted offline, with two photos and a signature, arrives once and in order', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const arrived = acceptedChanges(page);

  // Online: the service worker takes the app; the overview keeps today's list on the device.
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await submitLogin(page, ACCOUNTS.mechanic);
  await expect(page.getByRole('heading', { name: 'Takenlijsten' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-offline-prefetch', 'done', { timeout: 60_000 });

  // No connection from here on; the report was never opened on this device.
  await context.setOffline(true);
  await page.goto(`/mechanic/report/${reportId}`);
  await expect(page.getByRole('heading', { name: `Rapport ${machineName}` })).toBeVisible();
  await expect(progress(page)).toHaveText('0 / 3 beantwoord');
  for (const n of [1, 2, 3]) await question(page, n).getByRole('button', { name: 'Goed', exact: true }).click();
  await expect(progress(page)).toHaveText('3 / 3 beantwoord');
  await addPhoto(page, 1, '#c04020');
  await expect(thumbnails(page, 1)).toHaveCount(1);
  await addPhoto(page, 1, '#2040c0');
  await expect(thumbnails(page, 1)).toHaveCount(2);

  await page.getByRole('button', { name: 'Rapport afronden' }).click();
  await signAndFinish(page);
  const queued = page.getByText('Rapport afgerond op dit apparaat. Het wordt verzonden zodra er verbinding is.');
  await expect(queued.first()).toBeVisible();
  // 3 answers, 2 photos, the mechanic's signature and the submit wait on the device.
  await expect(badge(page)).toHaveAccessibleName('7 wijzigingen nog niet verzonden');

  // A reload without a connection loses nothing.
  await page.reload();
  await expect(queued.first()).toBeVisible();
  await expect(thumbnails(page, 1)).toHaveCount(2);
  await expect(badge(page)).toHaveAccessibleName('7 wijzigingen nog niet verzonden');
  expect(arrived).toEqual([]);

  // Back online: everything is sent, the report shows as submitted.
  await context.setOffline(false);
  await expect(page.getByText(/Rapport ingediend door .+ op \d\d-\d\d-\d{4} \d\d:\d\d/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(badge(page)).toHaveCount(0);

  const mechanic = await ApiSession.login(baseUrl, ACCOUNTS.mechanic);
  const report = await mechanic.get<ReportRead>(`/api/reports/${reportId}`);
  expect(report.status).toBe('submitted');
  const questions = report.categories[0]!.questions;
  expect(questions.map((q) => q.answer?.option)).toEqual([1, 1, 1]);
  expect(questions[0]!.photos).toHaveLength(2);
  expect(report.signatures.map((s) => s.role)).toEqual(['mechanic']);
  // Exactly once each, in the order given: the answers, the photos, the signature, the submit last.
  expect(arrived).toEqual([
    ...questions.map((q) => `answers/${q.id}`),
    ...questions[0]!.photos.map((p) => `questions/${questions[0]!.id}/photos/${p.id}`),
    'signatures/mechanic',
    'submit',
  ]);

  // The PDF: the signer's name in its text, the two photos and the signature among its images.
  const pdf = await page.request.get(`/api/reports/${reportId}/pdf`);
  expect(pdf.status()).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'field-kit-')), 'rapport.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(report.signatures[0]!.signer_name);
  expect(text).toContain(machineName);
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line));
  expect(images.length).toBeGreaterThanOrEqual(3);
  await mechanic.dispose();
});
