import { z } from 'zod';
import { MALFUNCTION_STATUSES, MALFUNCTION_TEXT, MALFUNCTION_URGENCIES, MAX_DESCRIPTION } from './malfunction-texts';
import { optionalPhoneField } from './phone';
import { INSPECTION_TYPES } from './questionnaires';
import { dateField } from './tasklists';
import { choiceField, hasNoNul, MSG, optionalIdField, optionalText } from './validation';

/* What the customer and the office send: a report, the handling, the planning, a withdrawal, a comment. */

const description = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(MAX_DESCRIPTION, { error: `Maximaal ${MAX_DESCRIPTION} tekens` })
    .refine(hasNoNul, { error: MSG.invalidCharacters });

/** What a customer user fills in (the photos travel as file parts `photos`). */
export const MalfunctionInputSchema = z.object({
  description: description(),
  /** "Maximaal 255 tekens". */
  remark: optionalText(),
  /** "Machine staat stil" (urgent) or "Machine werkt nog". */
  urgency: choiceField(MALFUNCTION_URGENCIES),
  /** "Bereikbaar op": optional, Dutch or international. */
  contact_phone: optionalPhoneField(),
});
export type MalfunctionInput = z.output<typeof MalfunctionInputSchema>;
export type MalfunctionFormValues = z.input<typeof MalfunctionInputSchema>;

/**
 * Handling by the office: a new status (omitted or the same: unchanged), a reason (required when
 * going back to Open), the internal note and the note for the customer (omitted: unchanged; ''
 * clears). The actor becomes `handled_by`.
 */
export const MalfunctionHandleInputSchema = z.object({
  status: z.enum(MALFUNCTION_STATUSES, { error: MSG.invalidChoice }).optional(),
  reason: optionalText(),
  internal_note: optionalText(1000).optional(),
  customer_note: optionalText(1000).optional(),
  /** An active mechanic, admin or super admin (422 MALFUNCTION_TEXT.notAssignable otherwise); null: nobody. */
  assigned_to: optionalIdField().optional(),
});
export type MalfunctionHandleInput = z.output<typeof MalfunctionHandleInputSchema>;
export type MalfunctionHandleFormValues = z.input<typeof MalfunctionHandleInputSchema>;

/**
 * "Inplannen": on an existing open task list of the machine's location (`tasklist_id`), or on a
 * new one (`planned_date`, YYYY-MM-DD, and the inspection type, default onderhoud). The machine's report
 * there is linked to the malfunction (a 'planned' event) and the status becomes In behandeling
 * when it was Open. 409 when the malfunction is resolved or withdrawn.
 */
export const MalfunctionPlanInputSchema = z
  .object({
    tasklist_id: optionalIdField().optional(),
    planned_date: dateField().optional(),
    inspection_type: choiceField(INSPECTION_TYPES).default('maintenance'),
  })
  .refine((v) => v.tasklist_id != null || v.planned_date !== undefined, {
    path: ['planned_date'],
    error: MSG.required,
  });
export type MalfunctionPlanInput = z.output<typeof MalfunctionPlanInputSchema>;
export type MalfunctionPlanFormValues = z.input<typeof MalfunctionPlanInputSchema>;

/** POST /api/own-malfunctions/:id/withdraw: why (required). */
export const MalfunctionWithdrawInputSchema = z.object({
  reason: z
    .string({ error: MALFUNCTION_TEXT.withdrawReasonRequired })
    .trim()
    .min(1, { error: MALFUNCTION_TEXT.withdrawReasonRequired, abort: true })
    .max(1000, { error: 'Maximaal 1000 tekens' })
    .refine(hasNoNul, { error: MSG.invalidCharacters }),
});
export type MalfunctionWithdrawFormValues = z.input<typeof MalfunctionWithdrawInputSchema>;

/** POST /api/own-malfunctions/:id/comments: the text (the photo travels as file part `photo`); one of both. */
export const MalfunctionCommentInputSchema = z.object({ comment: optionalText(MAX_DESCRIPTION) });
export type MalfunctionCommentFormValues = z.input<typeof MalfunctionCommentInputSchema>;
