import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, loginAs } from '../support/login';
import { PNG_10X10 } from '../customers/helpers';
import { DESKTOP, PHONE, checkScreen, eachLook, setTheme } from '../support/looks';

export { PNG_10X10 };

/** MALFUNCTION_TEXT of packages/shared/src/malfunctions.ts, word for word. */
export const MALFUNCTION_TEXT = {
  reported: 'Storing gemeld',
  contact: 'Er wordt meestal binnen 1 werkdag contact met je opgenomen.',
  report: 'Storing melden',
  mine: 'Mijn storingen',
  throttled:
    'Je hebt het afgelopen uur al veel storingen gemeld. Probeer het later opnieuw of neem telefonisch contact op.',
  tooManyPhotos: "Maximaal 3 foto's",
  openMalfunction: 'Open storing',
  urgency: 'Hoe erg is het?',
  contactPhone: 'Bereikbaar op',
  urgent: 'Spoed',
  respondBy: 'Reactie vóór',
  late: 'Reactie te laat',
} as const;

/** MALFUNCTION_URGENCY_LABELS: the report dialog's required choice. */
export const URGENCY_LABELS = { urgent: 'Machine staat stil', normal: 'Machine werkt nog' } as const;

export { DESKTOP, PHONE };

/** A photo for a file input: a real small PNG under `name`. */
export const photo = (name = 'storing.png') => ({ name, mimeType: 'image/png', buffer: PNG_10X10 });

/** Logs in as the demo customer user (klant@example.com) and lands on "Mijn machines". */
export async function loginAsCustomer(page: Page, email: string = ACCOUNTS.customer) {
  await loginAs(page, email);
  await expect(page).toHaveURL('/machines');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn machines' })).toBeVisible();
}

type LatestDates = Record<'safety' | 'inspection' | 'maintenance' | 'inspection_maintenance', string | null>;
/** A machine of "Mijn machines" (GET /api/machines) as far as the tests read it. */
export type OwnMachineRow = {
  id: number;
  name: string;
  inventory_number: string;
  latest_reports: LatestDates;
  open_malfunctions: number;
};
/** A customer's malfunction (OwnMalfunction) as far as the tests read it. */
export type OwnMalfunctionRow = { id: number; machine_id: number; description: string; status: string };

/** A logged-in API session of its own (cookie and CSRF token) for a test's setup: GETs and a malfunction. */
export class PortalSession {
  private constructor(
    private readonly ctx: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(baseURL: string, email: string = ACCOUNTS.customer): Promise<PortalSession> {
    const ctx = await playwrightRequest.newContext({ baseURL });
    const token = async () => ((await (await ctx.get('/api/token')).json()) as { data: { token: string } }).data.token;
    const res = await ctx.post('/api/login', {
      data: { email, password: DEMO_PASSWORD },
      headers: { 'X-CSRF-TOKEN': await token() },
    });
    expect(res.status(), `login ${email}`).toBe(200);
    return new PortalSession(ctx, await token());
  }

  async get<T>(path: string): Promise<T> {
    const res = await this.ctx.get(path);
    expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  }

  /** The customer's machines in use (one page of 100), with their latest report dates. */
  machines(): Promise<OwnMachineRow[]> {
    return this.get<OwnMachineRow[]>('/api/machines?itemsPerPage=100');
  }

  /** Reports a malfunction on `machineId` as the customer's device does (multipart, with an optional photo). */
  async reportMalfunction(
    machineId: number,
    description: string,
    opts: { remark?: string; withPhoto?: boolean; urgency?: 'urgent' | 'normal'; phone?: string } = {},
  ) {
    const res = await this.ctx.post(`/api/machines/${machineId}/malfunctions`, {
      multipart: {
        description,
        remark: opts.remark ?? '',
        urgency: opts.urgency ?? 'normal',
        contact_phone: opts.phone ?? '',
        ...(opts.withPhoto ? { photos: photo() } : {}),
      },
      headers: { 'X-CSRF-TOKEN': this.token },
    });
    expect(res.status(), `POST malfunction: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { data: OwnMalfunctionRow }).data;
  }

  /** Withdraws the customer's malfunction `id` ("Storing intrekken") with `reason`. */
  async withdrawMalfunction(id: number, reason: string) {
    const res = await this.ctx.post(`/api/own-malfunctions/${id}/withdraw`, {
      data: { reason },
      headers: { 'X-CSRF-TOKEN': this.token },
    });
    expect(res.status(), `withdraw malfunction ${id}: ${await res.text()}`).toBe(200);
  }

  dispose() {
    return this.ctx.dispose();
  }
}

/**
 * A machine of the demo customer with a submitted report of `type` (the demo seed's history),
 * preferring one without an open malfunction.
 */
export async function machineWithReport(
  customer: PortalSession,
  type: keyof LatestDates = 'inspection',
): Promise<OwnMachineRow> {
  const machines = (await customer.machines()).filter((m) => m.latest_reports[type]);
  expect(machines.length, `a demo machine with a ${type} report`).toBeGreaterThan(0);
  return machines.find((m) => m.open_malfunctions === 0) ?? machines[0]!;
}

/**
 * Creates a malfunction through the API as the customer user (klant@example.com by default):
 * for the office's tests, which then handle it.
 */
export async function createMalfunction(
  baseURL: string,
  description: string,
  opts: { email?: string; machineId?: number; withPhoto?: boolean } = {},
) {
  const customer = await PortalSession.login(baseURL, opts.email);
  try {
    const machineId = opts.machineId ?? (await machineWithReport(customer)).id;
    return await customer.reportMalfunction(machineId, description, { withPhoto: opts.withPhoto });
  } finally {
    await customer.dispose();
  }
}

/** The open "Storing melden" dialog. */
export const malfunctionDialog = (page: Page) => page.getByRole('dialog', { name: MALFUNCTION_TEXT.report });

/**
 * The notification `text`. While a dialog is open MUI hides the rest of the page from the
 * accessibility tree (aria-hidden), the notification too: it is found by its role attribute.
 */
export async function expectNotificationBehindDialog(page: Page, text: string) {
  await expect(page.locator('[role="status"]').filter({ hasText: text }).first()).toBeVisible();
}

/** Chooses the urgency in the open report dialog (required, nothing chosen beforehand). */
export async function chooseUrgency(page: Page, urgency: keyof typeof URGENCY_LABELS = 'normal') {
  const group = malfunctionDialog(page).getByRole('radiogroup', { name: MALFUNCTION_TEXT.urgency });
  await group.getByRole('radio', { name: URGENCY_LABELS[urgency] }).check();
}

/**
 * Fills in the open report dialog (description, urgency, remark, "Bereikbaar op", photos) and sends
 * it; waits for the notification "Storing gemeld" and the confirmation view with the contact text.
 */
export async function reportThroughDialog(
  page: Page,
  fields: {
    description: string;
    urgency?: keyof typeof URGENCY_LABELS;
    remark?: string;
    phone?: string;
    photos?: ReturnType<typeof photo>[];
  },
) {
  const dialog = malfunctionDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Omschrijving' }).fill(fields.description);
  await chooseUrgency(page, fields.urgency);
  if (fields.phone !== undefined) {
    await dialog.getByRole('textbox', { name: MALFUNCTION_TEXT.contactPhone }).fill(fields.phone);
  }
  if (fields.remark) await dialog.getByRole('textbox', { name: 'Opmerking' }).fill(fields.remark);
  if (fields.photos?.length) {
    await dialog.getByLabel('Foto kiezen').setInputFiles(fields.photos);
    await expect(dialog.getByRole('img', { name: /^Foto \d/ })).toHaveCount(fields.photos.length);
  }
  await dialog.getByRole('button', { name: MALFUNCTION_TEXT.report }).click();
  await expectNotificationBehindDialog(page, MALFUNCTION_TEXT.reported);
  const done = page.getByRole('dialog', { name: MALFUNCTION_TEXT.reported });
  await expect(done).toContainText(MALFUNCTION_TEXT.contact);
  return done;
}

/** Opens "Mijn storingen" through the main menu (on a phone behind the menu button). */
export async function openMyMalfunctions(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  // The app bar and the menu render together: once the bar is there, a hidden item means a phone.
  await expect(page.getByRole('button', { name: /^Account van / })).toBeVisible();
  if (!(await menu.getByRole('link', { name: MALFUNCTION_TEXT.mine }).isVisible())) {
    await page.getByRole('button', { name: 'Menu openen' }).click();
  }
  await menu.getByRole('link', { name: MALFUNCTION_TEXT.mine }).click();
  await expect(page).toHaveURL('/malfunctions');
  await expect(page.getByRole('heading', { level: 1, name: MALFUNCTION_TEXT.mine })).toBeVisible();
}

/** No sideways scrolling, no serious axe finding, then /tmp/shots/portal-<name>.png (support/looks.ts). */
export const shoot = (page: Page, name: string) => checkScreen(page, `portal-${name}`);

export { eachLook, setTheme };
