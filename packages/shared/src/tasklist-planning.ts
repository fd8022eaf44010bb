import { z } from 'zod';
import { DUE_STATES } from './compliance';
import { INSPECTION_TYPES } from './questionnaires';
import {
  choiceField,
  flagField,
  idField,
  MSG,
  optionalIdField,
  optionalText,
  requiredText,
  sentAs,
} from './validation';

/* Planning machines on a task list: the candidates, "Alle verlopen inplannen", the pickers and the concept machine. */

/** A machine at the task list's location, as the plan screen offers it. */
export const TasklistCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  inventory_number: z.string(),
  status: z.enum(['active', 'concept', 'inactive']),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  room_id: z.number().int().nullable(),
  room_name: z.string().nullable(),
  machine_type_name: z.string().nullable(),
  /** Date ("YYYY-MM-DD") of the machine's latest submitted report of the list's type. */
  last_report_date: z.string().nullable(),
  /** The machine's questionnaire of the list's type, if it has one. */
  questionnaire_id: z.number().int().nullable(),
  questionnaire_name: z.string().nullable(),
  /** Already on this task list (its report id). */
  report_id: z.number().int().nullable(),
  /** The machine's open malfunctions (Open and In behandeling): the plan screen marks it. */
  open_malfunctions: z.number().int(),
  /**
   * When it must be inspected for the list's type ("YYYY-MM-DD"; for Keuring + onderhoud the
   * earlier of the two), null without an interval; its state computed by PostgreSQL.
   */
  due_date: z.string().nullable(),
  due_state: z.enum(DUE_STATES),
  /** Whether it can be planned; if not, `reason` says why (Dutch). */
  plannable: z.boolean(),
  reason: z.string().nullable(),
});
export type TasklistCandidate = z.infer<typeof TasklistCandidateSchema>;

/**
 * GET /api/tasklists/:id/candidates?due=1: only the machines that are due (Afgekeurd, Verlopen or
 * Binnenkort) for the list's type, by due date (afgekeurd first, then the earliest date).
 */
export const TasklistCandidatesQuerySchema = z.object({
  due: flagField().default(false),
});

/** The states "Alle verlopen inplannen" plans and the create form counts. */
export const PLANNABLE_DUE_STATES = ['rejected', 'overdue', 'due_soon'] as const;

/** A machine "Alle verlopen inplannen" could not plan, and why (Dutch). */
export const SkippedMachineSchema = z.object({ id: z.number().int(), name: z.string(), reason: z.string() });
export type SkippedMachine = z.infer<typeof SkippedMachineSchema>;

/** GET /api/planning/due-count?location_id=&inspection_type= (tasklists.view). */
export const DueCountQuerySchema = z.object({
  location_id: idField(),
  inspection_type: choiceField(INSPECTION_TYPES),
});
export const DueCountSchema = z.object({ count: z.number().int() });
export type DueCount = z.infer<typeof DueCountSchema>;

/** The create form's line once customer, location and type are chosen. */
export const dueCountText = (n: number): string =>
  n === 0
    ? 'Geen machines van deze vestiging zijn verlopen of binnenkort aan de beurt'
    : n === 1
      ? '1 machine van deze vestiging is verlopen, afgekeurd of binnenkort aan de beurt'
      : `${n} machines van deze vestiging zijn verlopen, afgekeurd of binnenkort aan de beurt`;

/** The answer of "Alle verlopen inplannen" (POST /api/tasklists/:id/plan-due). */
export function planDueText(added: number, skipped: number): string {
  const planned =
    added === 0 ? 'Geen machines ingepland' : added === 1 ? '1 machine ingepland' : `${added} machines ingepland`;
  if (skipped === 0) return added === 0 ? 'Er zijn geen verlopen machines om in te plannen' : planned;
  return `${planned}; ${skipped === 1 ? '1 machine kon' : `${skipped} machines konden`} niet worden ingepland`;
}

/** Planning machines: one id or several (form data repeats the key). */
export const PlanMachinesInputSchema = z.object({
  machine_ids: sentAs<number | string | (number | string)[]>()(
    z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z.array(idField(), { error: MSG.invalidChoice }).min(1, { error: MSG.required }).max(500, {
        error: 'Maximaal 500 machines tegelijk',
      }),
    ),
  ),
});
export type PlanMachinesInput = z.output<typeof PlanMachinesInputSchema>;
export type PlanMachinesFormValues = z.input<typeof PlanMachinesInputSchema>;

/*
 * What a mechanic needs to fill in the task list forms without the office's customer screens
 * (tasklists.view):
 * - GET  /api/planning/customers?search=         PlanningOption[] (customers in use, at most 50, by name)
 * - GET  /api/planning/customers/:id/locations   PlanningOption[] (its locations)
 * - GET  /api/planning/machine-types             PlanningOption[]
 * - GET  /api/tasklists/:id/places               PlanningDepartment[] (departments with rooms of the list's location)
 * - GET  /api/tasklists/:id/questionnaires       PlanningOption[] (active questionnaires of the list's type)
 * - POST /api/tasklists/:id/concept-machines     ConceptMachineInput -> TasklistDetail (tasklists.manage),
 *                                                "Conceptmachine is aangemaakt en ingepland"
 */
export const PlanningOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type PlanningOption = z.infer<typeof PlanningOptionSchema>;
export const PlanningDepartmentSchema = PlanningOptionSchema.extend({ rooms: z.array(PlanningOptionSchema) });
export type PlanningDepartment = z.infer<typeof PlanningDepartmentSchema>;

export const PlanningCustomersQuerySchema = z.object({
  search: optionalText(),
});

/**
 * A machine a mechanic finds on site that is not in the system: created as a concept machine at
 * the task list's location (an admin approves it later) and planned on the list at once.
 */
export const ConceptMachineInputSchema = z.object({
  name: requiredText(),
  inventory_number: requiredText(),
  machine_type_id: optionalIdField(),
  department_id: optionalIdField(),
  room_id: optionalIdField(),
  questionnaire_id: idField(),
});
export type ConceptMachineInput = z.output<typeof ConceptMachineInputSchema>;
export type ConceptMachineFormValues = z.input<typeof ConceptMachineInputSchema>;
export const CONCEPT_MACHINE_CREATED = 'Conceptmachine is aangemaakt en ingepland';
