import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { DEMO_PASSWORD, unique } from '../support/login';
import { type ApiSession, DEMO_CUSTOMER, createQuestionnaire } from '../reports/helpers';

const run = promisify(execFile);

/** The token part of a label URL, as the QR code holds it. */
export const LABEL_URL = /\/m\/[A-Za-z0-9_-]{22}$/;

/**
 * The text of the QR code on page 1 of a label PDF: the page rendered by pdftoppm (150 dpi), its
 * pixels read by sharp, the code found by jsqr, as a phone's camera would.
 */
export async function qrOfPdf(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const dir = await mkdtemp(path.join(tmpdir(), 'kw-labels-'));
  try {
    await writeFile(path.join(dir, 'labels.pdf'), pdf);
    await run('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-singlefile', '-png', 'labels.pdf', 'page'], {
      cwd: dir,
    });
    const { data, info } = await sharp(path.join(dir, 'page.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code, 'a QR code on page 1').not.toBeNull();
    return code!.data;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A logged-in request context for raw downloads (ApiSession answers JSON only). */
export async function rawSession(baseURL: string, email: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const token = ((await (await ctx.get('/api/token')).json()) as { data: { token: string } }).data.token;
  const res = await ctx.post('/api/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-CSRF-TOKEN': token },
  });
  expect(res.status(), `login ${email}`).toBe(200);
  return ctx;
}

/** GET `path` as a PDF. */
export async function pdfOf(ctx: APIRequestContext, path: string): Promise<Buffer> {
  const res = await ctx.get(path);
  expect(res.status(), `GET ${path}`).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return res.body();
}

type Named = { id: number; name: string };

export type LabelledMachine = { id: number; name: string; inventory: string };

export type LabelFixture = {
  customerId: number;
  locationId: number;
  locationName: string;
  /** The only machine of the new location: its sheet holds one label. */
  machine: LabelledMachine;
  /** A second machine (at another new location), for the scanner. */
  other: LabelledMachine;
};

/**
 * At the demo customer (whose user is klant@example.com): two new locations with one new machine
 * each, both with a maintenance questionnaire of their own (so a mechanic can plan them).
 */
export async function createLabelFixture(admin: ApiSession): Promise<LabelFixture> {
  const customers = await admin.get<Named[]>(`/api/customers?search=${encodeURIComponent(DEMO_CUSTOMER)}`);
  const customerId = customers.find((c) => c.name === DEMO_CUSTOMER)!.id;
  const questionnaireId = await createQuestionnaire(admin, unique('Label vragenlijst '), 'maintenance', [
    { name: unique('Label categorie '), questions: 2 },
  ]);
  const place = async (name: string) =>
    admin.send<Named>('POST', `/api/customers/${customerId}/locations`, {
      name,
      street: 'Labelstraat',
      house_number: '1',
      postcode: '5611 AA',
      city: 'Eindhoven',
    });
  const machineAt = async (locationId: number, name: string): Promise<LabelledMachine> => {
    const inventory = unique('QR-');
    const machine = await admin.send<Named>('POST', `/api/customers/${customerId}/machines`, {
      name,
      inventory_number: inventory,
      location_id: locationId,
      status: 'active',
      questionnaire_maintenance: questionnaireId,
    });
    return { id: machine.id, name, inventory };
  };
  const locationName = unique('Labelvestiging ');
  const location = await place(locationName);
  const otherLocation = await place(unique('Scanvestiging '));
  return {
    customerId,
    locationId: location.id,
    locationName,
    machine: await machineAt(location.id, unique('Kolomboor ')),
    other: await machineAt(otherLocation.id, unique('Lintzaag ')),
  };
}
