import { z } from 'zod';
import { listQuerySchema } from './api';
import { DUE_FILTERS, DUE_STATES } from './compliance';
import { dutchParts } from './format';
import { INSPECTION_TYPES } from './questionnaires';
import { MSG, idField, optionalIdField, optionalText, requiredText, sentAs } from './validation';

export const MACHINE_STATUSES = ['active', 'concept', 'inactive'] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];
/** The statuses an admin sets in the machine form; Concept is only left through approval. */
export const EDITABLE_MACHINE_STATUSES = ['active', 'inactive'] as const;
export const MACHINE_STATUS_LABELS: Record<MachineStatus, string> = {
  active: 'Actief',
  concept: 'Concept',
  inactive: 'Niet actief',
};

/** Manufacture years from 1900 up to next year (issue rule), the Dutch year. */
export const MIN_YEAR = 1900;
export const maxManufactureYear = (now = new Date()) => dutchParts(now).year + 1;

/** Highest price in cents: € 10.000.000,00 (the column is a PostgreSQL integer). */
export const MAX_PRICE_CENTS = 1_000_000_000;

/**
 * A price typed as "12", "12,50", "1.234,50" or "1.234" (Dutch: the dot groups thousands) or
 * "12.50" (a decimal dot with one or two decimals), or sent as a number; in cents.
 */
export function parsePrice(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/^€\s*/, '');
  if (text === '') return null;
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) normalized = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d+([.,]\d{1,2})?$/.test(text)) normalized = text.replace(',', '.');
  else return undefined;
  const cents = Math.round(Number(normalized) * 100);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

const yearField = () =>
  sentAs<string | number | null | undefined>()(
    z.preprocess(
      (v) => {
        const text = typeof v === 'string' ? v.trim() : v;
        return text === '' || text === undefined ? null : text;
      },
      z.coerce
        .number({ error: MSG.invalidNumber })
        .int({ error: MSG.invalidNumber })
        .min(MIN_YEAR, { error: `Kies een jaar vanaf ${MIN_YEAR}` })
        .refine((y) => y <= maxManufactureYear(), { error: 'Dit jaar ligt te ver in de toekomst' })
        .nullable(),
    ),
  );

/**
 * The price in euros as typed ("1.234,50"); the API answers `price_cents`. A form sends the text,
 * never the parsed cents: its type is a string, so sending the parsed number does not compile.
 */
const priceField = () =>
  sentAs<string | null | undefined>()(
    z.preprocess(
      (v) => {
        const cents = parsePrice(v);
        return cents === undefined ? 'invalid' : cents;
      },
      z
        .number({ error: 'Ongeldig bedrag (bijvoorbeeld 12,50)' })
        .int()
        .min(0, { error: 'Het bedrag kan niet negatief zijn' })
        .max(MAX_PRICE_CENTS, { error: 'Dit bedrag is te hoog' })
        .nullable(),
    ),
  );

/**
 * Actief or Niet actief; omitted (or '') keeps the machine's status (a new machine is Actief).
 * A concept machine stays Concept whatever is sent: it becomes Actief only through approval.
 */
const editableStatusField = () =>
  sentAs<MachineStatus | '' | undefined>()(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(EDITABLE_MACHINE_STATUSES, { error: MSG.invalidChoice }).optional(),
    ),
  );

/** Questionnaire per inspection type: form fields questionnaire_inspection, ..._maintenance ... */
const questionnaireFields = Object.fromEntries(
  INSPECTION_TYPES.map((t) => [`questionnaire_${t}`, optionalIdField()]),
) as Record<`questionnaire_${(typeof INSPECTION_TYPES)[number]}`, ReturnType<typeof optionalIdField>>;

/** A machine as the API returns it, with the names of what it refers to. */
export const MachineSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  name: z.string(),
  inventory_number: z.string(),
  factory_number: z.string().nullable(),
  manufacturer: z.string().nullable(),
  manufacture_year: z.number().int().nullable(),
  machine_type_id: z.number().int().nullable(),
  machine_type_name: z.string().nullable(),
  brand_id: z.number().int().nullable(),
  brand_name: z.string().nullable(),
  brand_type_id: z.number().int().nullable(),
  brand_type_name: z.string().nullable(),
  status: z.enum(MACHINE_STATUSES),
  /** Price in cents; shown as "€ 12,00". */
  price_cents: z.number().int().nullable(),
  report_year: z.number().int().nullable(),
  /** The questionnaire id per inspection type the machine uses. */
  questionnaires: z.partialRecord(z.enum(INSPECTION_TYPES), z.number().int()),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The earliest "Volgende keuring vóór" over its due types ("YYYY-MM-DD"); null without an interval. */
  next_due_date: z.string().nullable(),
  /** Its worst due state (Afgekeurd, Verlopen, Binnenkort, In orde, Geen interval), computed by the database. */
  due_state: z.enum(DUE_STATES),
});
export type Machine = z.infer<typeof MachineSchema>;

/** What an admin fills in for a machine. Concept -> Actief goes through approval, archiving apart. */
export const MachineInputSchema = z.object({
  name: requiredText(),
  inventory_number: requiredText(),
  factory_number: optionalText(),
  manufacturer: optionalText(),
  manufacture_year: yearField(),
  location_id: idField(),
  department_id: optionalIdField(),
  room_id: optionalIdField(),
  machine_type_id: optionalIdField(),
  brand_id: optionalIdField(),
  brand_type_id: optionalIdField(),
  price: priceField(),
  status: editableStatusField(),
  ...questionnaireFields,
});
export type MachineInput = z.output<typeof MachineInputSchema>;
export type MachineFormValues = z.input<typeof MachineInputSchema>;

export const MACHINE_SORT_KEYS = [
  'name',
  'inventory_number',
  'manufacture_year',
  'status',
  'created_at',
  'next_due_date',
] as const;
/** The filters of the machines list (query keys; the screen keeps them in its URL). */
export const MACHINE_FILTER_KEYS = [
  'location_id',
  'department_id',
  'room_id',
  'machine_type_id',
  'brand_id',
  'status',
  'due_state',
] as const;
export type MachineFilterKey = (typeof MACHINE_FILTER_KEYS)[number];

export const MachineListQuerySchema = listQuerySchema(MACHINE_SORT_KEYS, 'name').extend({
  location_id: idField().optional(),
  department_id: idField().optional(),
  room_id: idField().optional(),
  machine_type_id: idField().optional(),
  brand_id: idField().optional(),
  status: z.enum(MACHINE_STATUSES, { error: MSG.invalidChoice }).optional(),
  due_state: z.enum(DUE_STATES, { error: MSG.invalidChoice }).optional(),
});

/** A photo of a machine as the API lists it (the file and its thumbnail are served by URL). */
export const MachineImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type MachineImage = z.infer<typeof MachineImageSchema>;

/** Moving a machine within its customer. */
export const MoveInputSchema = z.object({
  location_id: idField(),
  department_id: optionalIdField(),
  room_id: optionalIdField(),
});
export type MoveFormValues = z.input<typeof MoveInputSchema>;
export type MoveInput = z.output<typeof MoveInputSchema>;

export const MachineMoveSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  moved_by: z.string().nullable(),
  moved_at: z.string(),
});
export type MachineMove = z.infer<typeof MachineMoveSchema>;

/** The 422 on `inventory_number` when the customer has a machine with it already (unique per customer, any case). */
export const INVENTORY_NUMBER_TAKEN = 'Deze klant heeft al een machine met dit inventarisnummer';

/** The confirmation of spec section 4 before approving a concept machine. */
export const APPROVE_CONFIRMATION = 'Weet je zeker dat je deze machine wilt goedkeuren?';

/** Formats of the inventory list of a customer. */
export const INVENTORY_FORMATS = ['xlsx', 'pdf'] as const;
export type InventoryFormat = (typeof INVENTORY_FORMATS)[number];

/** The inventory export takes the filters, search and sort of the machines screen, without paging. */
export const InventoryExportQuerySchema = MachineListQuerySchema.omit({ page: true, itemsPerPage: true }).extend({
  format: z.enum(INVENTORY_FORMATS, { error: MSG.invalidChoice }),
});
export type InventoryExportQuery = z.output<typeof InventoryExportQuerySchema>;

/** Statuses a customer sees of its own machines (concept machines wait for an admin first). */
export const OWN_MACHINE_STATUSES = ['active', 'inactive'] as const;
/** The filters of a customer's own machines list (the compliance summary's links set them too). */
export const OWN_MACHINE_FILTER_KEYS = [
  'location_id',
  'status',
  'due_state',
] as const satisfies readonly MachineFilterKey[];

/**
 * GET /api/machines: the machines a customer sees of its own (not archived, not concept: the
 * server's `seenByCustomer`), by location, status and due state (or In orde and Binnenkort together).
 */
export const OwnMachineListQuerySchema = listQuerySchema(MACHINE_SORT_KEYS, 'name')
  .omit({ archived: true })
  .extend({
    location_id: idField().optional(),
    status: z.enum(OWN_MACHINE_STATUSES, { error: MSG.invalidChoice }).optional(),
    due_state: z.enum(DUE_FILTERS, { error: MSG.invalidChoice }).optional(),
  });

/** GET /api/machines/export: the customer's own inventory list, with the screen's search and sort. */
export const OwnInventoryExportQuerySchema = OwnMachineListQuerySchema.omit({ page: true, itemsPerPage: true }).extend({
  format: z.enum(INVENTORY_FORMATS, { error: MSG.invalidChoice }),
});
