import { z } from 'zod';
import { PageMetaSchema } from './api';
import { formatDateTime, formatDay } from './format';

/**
 * The audit trail: who changed what and when, one append-only row per change of a
 * customer, place, machine, question(naire), report, malfunction or user, written by the database
 * in the change's transaction.
 *
 * - GET /api/audit                                   page of AuditEvent, AuditListQuery (audit.view: super admins)
 * - GET /api/audit/export                            the same filters as xlsx (audit.view)
 * - GET /api/customers/{c}/machines/{m}/history      the machine's own events and those of its reports and
 *                                                    malfunctions, newest first (customers.view)
 * - GET /api/reports/{id}/history                    the report's events (reports.view)
 */

export const AUDIT_ENTITIES = [
  'customer',
  'location',
  'department',
  'room',
  'machine',
  'question',
  'questionnaire',
  'questionnaire_category',
  'questionnaire_question',
  'report',
  'malfunction',
  'user',
  'api_token',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  customer: 'Klant',
  location: 'Locatie',
  department: 'Afdeling',
  room: 'Ruimte',
  machine: 'Machine',
  question: 'Vraag',
  questionnaire: 'Vragenlijst',
  questionnaire_category: 'Categorie van vragenlijst',
  questionnaire_question: 'Vraag van vragenlijst',
  report: 'Rapport',
  malfunction: 'Storing',
  user: 'Gebruiker',
  api_token: 'API-token',
};

/** `use`: a request made with a personal API token (which route, what it answered). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'use'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Aangemaakt',
  update: 'Gewijzigd',
  delete: 'Verwijderd',
  use: 'Gebruikt',
};

/** What a secret column's value reads as in the trail (password hash, two-factor secret). */
export const AUDIT_HIDDEN = '[verborgen]';

/** Dutch names of the recorded columns; a column not named here shows as itself. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Naam',
  customer_number: 'Klantnummer',
  archived_at: 'Gearchiveerd op',
  email: 'E-mailadres',
  phone: 'Telefoon',
  contact_person: 'Contactpersoon',
  street: 'Straat',
  house_number: 'Huisnummer',
  addition: 'Toevoeging',
  postcode: 'Postcode',
  city: 'Plaats',
  customer_id: 'Klant',
  location_id: 'Locatie',
  department_id: 'Afdeling',
  room_id: 'Ruimte',
  inventory_number: 'Inventarisnummer',
  factory_number: 'Fabrieksnummer',
  manufacturer: 'Fabrikant',
  manufacture_year: 'Bouwjaar',
  machine_type_id: 'Machinetype',
  brand_id: 'Merk',
  brand_type_id: 'Type',
  status: 'Status',
  price_cents: 'Prijs',
  report_year: 'Rapportjaar',
  created_by: 'Aangemaakt door',
  machine_id: 'Machine',
  tasklist_id: 'Takenlijst',
  questionnaire_id: 'Vragenlijst',
  questionnaire_name: 'Vragenlijst',
  inspection_type: 'Soort keuring',
  filled_in_by: 'Ingevuld door',
  submitted_at: 'Afgerond op',
  not_at_location: 'Niet op locatie',
  verdict: 'Oordeel',
  derived_verdict: 'Berekend oordeel',
  verdict_reason: 'Reden van het oordeel',
  next_due_date: 'Volgende keuring vóór',
  version: 'Versie',
  replaces_report_id: 'Vervangt rapport',
  correction_reason: 'Reden van de correctie',
  reported_by: 'Gemeld door',
  description: 'Omschrijving',
  remark: 'Opmerking',
  handled_by: 'Behandeld door',
  internal_note: 'Interne notitie',
  customer_note: 'Notitie voor de klant',
  resolved_at: 'Opgelost op',
  anonymous: 'Anoniem gemeld',
  reporter_name: 'Naam melder',
  reporter_contact: 'Contact melder',
  urgent: 'Spoed',
  contact_phone: 'Telefoon contact',
  respond_by: 'Reageren vóór',
  responded_at: 'Gereageerd op',
  assigned_to: 'Toegewezen aan',
  report_id: 'Rapport',
  first_name: 'Voornaam',
  preposition: 'Tussenvoegsel',
  last_name: 'Achternaam',
  password_hash: 'Wachtwoord',
  image: 'Profielfoto',
  role: 'Rol',
  activated_at: 'Geactiveerd op',
  lang: 'Taal',
  totp_secret: 'Tweestapsverificatie (sleutel)',
  totp_enabled_at: 'Tweestapsverificatie aan sinds',
  oidc_issuer: 'Google-koppeling',
  oidc_subject: 'Google-account',
  password_change_required: 'Wachtwoord wijzigen verplicht',
  reminder_mails: 'Herinneringsmails',
  malfunction_mails: 'Storingsmails',
  customer_admin: 'Klantbeheerder',
  company_name: 'Bedrijfsnaam',
  given_customer_number: 'Opgegeven klantnummer',
  answer_options: 'Antwoordopties',
  answer_judgements: 'Beoordelingen',
  memo_title: 'Titel memoveld',
  order: 'Volgorde',
  kind: 'Soort',
  unit: 'Eenheid',
  min_value: 'Minimum',
  max_value: 'Maximum',
  position: 'Positie',
  category_id: 'Categorie',
  question_id: 'Vraag',
  questionnaire_category_id: 'Categorie van vragenlijst',
  user_id: 'Gebruiker',
  scope: 'Rechten',
  expires_at: 'Geldig tot',
  revoked_at: 'Ingetrokken op',
  revoked_reason: 'Reden van intrekken',
  token_hash: 'Token',
  request: 'Verzoek',
  status_code: 'Antwoord',
};

/** The label of a recorded column. */
export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? field.replaceAll('_', ' ');

export const AuditChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  /** The recorded values as they were stored (ids, codes, ISO moments). */
  before: z.unknown(),
  after: z.unknown(),
  /** The same as a reader reads them: a name for an id, a Dutch label for a code, a Dutch date. */
  before_text: z.string(),
  after_text: z.string(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who: null is the system (mail queue, reminders, the demo data). */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The personal API token the change (or request) was made with; null: in the app, or the system. */
  api_token: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.array(AuditChangeSchema),
  machine_id: z.number().int().nullable(),
  report_id: z.number().int().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const dayFilter = z
  .string({ error: 'Ongeldige datum' })
  .trim()
  .refine(isDay, { error: 'Ongeldige datum (jjjj-mm-dd)' })
  .optional();
const idFilter = z.coerce
  .number({ error: 'Ongeldig getal' })
  .int({ error: 'Ongeldig getal' })
  .min(1, { error: 'Ongeldig getal' })
  .max(2_147_483_647, { error: 'Ongeldig getal' })
  .optional();

/** GET /api/audit (and its export): newest first, optionally one kind of record, one record, one user, a period (Dutch days, inclusive). */
export const AuditListQuerySchema = z
  .object({
    page: z.coerce.number({ error: 'Ongeldig getal' }).int().min(1).max(1_000_000).default(1),
    itemsPerPage: z.coerce.number({ error: 'Ongeldig getal' }).int().min(1).max(100).default(25),
    /** Words in the recorded values or the user's name. */
    search: z
      .string({ error: 'Ongeldige keuze' })
      .trim()
      .max(255, { error: 'Maximaal 255 tekens' })
      .refine((v) => !v.includes('\u0000'), { error: 'Bevat ongeldige tekens' })
      .optional(),
    entity: z.enum(AUDIT_ENTITIES, { error: 'Ongeldige keuze' }).optional(),
    entity_id: idFilter,
    actor_id: idFilter,
    from: dayFilter,
    to: dayFilter,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: 'Tot moet op of na Van liggen' });
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

/** A page of a record's history (machine, report): newest first. */
export const HistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'Ongeldig getal' }).int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number({ error: 'Ongeldig getal' }).int().min(1).max(100).default(25),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const AuditPageSchema = z.object({ data: z.array(AuditEventSchema), meta: PageMetaSchema });

/** The longest audit export: beyond this the office narrows the filters. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A recorded value as text: empty as "—", yes/no, a moment in Dutch time (27-11-2026 14:05), a
 * day as 27-11-2026, a list joined, anything else as written.
 */
export function auditValueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'ja' : 'nee';
  if (typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v))) {
    return formatDateTime(v);
  }
  if (typeof v === 'string' && DAY_ONLY.test(v)) return formatDay(v);
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.map(auditValueText).join(', ');
  return JSON.stringify(v);
}

/** One change as a line: "Status: Concept → Actief" (a create shows only the new value, a delete the old). */
export const auditChangeText = (c: AuditChange, action: AuditAction): string =>
  action === 'create' || action === 'use'
    ? `${c.label}: ${c.after_text}`
    : action === 'delete'
      ? `${c.label}: ${c.before_text}`
      : `${c.label}: ${c.before_text} → ${c.after_text}`;

/** Who made a change, as the trail reads it: the user (with the API token, when made with one) or "Systeem". */
export const auditActorText = (e: Pick<AuditEvent, 'actor' | 'api_token'>): string =>
  !e.actor ? 'Systeem' : e.api_token ? `${e.actor.name} (API-token "${e.api_token.name}")` : e.actor.name;
