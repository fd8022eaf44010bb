import { z } from 'zod';
import { MachineDueSchema } from './compliance';
import { INSPECTION_TYPES } from './questionnaires';
import { MachineImageSchema, MachineSchema } from './machines';
import { OwnMalfunctionSchema } from './malfunctions';
import { LatestReportsSchema } from './reports';
import { MSG } from './validation';

/**
 * The customer portal (permission 'own-machines.view'): a customer user's own machines in use,
 * their submitted reports and malfunctions. The customer always comes from the session; a
 * machine, report, image or PDF of another customer answers 404, the same as a missing one.
 * - GET /api/machines                                   page of OwnMachine (exists; gains the fields below)
 * - GET /api/machines/:id                               OwnMachineDetail
 * - GET /api/machines/:id/images/:imageId/file          an image of the machine (?thumb=1)
 * - GET /api/machines/:id/reports?inspection_type=      MachineReport[] (reports.ts), submitted only, newest first
 * - GET /api/machines/:id/reports/:reportId             ReportDetail (reports.ts), submitted only; its
 *                                                       machine.image_url points to a URL the customer may fetch
 * - GET /api/machines/:id/reports/:reportId/pdf         the same PDF the office gets
 * Malfunctions: see malfunctions.ts.
 */

/** Date ("YYYY-MM-DD") of the latest submitted report per inspection type, or null. */
export const LatestReportDatesSchema = z.object(
  Object.fromEntries(INSPECTION_TYPES.map((t) => [t, z.string().nullable()])) as Record<
    (typeof INSPECTION_TYPES)[number],
    z.ZodNullable<z.ZodString>
  >,
);
export type LatestReportDates = z.infer<typeof LatestReportDatesSchema>;

/** A machine in the customer's list: the latest report date per type and its open malfunctions. */
export const OwnMachineSchema = MachineSchema.extend({
  latest_reports: LatestReportDatesSchema,
  /** Malfunctions of this machine that are Open or In behandeling. */
  open_malfunctions: z.number().int(),
});
export type OwnMachine = z.infer<typeof OwnMachineSchema>;

/** One machine of the customer: its data, images, latest report per type and its malfunctions (newest first). */
export const OwnMachineDetailSchema = MachineSchema.extend({
  images: z.array(MachineImageSchema),
  latest_reports: LatestReportsSchema,
  malfunctions: z.array(OwnMalfunctionSchema),
  /** The due state per due type with an interval (Keuring, Onderhoud, Veiligheid in that order). */
  due: z.array(MachineDueSchema),
});
export type OwnMachineDetail = z.infer<typeof OwnMachineDetailSchema>;

export const OwnMachineReportsQuerySchema = z.object({
  inspection_type: z.enum(INSPECTION_TYPES, { error: MSG.invalidChoice }).optional(),
});
