import { z } from 'zod';
import { INSPECTION_TYPE_LABELS, type InspectionType } from './questionnaires';

/*
 * Planning and compliance: the judgement of every answer, the verdict of a report,
 * measurements with limits, and when a machine must be inspected again. The words here are the
 * ones every screen, PDF, xlsx and e-mail uses; the server and the screens derive verdicts and
 * measurement judgements with the same functions, so what the mechanic sees before "Rapport
 * afronden" is what the server stores.
 */

// ---------------------------------------------------------------------------------------------
// Judgements and verdicts

/** What an answer option (or a measurement) says about the machine. */
export const JUDGEMENTS = ['good', 'remark', 'reject', 'na'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];
export const JUDGEMENT_LABELS: Record<Judgement, string> = {
  good: 'Goed',
  remark: 'Opmerking',
  reject: 'Afkeur',
  na: 'n.v.t.',
};

/**
 * The judgement an answer option gets when nobody chose one (the migration of existing questions,
 * a new option in the question form): by its label, else Opmerking, the one that asks a human to
 * look without failing the machine.
 */
export function defaultJudgement(label: string): Judgement {
  const l = label.trim().toLowerCase().replace(/\.$/, '');
  if (/^(goed|ja|ok|in orde|voldoet|aanwezig|werkt|correct)$/.test(l)) return 'good';
  if (/^(n\.?v\.?t|nvt|niet van toepassing)$/.test(l)) return 'na';
  if (/^(slecht|afkeur|afgekeurd|nee|defect|voldoet niet|onvoldoende|niet aanwezig|werkt niet)$/.test(l)) {
    return 'reject';
  }
  return 'remark';
}

export const VERDICTS = ['approved', 'approved_with_remarks', 'rejected'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<Verdict, string> = {
  approved: 'Goedgekeurd',
  approved_with_remarks: 'Goedgekeurd met opmerkingen',
  rejected: 'Afgekeurd',
};

/**
 * The verdict of a report from the judgements of its answers and measurements (skipped
 * categories and unanswered questions left out): Afgekeurd when any is Afkeur, Goedgekeurd met
 * opmerkingen when any is Opmerking, otherwise Goedgekeurd.
 */
export function deriveVerdict(judgements: Iterable<Judgement | null | undefined>): Verdict {
  let remark = false;
  for (const j of judgements) {
    if (j === 'reject') return 'rejected';
    if (j === 'remark') remark = true;
  }
  return remark ? 'approved_with_remarks' : 'approved';
}

// ---------------------------------------------------------------------------------------------
// Measurements

export const QUESTION_KINDS = ['choice', 'measurement'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  choice: 'Antwoordopties',
  measurement: 'Meting',
};

/** Largest absolute measurement value (numeric(12, 4) in the database). */
export const MAX_MEASUREMENT = 99_999_999;
/** Digits after the decimal separator a value may have. */
export const MEASUREMENT_DECIMALS = 4;
/** A unit is short: "Ohm", "MOhm", "mA", "ms", "V". */
export const MAX_UNIT = 20;

/**
 * A measured value as typed on a Dutch keyboard: "0,30", "0.30", "-1", " 12 ". One decimal
 * separator (comma or point), no thousands separators, at most 4 decimals. Returns the value as a
 * canonical decimal string with a point ("0.30": the digits as typed, so 0,30 stays 0,30), or null
 * when the text is not such a number.
 */
export function parseMeasurement(text: string | number): string | null {
  const raw = typeof text === 'number' ? (Number.isFinite(text) ? String(text) : '') : text.trim();
  const m = /^(-?)(\d{1,8})(?:[.,](\d{1,4}))?$/.exec(raw);
  if (!m) return null;
  const [, sign, whole, fraction] = m;
  const intPart = whole!.replace(/^0+(?=\d)/, '');
  const value = fraction === undefined ? intPart : `${intPart}.${fraction}`;
  return sign && Number(value) !== 0 ? `-${value}` : value;
}

/** "0.30" as "0,30" (the Dutch decimal comma). */
export const formatDecimal = (value: string | number): string => String(value).replace('.', ',');

/** "0,30 Ohm". */
export const formatMeasurement = (value: string | number, unit: string | null): string =>
  unit ? `${formatDecimal(value)} ${unit}` : formatDecimal(value);

/**
 * The limits as the screens and the PDF print them: "max. 0,30 Ohm", "min. 1,0 MOhm",
 * "0,5 – 2,0 mA": words a screen reader reads as well as the eye.
 */
export function formatLimits(min: string | null, max: string | null, unit: string | null): string {
  const u = unit ? ` ${unit}` : '';
  if (min !== null && max !== null) return `${formatDecimal(min)} – ${formatDecimal(max)}${u}`;
  if (max !== null) return `max. ${formatDecimal(max)}${u}`;
  if (min !== null) return `min. ${formatDecimal(min)}${u}`;
  return '';
}

/**
 * Whether a value lies within the limits, both inclusive. Compared as decimals (never as floats
 * of different precision): "0.30" with max "0.3" is within.
 */
export function withinLimits(value: string, min: string | null, max: string | null): boolean {
  const v = Number(value);
  if (min !== null && v < Number(min)) return false;
  if (max !== null && v > Number(max)) return false;
  return true;
}

/** The judgement of a measurement: Goed within the limits, Afkeur outside them. */
export const measurementJudgement = (value: string, min: string | null, max: string | null): Judgement =>
  withinLimits(value, min, max) ? 'good' : 'reject';

/** The zod field of a measured value: what the mechanic typed, parsed; '' or absent is none. */
export const measurementValueField = () =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : v),
    z
      .union([z.string(), z.number()], { error: COMPLIANCE_TEXT.invalidMeasurement })
      .transform((v, ctx) => {
        const parsed = parseMeasurement(v);
        if (parsed === null) {
          ctx.addIssue({ code: 'custom', message: COMPLIANCE_TEXT.invalidMeasurement });
          return z.NEVER;
        }
        return parsed;
      })
      .nullable(),
  ) as unknown as z.ZodType<string | null, string | number | null | undefined>;

/**
 * What a measurement's unit measures. Resistance (protective conductor, insulation), current
 * (leakage, touch current) and time (an RCD's trip time) are shown by every tester as a magnitude:
 * below zero is a value no instrument shows. A voltage keeps its sign (a DC polarity). `highest`:
 * the largest reading, in the base unit, that a tester in the field still shows (insulation
 * testers reach 10 TΩ, clamp meters 2000 A, high-voltage insulation testers 10 kV); above it a
 * value is a typing error more often than a measurement.
 */
const QUANTITIES = {
  resistance: { base: 'Ω', noun: 'weerstand', signed: false, highest: 1e13 },
  current: { base: 'A', noun: 'stroom', signed: false, highest: 2000 },
  time: { base: 's', noun: 'tijd', signed: false, highest: 3600 },
  voltage: { base: 'V', noun: 'spanning', signed: true, highest: 10_000 },
} as const;
export type MeasuredQuantity = keyof typeof QUANTITIES;

const PREFIXES: Record<string, number> = { '': 1, G: 1e9, M: 1e6, k: 1e3, K: 1e3, m: 1e-3, μ: 1e-6, u: 1e-6 };
const BASES: Record<string, MeasuredQuantity> = { Ω: 'resistance', A: 'current', s: 'time', sec: 'time', V: 'voltage' };

/**
 * A unit as its quantity and the factor to the quantity's base unit: "MOhm", "MΩ" -> resistance
 * x 1e6, "mA", "µA", "uA" -> current, "ms", "s", "min" -> time, "V", "kV" -> voltage. The case of the
 * prefix counts (mΩ is not MΩ). Null for a unit these checks do not know ("°C", "bar", "mm"): such a
 * measurement is checked against its limits only.
 */
export function unitOf(unit: string | null | undefined): { quantity: MeasuredQuantity; factor: number } | null {
  // NFKC: the ohm sign (U+2126) is omega, the micro sign (U+00B5) is mu.
  const u = (unit ?? '').normalize('NFKC').trim().replace(/ohm$/i, 'Ω');
  if (u === 'min') return { quantity: 'time', factor: 60 };
  if (u === 'h' || u === 'uur') return { quantity: 'time', factor: 3600 };
  const m = /^([GMkKmμu]?)(Ω|A|s|sec|V)$/.exec(u);
  if (!m) return null;
  return { quantity: BASES[m[2]!]!, factor: PREFIXES[m[1]!]! };
}

/** A measurement question as the plausibility checks read it. */
export type MeasuredQuestion = { unit: string | null; min_value: string | null; max_value: string | null };

/**
 * Why no instrument can show `value` (a parsed measurement, "-0.1") in `unit`, or null when one
 * can: below zero for a resistance, a current or a time.
 */
export function impossibleMeasurement(value: string, unit: string | null): string | null {
  const u = unitOf(unit);
  if (!u || QUANTITIES[u.quantity].signed || !(Number(value) < 0)) return null;
  return COMPLIANCE_TEXT.negativeMeasurement(QUANTITIES[u.quantity].noun);
}

/** A value more than this many times its maximum is far more often a slip than a measurement. */
export const IMPLAUSIBLE_FACTOR = 1000;

/**
 * Whether a possible value is implausible: more than IMPLAUSIBLE_FACTOR times the question's
 * maximum (50000 on "max. 0,30 Ohm": a missed comma, the wrong unit), or beyond what a tester
 * shows in its unit. Only a warning: a broken protective conductor does read thousands of ohms.
 */
export function implausibleMeasurement(value: string, question: MeasuredQuestion): boolean {
  const v = Number(value);
  const max = question.max_value === null ? null : Number(question.max_value);
  if (max !== null && max > 0 && v > max * IMPLAUSIBLE_FACTOR) return true;
  const u = unitOf(question.unit);
  return u !== null && Math.abs(v) * u.factor > QUANTITIES[u.quantity].highest;
}

/**
 * The zod field of the measured value of one question (the report screen's field and the
 * server's answer save and submit): a number as `measurementValueField` takes it, and refused
 * when no instrument shows it in the question's unit (`impossibleMeasurement`).
 */
export const measuredValueField = (question: Pick<MeasuredQuestion, 'unit'>) =>
  measurementValueField().superRefine((value, ctx) => {
    const problem = value === null ? null : impossibleMeasurement(value, question.unit);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

// ---------------------------------------------------------------------------------------------
// Intervals and due dates

/** The inspection types that have an interval and a due date (Keuring/onderhoud counts for both). */
export const DUE_TYPES = ['inspection', 'maintenance', 'safety'] as const satisfies readonly InspectionType[];
export type DueType = (typeof DUE_TYPES)[number];
export const DUE_TYPE_LABELS: Record<DueType, string> = {
  inspection: INSPECTION_TYPE_LABELS.inspection,
  maintenance: INSPECTION_TYPE_LABELS.maintenance,
  safety: INSPECTION_TYPE_LABELS.safety,
};

/** The due types a report of an inspection type counts for. */
export const dueTypesOf = (type: InspectionType): DueType[] =>
  type === 'inspection_maintenance' ? ['inspection', 'maintenance'] : [type];

/** Interval limits in months. */
export const MIN_INTERVAL_MONTHS = 1;
export const MAX_INTERVAL_MONTHS = 120;

/** Days before the due date a machine counts as "due soon" (config DUE_SOON_DAYS overrides). */
export const DUE_SOON_DAYS = 30;

/**
 * The state of one machine for one due type, and of a machine as a whole (its worst type):
 * Afgekeurd (the last report of the type was rejected, until a passing one), Verlopen (the due
 * date is today or passed: "Volgende keuring vóór <date>"; a machine never inspected is due at
 * once), Binnenkort (within DUE_SOON_DAYS), In orde; Geen interval when no interval applies.
 */
export const DUE_STATES = ['rejected', 'overdue', 'due_soon', 'up_to_date', 'none'] as const;
export type DueState = (typeof DUE_STATES)[number];
export const DUE_STATE_LABELS: Record<DueState, string> = {
  rejected: 'Afgekeurd',
  overdue: 'Verlopen',
  due_soon: 'Binnenkort',
  up_to_date: 'In orde',
  none: 'Geen interval',
};

/**
 * The due-state filters of the customer's "Mijn machines": every state, and In orde and Binnenkort
 * together (`in_order`: the customer's summary counts Binnenkort as in orde, and its number opens
 * this list).
 */
export const DUE_FILTERS = [...DUE_STATES, 'in_order'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const DUE_FILTER_LABELS: Record<DueFilter, string> = {
  ...DUE_STATE_LABELS,
  in_order: 'In orde of binnenkort',
};

/**
 * The due date of a type: the Dutch day of the last submitted report plus the interval in
 * calendar months, clamped to the month's end (31 January + 1 month = 28 or 29 February), as
 * PostgreSQL's `date + interval 'n months'` computes it (the server's SQL is the source; this is
 * its twin for the screens and tests). Days are "YYYY-MM-DD".
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** "YYYY-MM-DD" plus `days` calendar days (negative: back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The state of a due date on a day ("YYYY-MM-DD" strings compare as dates). */
export function dueStateOf(
  due: { due_date: string | null; rejected: boolean },
  today: string,
  soonDays = DUE_SOON_DAYS,
): DueState {
  if (due.rejected) return 'rejected';
  if (due.due_date === null) return 'none';
  if (due.due_date <= today) return 'overdue';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + soonDays);
  return due.due_date <= soon.toISOString().slice(0, 10) ? 'due_soon' : 'up_to_date';
}

/** The due state of one machine for one type, as every machine screen shows it. */
export const MachineDueSchema = z.object({
  inspection_type: z.enum(DUE_TYPES),
  /** The interval that applies (machine, else customer, else machine type), in months. */
  interval_months: z.number().int(),
  /** Where the interval comes from. */
  interval_source: z.enum(['machine', 'customer', 'machine_type']),
  last_report_id: z.number().int().nullable(),
  /** The Dutch day of the last submitted report of the type; null: never inspected. */
  last_date: z.string().nullable(),
  last_verdict: z.enum(VERDICTS).nullable(),
  /** "Volgende keuring vóór": the day it must be inspected before. */
  due_date: z.string(),
  state: z.enum(DUE_STATES),
});
export type MachineDue = z.infer<typeof MachineDueSchema>;

/** A machine's state over all its types (its worst), for lists. */
export const MachineDueSummarySchema = z.object({
  /** The earliest due date over its types; null without an interval. */
  next_due_date: z.string().nullable(),
  due_state: z.enum(DUE_STATES),
});
export type MachineDueSummary = z.infer<typeof MachineDueSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Texts

export const COMPLIANCE_TEXT = {
  invalidMeasurement: 'Vul een getal in, bijvoorbeeld 0,30',
  negativeMeasurement: (noun: string) => `Een ${noun} kan niet negatief zijn. Controleer de meetwaarde.`,
  implausibleMeasurement:
    'Ongebruikelijk hoge waarde. Controleer de komma en de eenheid; klopt de waarde, dan kun je hem zo laten.',
  impossibleMeasurements: (n: number) =>
    n === 1
      ? 'Eén meetwaarde kan niet kloppen: verbeter die eerst'
      : `${n} meetwaarden kunnen niet kloppen: verbeter ze eerst`,
  measurementLimitsRequired: 'Vul een minimum en/of een maximum in',
  measurementLimitsOrder: 'Het minimum moet kleiner zijn dan of gelijk aan het maximum',
  unitRequired: 'Vul een eenheid in',
  withinLimits: 'Binnen de grenswaarde',
  outsideLimits: 'Buiten de grenswaarde',
  verdict: 'Oordeel',
  verdictOverride: 'Oordeel wijzigen',
  overrideReason: 'Reden van de wijziging',
  overrideReasonRequired: 'Geef een reden waarom je het oordeel wijzigt',
  overriddenBy: 'Oordeel gewijzigd door de monteur',
  nextDue: (day: string) => `Volgende keuring vóór ${day}`,
  neverInspected: 'Nog nooit gekeurd',
  measurements: 'Metingen',
  limits: 'Grenswaarde',
  value: 'Waarde',
  unit: 'Eenheid',
  intervalMonths: 'Interval (maanden)',
  intervalInvalid: `Vul een aantal maanden in van ${MIN_INTERVAL_MONTHS} tot en met ${MAX_INTERVAL_MONTHS}`,
} as const;
