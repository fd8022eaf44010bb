import { z } from 'zod';
import { VERDICTS } from './judgements';
import { INSPECTION_TYPE_LABELS, type InspectionType } from './questionnaires';

/* Due dates: the types with an interval, the due states and filters, and the calendar arithmetic. */

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
