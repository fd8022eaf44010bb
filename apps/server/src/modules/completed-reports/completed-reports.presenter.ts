import { dutchParts } from '../../lib/dutch-time';
import { sql, type SQL } from 'drizzle-orm';
import type { Judgement } from '@keurwijzer/shared/compliance';
import type { CompletedReport, CompletedReportSortKey } from '@keurwijzer/shared/reports';
import { fullName, isoOf, jsonObject } from '../../db/sql-json';

/*
 * A completed report leaves the database as its API JSON, built by PostgreSQL (as the task lists
 * and machines do): a page is 25 strings for Node to join. The field map is typed against the
 * shared contract, so a field added there does not compile until it is mapped here; the API
 * tests parse what they get with the contract's `.strict()`.
 *
 * The statements (completed-reports.repository.ts) name their rows: `r` the report, `t` its task
 * list; for a sort by the mechanic `u` who filled it in. The customer, location and machine are
 * the report's own snapshot columns (as they were when it was submitted).
 */

/** A name of the row `alias` of `table` whose id is `id` (a scalar sub-select: no join to plan). */
const nameOf = (table: string, alias: string, column: SQL, id: SQL) =>
  sql`(select ${column} from ${sql.raw(table)} ${sql.raw(alias)} where ${sql.raw(alias)}.id = ${id})`;

/*
 * Names come from scalar sub-selects, not joins: with six joins PostgreSQL spent ~14 ms planning
 * a page that takes ~1 ms to run (as the machines list found); each sub-select runs once per row
 * sent, by primary key.
 */
const COMPLETED_FIELDS: Record<keyof CompletedReport, SQL> = {
  id: sql`r.id`,
  customer_id: sql`t.customer_id`,
  // A submitted report's snapshot (migration 0017): the customer, location and machine as they
  // were when it was submitted, whatever was renamed, moved or archived since.
  customer_name: sql`r.snapshot_customer_name`,
  location_name: sql`r.snapshot_location_name`,
  machine_id: sql`r.machine_id`,
  machine_name: sql`r.snapshot_machine_name`,
  inventory_number: sql`r.snapshot_inventory_number`,
  inspection_type: sql`t.inspection_type`,
  questionnaire_name: sql`r.questionnaire_name`,
  submitted_at: isoOf(sql`r.submitted_at`),
  filled_in_by: sql`r.filled_in_by`,
  filled_in_by_name: nameOf('users', 'u', fullName('u'), sql`r.filled_in_by`),
  not_at_location: sql`r.not_at_location`,
  // Only for the rows sent: one index range over the report's categories.
  skipped_count: sql`(select count(*)::int from report_categories sc where sc.report_id = r.id and sc.skipped)`,
  // Written by the report_verdict trigger in the submit's UPDATE (migration 0022).
  verdict: sql`r.verdict`,
};

/** The report `r` with its names as its API JSON. */
export const COMPLETED_REPORT_JSON = jsonObject(COMPLETED_FIELDS);

/** What the export writes of a report besides the list's fields. */
export type CompletedReportExportRow = CompletedReport & {
  /** The names of the skipped categories, in the report's order. */
  skipped_categories: string[];
};

/** The report `r` as the export reads it: the list's fields and the skipped categories' names. */
export const COMPLETED_REPORT_EXPORT_JSON = jsonObject({
  ...COMPLETED_FIELDS,
  skipped_categories: sql`coalesce((select json_agg(sc.name order by sc.position, sc.id)
    from report_categories sc where sc.report_id = r.id and sc.skipped), '[]'::json)`,
} satisfies Record<keyof CompletedReportExportRow, SQL>);

/**
 * One measurement of an exported report (the "Metingen" sheet): the report as the list shows it,
 * the question, the measured value and the limits (decimal strings with a point, "0.30"), the
 * judgement the database gave it.
 */
export type CompletedMeasurementRow = {
  report_id: number;
  submitted_at: string;
  customer_name: string;
  location_name: string;
  machine_name: string;
  inventory_number: string;
  question: string;
  value: string;
  unit: string | null;
  min_value: string | null;
  max_value: string | null;
  judgement: Judgement | null;
};

/**
 * A measurement `rq` (with its answer `ra`) of the report `r` as the export reads it; numbers
 * as text, so "0.30" keeps its two decimals.
 */
export const COMPLETED_MEASUREMENT_JSON = jsonObject({
  report_id: sql`r.id`,
  submitted_at: isoOf(sql`r.submitted_at`),
  customer_name: sql`r.snapshot_customer_name`,
  location_name: sql`r.snapshot_location_name`,
  machine_name: sql`r.snapshot_machine_name`,
  inventory_number: sql`r.snapshot_inventory_number`,
  question: sql`rq.name`,
  value: sql`ra.value::text`,
  unit: sql`rq.unit`,
  min_value: sql`rq.min_value::text`,
  max_value: sql`rq.max_value::text`,
  judgement: sql`ra.judgement`,
} satisfies Record<keyof CompletedMeasurementRow, SQL>);

/** The list's sort keys (whitelisted by the shared query schema), over the named rows. */
export const COMPLETED_REPORT_SORT: Record<CompletedReportSortKey, SQL> = {
  submitted_at: sql`r.submitted_at`,
  customer: sql`lower(r.snapshot_customer_name)`,
  location: sql`lower(r.snapshot_location_name)`,
  machine: sql`lower(r.snapshot_machine_name)`,
  inspection_type: sql`t.inspection_type`,
  mechanic: sql`lower(${fullName('u')})`,
};

/** "afgeronde-rapporten-2026-11-21.xlsx" (the date in Dutch time). */
export function completedReportsFileName(generatedAt: Date): string {
  const p = dutchParts(generatedAt);
  const two = (n: number) => String(n).padStart(2, '0');
  return `afgeronde-rapporten-${p.year}-${two(p.month)}-${two(p.day)}.xlsx`;
}
