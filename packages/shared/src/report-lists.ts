import { z } from 'zod';
import { listQuerySchema, SORT_ORDERS } from './api';
import { VERDICTS } from './compliance';
import { machineAtCustomerFields } from './machine-ref-fields';
import { INSPECTION_TYPES } from './questionnaires';
import { REPORT_STATUSES } from './report-texts';
import { flagField, idField, MSG } from './validation';

/* The lists of reports: completed reports (with their filters and export) and a machine's reports. */

/** A submitted report as the completed-reports list shows it. */
export const CompletedReportSchema = z.object({
  id: z.number().int(),
  ...machineAtCustomerFields,
  inspection_type: z.enum(INSPECTION_TYPES),
  questionnaire_name: z.string(),
  submitted_at: z.string(),
  filled_in_by: z.number().int().nullable(),
  filled_in_by_name: z.string().nullable(),
  not_at_location: z.boolean(),
  skipped_count: z.number().int(),
  /** The report's verdict (every submitted report has one). */
  verdict: z.enum(VERDICTS),
});
export type CompletedReport = z.infer<typeof CompletedReportSchema>;

export const COMPLETED_REPORT_SORT_KEYS = [
  'submitted_at',
  'customer',
  'location',
  'machine',
  'inspection_type',
  'mechanic',
] as const;
export type CompletedReportSortKey = (typeof COMPLETED_REPORT_SORT_KEYS)[number];
export const COMPLETED_REPORT_FILTER_KEYS = [
  'customer_id',
  'inspection_type',
  'mechanic_id',
  'not_at_location',
  'verdict',
] as const;

/** GET /api/completed-reports: newest first by default; search over customer, location, machine, inventory number, mechanic. */
export const CompletedReportListQuerySchema = listQuerySchema(COMPLETED_REPORT_SORT_KEYS, 'submitted_at')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    customer_id: idField().optional(),
    inspection_type: z.enum(INSPECTION_TYPES, { error: MSG.invalidChoice }).optional(),
    mechanic_id: idField().optional(),
    not_at_location: flagField().optional(),
    verdict: z.enum(VERDICTS, { error: MSG.invalidChoice }).optional(),
  });
export type CompletedReportListQuery = z.output<typeof CompletedReportListQuerySchema>;

/** The export takes the list's filters, search and sort, without paging. */
export const CompletedReportExportQuerySchema = CompletedReportListQuerySchema.omit({ page: true, itemsPerPage: true });
export type CompletedReportExportQuery = z.output<typeof CompletedReportExportQuerySchema>;

/** A report of one machine (the machine's reports screen), newest first. */
export const MachineReportSchema = z.object({
  id: z.number().int(),
  tasklist_id: z.number().int(),
  inspection_type: z.enum(INSPECTION_TYPES),
  questionnaire_name: z.string(),
  status: z.enum(REPORT_STATUSES),
  planned_date: z.string(),
  submitted_at: z.string().nullable(),
  filled_in_by_name: z.string().nullable(),
  not_at_location: z.boolean(),
});
export type MachineReport = z.infer<typeof MachineReportSchema>;

/** The latest submitted report of a machine of one inspection type (null: none yet). */
export const LatestReportSchema = z
  .object({ id: z.number().int(), submitted_at: z.string(), filled_in_by_name: z.string().nullable() })
  .nullable();
/**
 * A machine's latest submitted report per inspection type that applies to it: a type it has a
 * questionnaire of, or a submitted report of (null: none submitted yet, "Nog geen"). A type that
 * does not apply is left out, so "Laatste rapporten" shows only the types the machine is
 * inspected for (a machine without a maintenance questionnaire is not overdue for maintenance).
 */
export const LatestReportsSchema = z.partialRecord(z.enum(INSPECTION_TYPES), LatestReportSchema);
export type LatestReports = z.infer<typeof LatestReportsSchema>;
