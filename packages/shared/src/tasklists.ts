import { z } from 'zod';
import { listQuerySchema, SORT_ORDERS } from './api';
import { INSPECTION_TYPES } from './questionnaires';
import { PlannedMachineSchema } from './reports';
import { dateField, TASKLIST_STATUSES } from './tasklist-rules';
import { choiceField, flagField, idField, MSG, optionalText } from './validation';

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

export * from './tasklist-rules';
export * from './tasklist-planning';
