import { z } from 'zod';
import { MAX_DESCRIPTION } from './malfunctions';
import { MAX_TEXT, MSG, hasNoNul, requiredText } from './validation';

/*
 * QR labels and the machine's public page (section 5).
 *
 * Every machine has one label token: 16 random bytes (128 bits) in base64url, 22 characters. The
 * QR code on its label holds `${APP_URL}/m/<token>` (labelUrl). Printing reuses the machine's
 * token (a lost or damaged sticker is simply reprinted, the other stickers keep working); "Nieuwe
 * code" issues a new token and so revokes every label printed before (a sticker on a machine that
 * was sold, or a code that leaked). The server stores the token's SHA-256 for the lookup and the
 * token itself encrypted (secret box) for reprinting; a database dump alone opens no public page.
 *
 * Anonymous (no session; throttled per address; X-Robots-Tag: noindex, nofollow):
 * - GET  /api/public/labels/:token                   -> { data: PublicLabel }; 404 LABEL_TEXT.invalidCode
 * - POST /api/public/labels/:token/malfunctions      multipart PublicMalfunctionInput + optional file `photo`
 *                                                    -> 201 { message: LABEL_TEXT.reported }; 429 LABEL_TEXT.throttled*
 *   CSRF as registration and password reset: the anonymous session's token from GET /api/token in
 *   the X-CSRF-Token header.
 * Logged in (any role):
 * - GET  /api/labels/:token                          -> { data: LabelTarget }; 404 (unknown token, or a
 *                                                       machine of another customer: the same answer)
 * Mechanic and admin:
 * - POST /api/labels/:token/plan                     -> 201 { data: LabelPlanResult }: the machine on today's
 *                                                       task list of its location for this user; 409 when
 *                                                       it is already planned and open (LABEL_TEXT.alreadyPlanned)
 * Office (admins, as the machine screens):
 * - GET  /api/customers/:customerId/locations/:locationId/labels?layout=   PDF, every active machine
 * - GET  /api/customers/:customerId/machines/:id/label?layout=             PDF, one machine
 * - POST /api/customers/:customerId/machines/:id/label/renew               "Nieuwe code" -> { data: { renewed: true }, message }
 */

/** The label token: 16 random bytes in base64url (no padding). */
export const LABEL_TOKEN_BYTES = 16;
export const LABEL_TOKEN_LENGTH = 22;
export const LABEL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The path of a machine's label page in the web app; the QR holds `${APP_URL}${labelPath(token)}`. */
export const labelPath = (token: string): string => `/m/${token}`;
export const labelUrl = (appUrl: string, token: string): string => `${appUrl.replace(/\/+$/, '')}${labelPath(token)}`;

/** Public page reads per address per minute; more answer 429. */
export const LABEL_READS_PER_MINUTE = 60;
/** Anonymous malfunction reports per address per hour. */
export const PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR = 5;
/** Anonymous malfunction reports per machine per hour (from all addresses together). */
export const PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR = 10;

/** The machine's state on its public page. `unknown`: no interval applies, nothing to say. */
export const LABEL_STATES = ['up_to_date', 'due_soon', 'overdue', 'rejected', 'unknown'] as const;
export type LabelState = (typeof LABEL_STATES)[number];
export const LABEL_STATE_LABELS: Record<LabelState, string> = {
  up_to_date: 'Keuring in orde',
  due_soon: 'Keuring binnenkort',
  overdue: 'Keuring verlopen',
  rejected: 'Afgekeurd',
  unknown: 'Onbekend',
};

/** GET /api/public/labels/:token: only these fields, no report details. */
export const PublicLabelSchema = z.object({
  /** The inspection company (the app's company name), not the customer. */
  company_name: z.string(),
  name: z.string(),
  inventory_number: z.string(),
  state: z.enum(LABEL_STATES),
});
export type PublicLabel = z.infer<typeof PublicLabelSchema>;

/** Digits in a phone number: 10 for a Dutch number, up to 15 internationally (E.164). */
const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{6,23}$/;
const isPhone = (v: string): boolean => {
  if (!PHONE_PATTERN.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
};
const isEmail = (v: string): boolean => z.email().safeParse(v).success;

/** A phone number or an e-mail address: "Vul een telefoonnummer of e-mailadres in". */
export const contactField = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(MAX_TEXT, { error: MSG.maxText, abort: true })
    .refine((v) => (v.includes('@') ? isEmail(v) : isPhone(v)), {
      error: (issue) =>
        typeof issue.input === 'string' && issue.input.includes('@') ? MSG.email : LABEL_TEXT.invalidContact,
    });

/**
 * POST /api/public/labels/:token/malfunctions: what anyone on the shop floor fills in (the photo
 * travels as the file part `photo`, at most one, checked by the one image intake).
 */
export const PublicMalfunctionInputSchema = z.object({
  name: requiredText(),
  contact: contactField(),
  description: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(MAX_DESCRIPTION, { error: `Maximaal ${MAX_DESCRIPTION} tekens` })
    .refine(hasNoNul, { error: MSG.invalidCharacters }),
});
export type PublicMalfunctionInput = z.output<typeof PublicMalfunctionInputSchema>;
export type PublicMalfunctionFormValues = z.input<typeof PublicMalfunctionInputSchema>;

/** Where a logged-in user who opened a label goes. */
export const LABEL_TARGETS = ['office', 'mechanic', 'customer'] as const;
export type LabelTarget = (typeof LABEL_TARGETS)[number];

/**
 * GET /api/labels/:token: admin / super admin -> 'office' (the office machine screen
 * /customers/:customer_id/machines/:machine_id); mechanic -> 'mechanic' with the open report of
 * the machine on one of their task lists (open_report_id, else null: offer POST .../plan); a user
 * of the machine's customer -> 'customer' (their machine screen). Another customer's user: 404.
 */
export const LabelTargetSchema = z.object({
  machine_id: z.number().int(),
  customer_id: z.number().int(),
  location_id: z.number().int(),
  target: z.enum(LABEL_TARGETS),
  open_report_id: z.number().int().nullable(),
});
export type LabelTargetResult = z.infer<typeof LabelTargetSchema>;

/** POST /api/labels/:token/plan: the new report on today's task list. */
export const LabelPlanResultSchema = z.object({ report_id: z.number().int() });
export type LabelPlanResult = z.infer<typeof LabelPlanResultSchema>;

/** The label layouts: an A4 sheet of 3 x 8 stickers (70 x 37 mm) and a 62 mm label printer roll. */
export const LABEL_LAYOUTS = ['a4-3x8', 'label-62mm'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];
export const LABEL_LAYOUT_LABELS: Record<LabelLayout, string> = {
  'a4-3x8': 'A4-stickervel 3 x 8 (70 x 37 mm)',
  'label-62mm': 'Labelprinter 62 mm',
};
/** ?layout= of the label PDFs; default A4 3 x 8. */
export const LabelPdfQuerySchema = z.object({
  layout: z.enum(LABEL_LAYOUTS, { error: MSG.invalidChoice }).default('a4-3x8'),
});
export type LabelPdfQuery = z.output<typeof LabelPdfQuerySchema>;

const MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;
/** "YYYY-MM-DD" -> "maart 2026". */
export const formatMonthYear = (day: string): string => {
  const [y, m] = day.split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} ${y}`;
};
/** The label's date line: "Gekeurd maart 2026 / Volgende keuring maart 2027" (null parts left out). */
export const labelDateLine = (lastDate: string | null, nextDue: string | null): string | null => {
  const parts = [
    lastDate ? `Gekeurd ${formatMonthYear(lastDate)}` : null,
    nextDue ? `Volgende keuring ${formatMonthYear(nextDue)}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' / ') : null;
};

export const LABEL_TEXT = {
  invalidCode: 'Deze code is niet (meer) geldig.',
  reported: 'Bedankt. Je melding is doorgegeven aan de keuringsdienst.',
  reportTitle: 'Storing melden',
  name: 'Je naam',
  contact: 'Telefoonnummer of e-mailadres',
  description: 'Omschrijving van de storing',
  photo: 'Foto (optioneel)',
  onePhoto: 'Maximaal 1 foto',
  invalidContact: 'Vul een geldig telefoonnummer of e-mailadres in',
  throttledAddress:
    'Je hebt het afgelopen uur al veel meldingen gedaan. Probeer het later opnieuw of neem telefonisch contact op.',
  throttledMachine:
    'Voor deze machine zijn het afgelopen uur al veel storingen gemeld. Probeer het later opnieuw of neem telefonisch contact op.',
  throttledRead: 'Te veel verzoeken. Probeer het over een minuut opnieuw.',
  /** The office's malfunction screens: who reported it without an account. */
  anonymousReporter: (name: string, contact: string) => `Anoniem gemeld via QR-label: ${name}, ${contact}`,
  alreadyPlanned: 'Deze machine staat al open op een takenlijst.',
  alreadyOnList: 'Deze machine staat al op je takenlijst van vandaag.',
  planned: 'Machine is toegevoegd aan de takenlijst van vandaag',
  addToToday: 'Toevoegen aan takenlijst van vandaag',
  labels: 'Labels afdrukken',
  label: 'Label afdrukken',
  renew: 'Nieuwe code',
  renewConfirm: 'Alle eerder geprinte labels van deze machine werken daarna niet meer. Doorgaan?',
  renewed: 'Er is een nieuwe code gemaakt. Print het label opnieuw.',
  inspected: (month: string) => `Gekeurd ${month}`,
  nextInspection: (month: string) => `Volgende keuring ${month}`,
} as const;
