import { z } from 'zod';
import { listQuerySchema } from './api';
import { JUDGEMENTS, QUESTION_KINDS } from './compliance';
import { INSPECTION_TYPES } from './questionnaires';
import { TASKLIST_STATUSES, parseDate } from './tasklists';
import { MSG, optionalIdField, optionalText, sentAs } from './validation';

/*
 * Follow-ups ("Acties"): one per Afkeur answer or out-of-limit measurement of a
 * submitted report, written by the database when the report is submitted (migration 0022). The
 * office (reports.view to read, malfunctions.manage to act) closes one by hand, turns it into a
 * malfunction or plans a re-inspection; a passing re-inspection closes it by itself.
 *
 * - GET  /api/followups?status=open|done&customer_id=&machine_id=&page=&itemsPerPage=   page of Followup, newest first
 * - GET  /api/followups/open-count                       { count }
 * - GET  /api/followups/:id/tasklists                    FollowupTasklist[] (open lists it can go on)
 * - POST /api/followups/:id/done        { note? }        Followup, "Actie is afgehandeld"
 * - POST /api/followups/:id/reopen                       Followup, "Actie is heropend"
 * - POST /api/followups/:id/malfunction                  Followup (done, linked), "Storing is aangemaakt"
 * - POST /api/followups/:id/reinspection { tasklist_id } | { planned_date }  Followup (linked), "Herkeuring is ingepland"
 */

export const FOLLOWUP_STATUSES = ['open', 'done'] as const;
export type FollowupStatus = (typeof FOLLOWUP_STATUSES)[number];
export const FOLLOWUP_STATUS_LABELS: Record<FollowupStatus, string> = {
  open: 'Open',
  done: 'Afgehandeld',
};

export const FOLLOWUP_TEXT = {
  title: 'Acties',
  done: 'Actie is afgehandeld',
  reopened: 'Actie is heropend',
  malfunctionCreated: 'Storing is aangemaakt',
  reinspectionPlanned: 'Herkeuring is ingepland',
  alreadyDone: 'Deze actie is al afgehandeld.',
  notDone: 'Deze actie staat nog open.',
  hasMalfunction: 'Voor deze actie is al een storing aangemaakt.',
  hasReinspection: 'Voor deze actie is al een herkeuring ingepland.',
  tasklistOrDate: 'Kies een takenlijst of een datum',
  tasklistNotFitting: 'Kies een open takenlijst van deze vestiging en dit type',
  machineGone: 'Deze machine is gearchiveerd of niet meer in gebruik.',
  /** The done note when a malfunction is made of the follow-up. */
  malfunctionNote: (id: number) => `Storing #${id} aangemaakt`,
  /** The malfunction's description: the question and what was found. */
  malfunctionDescription: (question: string, finding: string) => `Afkeur bij keuring: ${question}: ${finding}`,
  reinspectionRemarks: 'Herkeuring',
} as const;

/** What was found: the chosen option with its judgement, or the measured value against its limits. */
export const FollowupFindingSchema = z.object({
  kind: z.enum(QUESTION_KINDS),
  /** Choice: the option's label. */
  option_label: z.string().nullable(),
  judgement: z.enum(JUDGEMENTS).nullable(),
  /** Measurement: "0,45 Ohm" and "max. 0,30 Ohm" (formatMeasurement / formatLimits). */
  measurement: z.string().nullable(),
  limits: z.string().nullable(),
  memo: z.string().nullable(),
  /** One line: "Slecht" or "0,45 Ohm (grenswaarde max. 0,30 Ohm)", with the memo. */
  text: z.string(),
});
export type FollowupFinding = z.infer<typeof FollowupFindingSchema>;

export const FollowupSchema = z.object({
  id: z.number().int(),
  status: z.enum(FOLLOWUP_STATUSES),
  created_at: z.string(),
  inspection_type: z.enum(INSPECTION_TYPES),
  machine: z.object({ id: z.number().int(), name: z.string(), inventory_number: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The report; `date` its Dutch day of submission. */
  report: z.object({ id: z.number().int(), date: z.string().nullable(), inspection_type: z.enum(INSPECTION_TYPES) }),
  question_name: z.string(),
  category_name: z.string().nullable(),
  finding: FollowupFindingSchema,
  done_by: z.number().int().nullable(),
  done_by_name: z.string().nullable(),
  done_at: z.string().nullable(),
  done_note: z.string().nullable(),
  malfunction_id: z.number().int().nullable(),
  tasklist_id: z.number().int().nullable(),
  tasklist_date: z.string().nullable(),
});
export type Followup = z.infer<typeof FollowupSchema>;

/** GET /api/followups: open ones by default, newest first. */
export const FollowupListQuerySchema = listQuerySchema(['created_at'] as const, 'created_at')
  .omit({ archived: true, search: true, sortKey: true, sortOrder: true })
  .extend({
    status: z.enum(FOLLOWUP_STATUSES, { error: MSG.invalidChoice }).default('open'),
    customer_id: optionalIdField().transform((v) => v ?? undefined),
    machine_id: optionalIdField().transform((v) => v ?? undefined),
  });
export type FollowupListQuery = z.output<typeof FollowupListQuerySchema>;

export const FollowupCountSchema = z.object({ count: z.number().int() });

/** An open task list a re-inspection can go on. */
export const FollowupTasklistSchema = z.object({
  id: z.number().int(),
  planned_date: z.string(),
  status: z.enum(TASKLIST_STATUSES),
  inspection_type: z.enum(INSPECTION_TYPES),
  machines_count: z.number().int(),
});
export type FollowupTasklist = z.infer<typeof FollowupTasklistSchema>;

/** Closing by hand: an optional note; no body at all is no note. */
export const FollowupDoneInputSchema = z.preprocess((v) => v ?? {}, z.object({ note: optionalText() }));
export type FollowupDoneInput = z.output<typeof FollowupDoneInputSchema>;

/** A date as the task list form takes it ("YYYY-MM-DD" or "31-12-2026"); empty is none. */
const optionalDateField = () =>
  sentAs<string | null | undefined>()(
    z.preprocess(
      (v) => {
        const parsed = parseDate(v);
        return parsed === undefined ? 'invalid' : parsed;
      },
      z
        .string()
        .nullable()
        .refine((v) => v !== 'invalid', { error: 'Ongeldige datum (bijvoorbeeld 31-12-2026)' }),
    ),
  );

/** A re-inspection: on an open task list, or on a new one of this date. Exactly one of the two. */
export const ReinspectionInputSchema = z
  .object({ tasklist_id: optionalIdField(), planned_date: optionalDateField() })
  .superRefine((v, ctx) => {
    if ((v.tasklist_id === null) === (v.planned_date === null)) {
      ctx.addIssue({ code: 'custom', path: ['tasklist_id'], message: FOLLOWUP_TEXT.tasklistOrDate });
      // Neither: the date field says it too (the form shows one of the two).
      if (v.tasklist_id === null)
        ctx.addIssue({ code: 'custom', path: ['planned_date'], message: FOLLOWUP_TEXT.tasklistOrDate });
    }
  });
export type ReinspectionInput = z.output<typeof ReinspectionInputSchema>;
export type ReinspectionFormValues = z.input<typeof ReinspectionInputSchema>;
