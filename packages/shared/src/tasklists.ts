import { z } from 'zod';
import { SORT_ORDERS, listQuerySchema } from './api';
import { DUE_STATES } from './compliance';
import { INSPECTION_TYPES } from './questionnaires';
import { PlannedMachineSchema } from './reports';
import {
  MSG,
  choiceField,
  flagField,
  idField,
  optionalIdField,
  optionalText,
  requiredText,
  sentAs,
} from './validation';

/**
 * Status of a task list, derived from its reports (never set by hand): Concept (no machines),
 * Gepland (machines, nothing answered yet), In uitvoering (an answer given or a report
 * submitted), Afgerond (every report submitted).
 */
export const TASKLIST_STATUSES = ['concept', 'planned', 'in_progress', 'completed'] as const;
export type TasklistStatus = (typeof TASKLIST_STATUSES)[number];
export const TASKLIST_STATUS_LABELS: Record<TasklistStatus, string> = {
  concept: 'Concept',
  planned: 'Gepland',
  in_progress: 'In uitvoering',
  completed: 'Afgerond',
};

/** Dutch reasons of the task list endpoints (409, 422). */
export const TASKLIST_TEXT = {
  locationOfCustomer: 'Kies een vestiging van deze klant',
  customerMissing: 'Deze klant bestaat niet (meer)',
  customerArchived: 'Deze klant is gearchiveerd',
  invalidDate: 'Ongeldige datum (bijvoorbeeld 31-12-2026)',
  fixedWhilePlanned:
    'Klant, vestiging en type kunnen niet meer worden gewijzigd: er zijn al machines ingepland. Haal die eerst van de takenlijst.',
  deleteWithAnswers: 'Deze takenlijst kan niet worden verwijderd: er zijn al rapporten ingevuld of ingediend.',
  removeWithAnswers:
    'Deze machine kan niet van de takenlijst worden gehaald: het rapport heeft al antwoorden of is ingediend.',
  notPlanned: 'Deze machine staat niet op deze takenlijst.',
  noQuestionnaire: 'Deze machine heeft geen vragenlijst van dit type en kan niet worden ingepland.',
  emptyQuestionnaire: 'De vragenlijst van deze machine heeft geen vragen en kan niet worden ingepland.',
  notAtLocation: 'Deze machine staat niet op deze vestiging.',
  machineMissing: 'Deze machine bestaat niet.',
  machineArchived: 'Deze machine is gearchiveerd.',
  machineInactive: 'Deze machine is niet actief.',
  alreadyPlanned: 'Deze machine staat al op deze takenlijst.',
  locationMissing: 'Deze vestiging bestaat niet (meer)',
} as const;

/** What planning a machine on a task list depends on, as the server reads it. */
export type PlanFacts = {
  /** null: no machine with this id. */
  at_location: boolean | null;
  archived: boolean;
  status: string | null;
  questionnaire_id: number | null;
  questions: number;
};

/** Why a machine cannot be planned on a task list, or null when it can (the plan endpoints' one rule). */
export function planRefusal(c: PlanFacts): string | null {
  if (c.at_location === null) return TASKLIST_TEXT.machineMissing;
  if (!c.at_location) return TASKLIST_TEXT.notAtLocation;
  if (c.archived) return TASKLIST_TEXT.machineArchived;
  if (c.status === 'inactive') return TASKLIST_TEXT.machineInactive;
  if (c.questionnaire_id === null) return TASKLIST_TEXT.noQuestionnaire;
  if (c.questions === 0) return TASKLIST_TEXT.emptyQuestionnaire;
  return null;
}

/** Earliest and latest planned year: a typo (0202, 20266) is refused rather than stored. */
const MIN_PLANNED_YEAR = 2000;
const MAX_PLANNED_YEAR = 2100;

/**
 * A calendar date as "YYYY-MM-DD" (what a date input sends) or typed in Dutch order ("31-12-2026",
 * "31/12/2026", "31.12.2026"); the API answers "YYYY-MM-DD".
 */
export function parseDate(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
    if (!match) return undefined;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  if (y < MIN_PLANNED_YEAR || y > MAX_PLANNED_YEAR) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A required date: "Verplicht" when empty, "Ongeldige datum" when it is none. */
export const dateField = () =>
  sentAs<string>()(
    z.preprocess(
      (v) => {
        const parsed = parseDate(v);
        return parsed === undefined ? 'invalid' : (parsed ?? undefined);
      },
      z.string({ error: MSG.required }).refine((v) => v !== 'invalid', { error: TASKLIST_TEXT.invalidDate }),
    ),
  );

/** A task list as the overview lists it. */
export const TasklistSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  inspection_type: z.enum(INSPECTION_TYPES),
  /** "YYYY-MM-DD". */
  planned_date: z.string(),
  remarks: z.string().nullable(),
  status: z.enum(TASKLIST_STATUSES),
  /** Planned machines (one report each), submitted reports, and questions over all reports. */
  machines_count: z.number().int(),
  submitted_count: z.number().int(),
  questions_count: z.number().int(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tasklist = z.infer<typeof TasklistSchema>;

/** One task list with its planned machines and their reports (plan screen, office screen). */
export const TasklistDetailSchema = TasklistSchema.extend({
  machines: z.array(PlannedMachineSchema),
});
export type TasklistDetail = z.infer<typeof TasklistDetailSchema>;

/** Creating or editing a task list. Customer, location and type are fixed once machines are planned. */
export const TasklistInputSchema = z.object({
  customer_id: idField(),
  location_id: idField(),
  inspection_type: choiceField(INSPECTION_TYPES),
  planned_date: dateField(),
  remarks: optionalText(),
});
export type TasklistInput = z.output<typeof TasklistInputSchema>;
export type TasklistFormValues = z.input<typeof TasklistInputSchema>;

export const TASKLIST_SORT_KEYS = [
  'planned_date',
  'customer',
  'location',
  'inspection_type',
  'status',
  'created_by',
  'created_at',
  // A mechanic's default: today's lists first, then overdue unfinished ones, then coming ones,
  // finished ones last (tasklists.presenter.ts on the server).
  'today_first',
] as const;
export type TasklistSortKey = (typeof TASKLIST_SORT_KEYS)[number];
/** The filters of the task list overview (query keys; the screen keeps them in its URL). */
export const TASKLIST_FILTER_KEYS = ['status', 'inspection_type', 'customer_id', 'mine'] as const;

/**
 * GET /api/tasklists: paging, search (customer, location, creator, remarks), sort (newest planned
 * date first by default; a mechanic's screen asks `today_first` ascending) and the filters; `mine=1` keeps the actor's own task lists.
 */
export const TasklistListQuerySchema = listQuerySchema(TASKLIST_SORT_KEYS, 'planned_date')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(TASKLIST_STATUSES, { error: MSG.invalidChoice }).optional(),
    inspection_type: z.enum(INSPECTION_TYPES, { error: MSG.invalidChoice }).optional(),
    customer_id: idField().optional(),
    mine: flagField().default(false),
  });
export type TasklistListQuery = z.output<typeof TasklistListQuerySchema>;

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
