import { z } from 'zod';
import { listQuerySchema, SORT_ORDERS } from './api';
import { MALFUNCTION_STATUSES } from './malfunction-texts';
import { INSPECTION_TYPES } from './questionnaires';
import { flagField, idField, MSG } from './validation';

/* The lists of malfunctions (office, customer, mechanic), the open count, and the pickers of the handling. */

/**
 * `urgency`: the active urgent ones first, then the other active ones, then the rest, each newest
 * first (`sortOrder` desc; the office list's default). `respond_by`: by deadline.
 */
export const MALFUNCTION_SORT_KEYS = [
  'urgency',
  'reported_at',
  'respond_by',
  'customer',
  'machine',
  'status',
  'updated_at',
] as const;
export const MALFUNCTION_FILTER_KEYS = ['status', 'customer_id', 'late', 'assigned_to'] as const;
/** GET /api/malfunctions: urgent first; search over customer, location, machine, inventory number, description, reporter. */
export const MalfunctionListQuerySchema = listQuerySchema(MALFUNCTION_SORT_KEYS, 'urgency')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
    customer_id: idField().optional(),
    /** 1: only the late ones ("Reactie te laat"). */
    late: flagField().optional(),
    assigned_to: idField().optional(),
  });
export type MalfunctionListQuery = z.output<typeof MalfunctionListQuerySchema>;

/** GET /api/own-malfunctions: the customer's own, newest first; optionally of one machine. */
export const OwnMalfunctionListQuerySchema = listQuerySchema(['reported_at', 'status'] as const, 'reported_at')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
    machine_id: idField().optional(),
  });
export type OwnMalfunctionListQuery = z.output<typeof OwnMalfunctionListQuerySchema>;

/** The count of open malfunctions (Open and In behandeling) for the navigation, and how many of them are late. */
export const OpenCountSchema = z.object({ count: z.number().int(), late: z.number().int() });

/** GET /api/assigned-malfunctions: the mechanic's "Mijn storingen", active first then newest. */
export const AssignedMalfunctionListQuerySchema = listQuerySchema(['reported_at', 'status'] as const, 'reported_at')
  .omit({ archived: true })
  .extend({
    sortOrder: z.enum(SORT_ORDERS, { error: MSG.invalidChoice }).default('desc'),
    status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
  });
export type AssignedMalfunctionListQuery = z.output<typeof AssignedMalfunctionListQuerySchema>;

/** Who a malfunction may be assigned to. */
export const MalfunctionAssigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(['super_admin', 'admin', 'mechanic']),
});
export type MalfunctionAssignee = z.infer<typeof MalfunctionAssigneeSchema>;

/** An open task list of the machine's location the machine may be planned on. */
export const MalfunctionPlanOptionSchema = z.object({
  tasklist_id: z.number().int(),
  date: z.string(),
  inspection_type: z.enum(INSPECTION_TYPES),
  mechanic_name: z.string().nullable(),
  /** The machine is already on it (planning then links the existing report). */
  has_machine: z.boolean(),
});
export type MalfunctionPlanOption = z.infer<typeof MalfunctionPlanOptionSchema>;
