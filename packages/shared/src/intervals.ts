import { z } from 'zod';
import { COMPLIANCE_TEXT, DUE_TYPES, MAX_INTERVAL_MONTHS, MIN_INTERVAL_MONTHS, type DueType } from './compliance';
import { MSG, idField, sentAs } from './validation';

/*
 * Inspection intervals: months per due type (Keuring, Onderhoud,
 * Veiligheid) for a machine type, overridable per customer (per machine type) and per machine.
 * The machine's override beats the customer's, which beats the machine type's default.
 * - GET/PUT /api/machine-types/:id/intervals                    IntervalSet / IntervalSetInput
 * - GET/PUT /api/customers/:customerId/intervals                CustomerIntervalRow[] / CustomerIntervalsInput
 * - GET/PUT /api/customers/:customerId/machines/:id/intervals   MachineIntervals / IntervalSetInput
 * - GET     /api/customers/:customerId/machines/:id/due         MachineDue[] (compliance.ts)
 * Writing is an upsert or delete per due type; the database's triggers refresh the due dates.
 */

/** Months per due type; null: none (no interval, or no override). */
export const IntervalSetSchema = z.object({
  inspection: z.number().int().nullable(),
  maintenance: z.number().int().nullable(),
  safety: z.number().int().nullable(),
});
export type IntervalSet = z.infer<typeof IntervalSetSchema>;

/** Where an interval that applies comes from. */
export const INTERVAL_SOURCES = ['machine', 'customer', 'machine_type'] as const;
export type IntervalSource = (typeof INTERVAL_SOURCES)[number];
export const INTERVAL_SOURCE_LABELS: Record<IntervalSource, string> = {
  machine: 'deze machine',
  customer: 'de klant',
  machine_type: 'het machinetype',
};

/** The interval that applies and where it comes from; null: no interval. */
export const EffectiveIntervalSchema = z.object({ months: z.number().int(), source: z.enum(INTERVAL_SOURCES) });
export type EffectiveInterval = z.infer<typeof EffectiveIntervalSchema>;

const effectiveSet = z.object({
  inspection: EffectiveIntervalSchema.nullable(),
  maintenance: EffectiveIntervalSchema.nullable(),
  safety: EffectiveIntervalSchema.nullable(),
});

/**
 * An interval as a form sends it: a whole number of months from 1 to 120, as a number or text;
 * '' (or null, or absent) is none.
 */
export const intervalField = () =>
  sentAs<string | number | null | undefined>()(
    z.preprocess(
      (v) => {
        if (v === undefined || v === null) return null;
        if (typeof v === 'string') {
          const text = v.trim();
          if (text === '') return null;
          return /^\d+$/.test(text) ? Number(text) : Number.NaN;
        }
        return v;
      },
      z
        .number({ error: COMPLIANCE_TEXT.intervalInvalid })
        .int({ error: COMPLIANCE_TEXT.intervalInvalid })
        .min(MIN_INTERVAL_MONTHS, { error: COMPLIANCE_TEXT.intervalInvalid })
        .max(MAX_INTERVAL_MONTHS, { error: COMPLIANCE_TEXT.intervalInvalid })
        .nullable(),
    ),
  );

/** The three intervals of a form: machine type defaults, or a machine's overrides. */
export const IntervalSetInputSchema = z.object({
  inspection: intervalField(),
  maintenance: intervalField(),
  safety: intervalField(),
});
export type IntervalSetFormValues = z.input<typeof IntervalSetInputSchema>;
export type IntervalSetInput = z.output<typeof IntervalSetInputSchema>;

/** A machine type in the customer's intervals screen: the type's defaults and the customer's overrides. */
export const CustomerIntervalRowSchema = z.object({
  machine_type_id: z.number().int(),
  machine_type_name: z.string(),
  /** The customer's machines of this type (not archived). */
  machine_count: z.number().int(),
  defaults: IntervalSetSchema,
  overrides: IntervalSetSchema,
});
export type CustomerIntervalRow = z.infer<typeof CustomerIntervalRowSchema>;

export const CustomerIntervalRowInputSchema = IntervalSetInputSchema.extend({ machine_type_id: idField() });
type CustomerIntervalRowValues = z.input<typeof CustomerIntervalRowInputSchema>;

/**
 * The customer's overrides per machine type; a type left out keeps its overrides. `intervals` is
 * a JSON array, or (as the web's forms send everything as form fields) that array as JSON text.
 */
export const CustomerIntervalsInputSchema = z.object({
  intervals: sentAs<CustomerIntervalRowValues[] | string>()(
    z.preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      },
      z
        .array(CustomerIntervalRowInputSchema, { error: MSG.invalidChoice })
        .max(1000)
        .refine((rows) => new Set(rows.map((r) => r.machine_type_id)).size === rows.length, {
          error: 'Elk machinetype mag maar één keer voorkomen',
        }),
    ),
  ),
});
/** The customer intervals form (the web sends its rows as JSON text). */
export const CustomerIntervalsFormSchema = z.object({ intervals: z.array(CustomerIntervalRowInputSchema) });
export type CustomerIntervalsFormValues = z.input<typeof CustomerIntervalsFormSchema>;
export type CustomerIntervalsInput = z.output<typeof CustomerIntervalsInputSchema>;

/**
 * A machine's intervals: its own overrides, what applies without them (the customer's or the
 * machine type's: the placeholder of the form) and what applies now.
 */
export const MachineIntervalsSchema = z.object({
  overrides: IntervalSetSchema,
  inherited: effectiveSet,
  effective: effectiveSet,
});
export type MachineIntervals = z.infer<typeof MachineIntervalsSchema>;

/** An IntervalSet as form values ('' for none). */
export const intervalFormValues = (set: IntervalSet | undefined): Record<DueType, string> =>
  Object.fromEntries(DUE_TYPES.map((t) => [t, set?.[t] == null ? '' : String(set[t])])) as Record<DueType, string>;

export const INTERVALS_TEXT = {
  title: 'Intervallen',
  saved: 'Intervallen zijn opgeslagen',
  monthsSuffix: 'maanden',
  months: (n: number) => (n === 1 ? '1 maand' : `${n} maanden`),
  none: 'Geen interval',
  defaultHint: 'Leeg: geen interval',
  overrideHint: 'Leeg: de standaard van het machinetype',
  machineOverrideHint: 'Leeg: wat voor de klant of het machinetype geldt',
  customerIntro:
    'Per machinetype geldt het interval van het machinetype. Vul een aantal maanden in om het voor deze klant te wijzigen; laat het leeg voor de standaard.',
  noMachineTypes: 'Deze klant heeft nog geen machines met een machinetype.',
} as const;
