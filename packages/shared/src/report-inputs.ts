import { z } from 'zod';
import { JUDGEMENTS, measurementValueField, VERDICTS } from './compliance';
import { ReportAnswerSchema } from './report-detail';
import { instantField } from './report-signatures';
import { REPORT_TEXT } from './report-texts';
import { flagField, idField, MSG, optionalText, sentAs } from './validation';

/* What a device sends while filling in a report: answers, skipped categories, the save and the submit. */

/**
 * Saving the answer of one question: the chosen option ('' for none), the measured value of a
 * measurement (as typed: "0,30" or "0.30"; '' or absent for none; a measurement takes no option
 * and a choice no value) and the memo. Idempotent per question; `answered_at` is when it was given
 * on the device, and a stored answer given later is kept (a replayed older answer changes
 * nothing). No option, no value and no memo removes the answer.
 */
export const AnswerInputSchema = z.object({
  option: sentAs<number | string | null | undefined>()(
    z.preprocess(
      (v) =>
        v === '' || v === undefined || v === null ? null : typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v,
      z
        .number({ error: REPORT_TEXT.invalidOption })
        .int({ error: REPORT_TEXT.invalidOption })
        .min(1, { error: REPORT_TEXT.invalidOption })
        .max(4, { error: REPORT_TEXT.invalidOption })
        .nullable(),
    ),
  ),
  value: measurementValueField(),
  memo: optionalText(),
  answered_at: instantField(),
});
export type AnswerInput = z.output<typeof AnswerInputSchema>;
export type AnswerFormValues = z.input<typeof AnswerInputSchema>;

/** What the server holds for a question after a save (the newer of the stored and the sent answer). */
export const ReportAnswerStateSchema = z.object({
  question_id: z.number().int(),
  answer: ReportAnswerSchema.nullable(),
  /** The stored answer's judgement (null: none). */
  judgement: z.enum(JUDGEMENTS).nullable(),
});
export type ReportAnswerState = z.infer<typeof ReportAnswerStateSchema>;

/** Skipping a category (1) or taking it back (0). */
export const SkipInputSchema = z.object({ skipped: flagField() });
export type SkipFormValues = z.input<typeof SkipInputSchema>;

export const ReportCategoryStateSchema = z.object({ id: z.number().int(), skipped: z.boolean() });
export type ReportCategoryState = z.infer<typeof ReportCategoryStateSchema>;

/** "Rapport indienen": the report's own fields (omitted: unchanged). */
export const ReportSaveInputSchema = z.object({ not_at_location: flagField().optional() });
export type ReportSaveFormValues = z.input<typeof ReportSaveInputSchema>;

/**
 * "Rapport afronden": optionally the mechanic's own verdict with a reason. A verdict other than
 * the derived one needs a reason (422 errors.verdict_reason); the same as the derived one is no
 * override (its reason is dropped). An empty body submits with the derived verdict.
 */
export const SubmitInputSchema = z.object({
  verdict: sentAs<string | null | undefined>()(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(VERDICTS, { error: MSG.invalidChoice }).optional(),
    ),
  ).optional(),
  verdict_reason: optionalText(),
  /**
   * Malfunctions planned on this report (ReportDetail.malfunctions) to set to Opgelost with the
   * submit (form data repeats the key). Another id is 422; one no longer active is left as it is.
   */
  resolve_malfunctions: sentAs<number | string | (number | string)[] | undefined>()(
    z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z.array(idField(), { error: MSG.invalidChoice }).max(50, { error: MSG.invalidChoice }),
    ),
  ).optional(),
  /**
   * The device's id of this submit (a uuid made when "Rapport afronden" is queued): the same
   * submit sent again, after a connection that broke once the server had it, is answered as the
   * first time (200 with the submitted report), not with a 409.
   */
  submission_id: sentAs<string | undefined>()(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.uuid({ error: REPORT_TEXT.invalidSubmission }).optional(),
    ),
  ).optional(),
});
export type SubmitInput = z.output<typeof SubmitInputSchema>;
export type SubmitFormValues = z.input<typeof SubmitInputSchema>;
