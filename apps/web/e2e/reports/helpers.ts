import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_PASSWORD, unique } from '../support/login';

/** The demo seed's first customer and its main site. */
export const DEMO_CUSTOMER = 'Metaalbewerking Brabant B.V.';
export const DEMO_LOCATION = 'Eindhoven';

type Body = Record<string, unknown>;

/** A logged-in API session of its own (cookie and CSRF token), for a test's setup. */
export class ApiSession {
  private constructor(
    private readonly ctx: APIRequestContext,
    private token: string,
  ) {}

  static async login(baseURL: string, email: string): Promise<ApiSession> {
    const ctx = await playwrightRequest.newContext({ baseURL });
    const token = async () => ((await (await ctx.get('/api/token')).json()) as { data: { token: string } }).data.token;
    const res = await ctx.post('/api/login', {
      data: { email, password: DEMO_PASSWORD },
      headers: { 'X-CSRF-TOKEN': await token() },
    });
    expect(res.status(), `login ${email}`).toBe(200);
    return new ApiSession(ctx, await token());
  }

  async get<T>(path: string): Promise<T> {
    const res = await this.ctx.get(path);
    expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  }

  async send<T>(method: 'POST' | 'PUT', path: string, data: Body = {}): Promise<T> {
    const res = await this.ctx.fetch(path, { method, data, headers: { 'X-CSRF-TOKEN': this.token } });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  }

  /** A file upload (multipart) under `field`. */
  async upload(path: string, field: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    const res = await this.ctx.post(path, { multipart: { [field]: file }, headers: { 'X-CSRF-TOKEN': this.token } });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
  }

  dispose() {
    return this.ctx.dispose();
  }
}

type Named = { id: number; name: string };

/**
 * An active questionnaire of `type` built through the admin API: `categories` with that many
 * questions each (answer options Goed / Matig / Slecht / n.v.t.; the first question of each
 * category has its own memo title "Toelichting").
 */
export async function createQuestionnaire(
  admin: ApiSession,
  name: string,
  type: string,
  categories: { name: string; questions: number }[],
): Promise<number> {
  const questionnaire = await admin.send<Named>('POST', '/api/questionnaires', {
    name,
    inspection_type: type,
    status: 'active',
  });
  let n = 0;
  for (const c of categories) {
    const category = await admin.send<Named>('POST', '/api/categories', { name: c.name });
    const qc = await admin.send<Named>('POST', `/api/questionnaires/${questionnaire.id}/categories`, {
      category_id: category.id,
    });
    for (let i = 0; i < c.questions; i++) {
      n++;
      const question = await admin.send<Named>('POST', '/api/questions', {
        name: `${c.name} vraag ${i + 1} (${n})`,
        answer_options: ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
        memo_title: i === 0 ? 'Toelichting' : '',
      });
      await admin.send('POST', `/api/questionnaires/${questionnaire.id}/categories/${qc.id}/questions`, {
        question_id: question.id,
      });
    }
  }
  return questionnaire.id;
}

export type PlannedReport = {
  reportId: number;
  customerId: number;
  machineId: number;
  machineName: string;
  inventory: string;
};

/**
 * A machine at the demo customer's main site with `questionnaireId` as its maintenance
 * questionnaire (made by the admin), on a new maintenance task list of the mechanic: its report.
 */
export async function planReport(
  admin: ApiSession,
  mechanic: ApiSession,
  questionnaireId: number,
  machineName: string,
): Promise<PlannedReport> {
  const customers = await admin.get<Named[]>(`/api/customers?search=${encodeURIComponent(DEMO_CUSTOMER)}`);
  const customer = customers.find((c) => c.name === DEMO_CUSTOMER)!;
  const locations = await admin.get<Named[]>(`/api/customers/${customer.id}/locations?itemsPerPage=100`);
  const location = locations.find((l) => l.name === DEMO_LOCATION)!;
  const inventory = unique('RAP-');
  const machine = await admin.send<Named>('POST', `/api/customers/${customer.id}/machines`, {
    name: machineName,
    inventory_number: inventory,
    location_id: location.id,
    status: 'active',
    questionnaire_maintenance: questionnaireId,
  });
  const tasklist = await mechanic.send<Named>('POST', '/api/tasklists', {
    customer_id: customer.id,
    location_id: location.id,
    inspection_type: 'maintenance',
    planned_date: '2026-06-15',
    remarks: unique('E2E rapport '),
  });
  const detail = await mechanic.send<{ machines: { machine_id: number; report_id: number }[] }>(
    'POST',
    `/api/tasklists/${tasklist.id}/machines`,
    { machine_ids: [machine.id] },
  );
  const reportId = detail.machines.find((m) => m.machine_id === machine.id)!.report_id;
  return { reportId, customerId: customer.id, machineId: machine.id, machineName, inventory };
}

type ReportShape = {
  categories: { id: number; name: string; questions: { id: number; answer_options: string[] }[] }[];
};

/**
 * Fills in a report through the API as the mechanic's device would: every question of the
 * categories not skipped gets an option (`option(i)` for the i-th question, 1-based), the
 * categories named in `skip` are skipped; `submit` submits it.
 */
export async function fillReport(
  mechanic: ApiSession,
  reportId: number,
  {
    skip = [],
    option = () => 1,
    memo,
    submit = false,
    upTo = Infinity,
  }: {
    skip?: string[];
    option?: (i: number) => number;
    memo?: string;
    submit?: boolean;
    upTo?: number;
  },
) {
  const report = await mechanic.get<ReportShape>(`/api/reports/${reportId}`);
  let i = 0;
  for (const c of report.categories) {
    if (skip.includes(c.name)) {
      await mechanic.send('PUT', `/api/reports/${reportId}/categories/${c.id}`, { skipped: '1' });
      continue;
    }
    for (const q of c.questions) {
      if (++i > upTo) break;
      await mechanic.send('PUT', `/api/reports/${reportId}/answers/${q.id}`, {
        option: option(i),
        memo: i === 1 && memo ? memo : '',
        answered_at: new Date().toISOString(),
      });
    }
  }
  if (submit) await mechanic.send('POST', `/api/reports/${reportId}/submit`);
}

/** The question `number` of the report screen (its group is named "<number>. <question>"). */
export const question = (page: Page, number: number) => page.getByRole('group', { name: new RegExp(`^${number}\\. `) });

/** The report screen's progress ("3 / 7 beantwoord"). */
export const progress = (page: Page) => page.getByTestId('report-progress');

/** "Rapport afronden"'s dialog (the verdict line and the signatures). */
export const signatureDialog = (page: Page) => page.getByRole('dialog', { name: 'Rapport afronden' });

/** The signature pad of `role` in the dialog (a canvas named "Handtekening monteur: ..."). */
export const signaturePad = (page: Page, role: 'monteur' | 'klant') =>
  signatureDialog(page).getByRole('img', { name: new RegExp(`^Handtekening ${role}`) });

/** Draws a signature on `pad` with the mouse: one stroke, zigzagging across the box. */
export async function drawSignature(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  // The dialog slides or grows in: draw once it stands still, or the strokes miss the pad.
  await pad.evaluate((el) =>
    Promise.all(
      el.ownerDocument
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const x = (f: number) => box.x + 16 + f * (box.width - 32);
  const y = (f: number) => box.y + box.height * f;
  await page.mouse.move(x(0), y(0.6));
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x(i / 10), y(i % 2 ? 0.3 : 0.7), { steps: 4 });
  await page.mouse.up();
}

/**
 * Draws a signature on `pad` with a finger (touch events, as a phone sends them), as a person
 * does: at once, in a quick stroke whose end flicks off.
 */
export async function drawSignatureByTouch(page: Page, pad: Locator) {
  await expect(pad).toBeVisible();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (f: number, g: number) => ({ x: box.x + 16 + f * (box.width - 32), y: box.y + box.height * g });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0, 0.6)] });
  for (let i = 1; i <= 20; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i / 20, i % 2 ? 0.3 : 0.7)] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * In "Rapport afronden"'s dialog: the mechanic signs (the name is prefilled with the logged-in
 * user's), and the customer's contact too when `customer` names one; then "Afronden".
 */
export async function signAndFinish(page: Page, { customer }: { customer?: string } = {}) {
  const dialog = signatureDialog(page);
  await expect(dialog).toBeVisible();
  await drawSignature(page, signaturePad(page, 'monteur'));
  if (customer) {
    await dialog.getByRole('textbox', { name: 'Naam contactpersoon klant' }).fill(customer);
    await drawSignature(page, signaturePad(page, 'klant'));
  }
  await dialog.getByRole('button', { name: 'Afronden' }).click();
}
