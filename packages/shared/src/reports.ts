import { z } from 'zod';

/**
 * A report: one machine on one task list, filled in from a copy of the machine's questionnaire of
 * the list's type. Open while it is being filled in; submitted ("Rapport afronden") it is
 * read-only and counts as completed.
 */
export const REPORT_STATUSES = ['open', 'submitted'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  submitted: 'Ingediend',
};

/** The texts of the report screens (spec sections 4 and 8, product-decisions "Report"). */
export const REPORT_TEXT = {
  notAtLocation: 'Deze machine staat niet op de aangegeven plaats.',
  answersSaved: 'Antwoorden opgeslagen',
  submitted: 'Rapport ingediend',
  noQuestions: 'Geen categorieën en vragen gevonden voor deze vragenlijst.',
  alreadySubmitted: 'Dit rapport is al ingediend en kan niet meer worden gewijzigd.',
} as const;

/** A planned machine on a task list, with its report's state (the task list screens). */
export const PlannedMachineSchema = z.object({
  report_id: z.number().int(),
  machine_id: z.number().int(),
  name: z.string(),
  inventory_number: z.string(),
  department_name: z.string().nullable(),
  room_name: z.string().nullable(),
  machine_type_name: z.string().nullable(),
  questionnaire_name: z.string(),
  report_status: z.enum(REPORT_STATUSES),
  /** Questions of the report's copy, and how many of them have an answer. */
  questions_count: z.number().int(),
  answered_count: z.number().int(),
  filled_in_by: z.number().int().nullable(),
  filled_in_by_name: z.string().nullable(),
  submitted_at: z.string().nullable(),
  not_at_location: z.boolean(),
});
export type PlannedMachine = z.infer<typeof PlannedMachineSchema>;
