import { z } from 'zod';
import { listQuerySchema } from './api';
import {
  COMPLIANCE_TEXT,
  JUDGEMENTS,
  MAX_UNIT,
  QUESTION_KINDS,
  defaultJudgement,
  measurementValueField,
  parseMeasurement,
  type Judgement,
  type QuestionKind,
} from './compliance';
import { MAX_TEXT, MSG, choiceField, hasNoNul, idField, optionalText, requiredText, sentAs } from './validation';

/**
 * Brands, brand types, machine types and categories: named master items. Each has the same
 * contract shape (id, name, timestamps) plus its own counts.
 */
const named = {
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** What an admin fills in for a named item. */
export const NamedInputSchema = z.object({ name: requiredText() });
export type NamedInput = z.output<typeof NamedInputSchema>;
export type NamedFormValues = z.input<typeof NamedInputSchema>;

export const BrandSchema = z.object({ ...named, types_count: z.number().int() });
export type Brand = z.infer<typeof BrandSchema>;
export const BRAND_SORT_KEYS = ['name', 'types_count', 'created_at'] as const;
export const BrandListQuerySchema = listQuerySchema(BRAND_SORT_KEYS, 'name');

export const BrandTypeSchema = z.object({ ...named, brand_id: z.number().int() });
export type BrandType = z.infer<typeof BrandTypeSchema>;
export const NAMED_SORT_KEYS = ['name', 'created_at'] as const;
export const NamedListQuerySchema = listQuerySchema(NAMED_SORT_KEYS, 'name');

export const MachineTypeSchema = z.object({ ...named });
export type MachineType = z.infer<typeof MachineTypeSchema>;

export const CategorySchema = z.object({ ...named, questionnaires_count: z.number().int() });
export type Category = z.infer<typeof CategorySchema>;

/** At most 4 answer options per question (spec section 9). */
export const MAX_ANSWER_OPTIONS = 4;

/**
 * A question of the question bank: either answer options (choice: 1 to 4 options, e.g. Goed /
 * Matig / Slecht / n.v.t., each with a judgement) or a measurement (a value in a unit with a
 * minimum and/or maximum, both inclusive; no options). Limits are decimal strings with a point
 * ("0.30"); screens show them with a comma (formatLimits).
 */
export const QuestionSchema = z.object({
  ...named,
  kind: z.enum(QUESTION_KINDS),
  answer_options: z.array(z.string()),
  /** One judgement per answer option, in the same order (empty for a measurement). */
  answer_judgements: z.array(z.enum(JUDGEMENTS)),
  unit: z.string().nullable(),
  min_value: z.string().nullable(),
  max_value: z.string().nullable(),
  memo_title: z.string().nullable(),
  order: z.number().int(),
  questionnaires_count: z.number().int(),
});
export type Question = z.infer<typeof QuestionSchema>;

/** Form data sends one value as a string and several as repeated keys. */
const asList = (v: unknown) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/**
 * The answer options as sent: every position kept (the judgements are a parallel array), each
 * trimmed; empty ones are dropped together with their judgement after the checks.
 */
const answerOptions = sentAs<string | string[] | undefined>()(
  z.preprocess(
    asList,
    z.array(z.string({ error: MSG.invalidChoice }).trim().max(MAX_TEXT, { error: MSG.maxText }), {
      error: MSG.invalidChoice,
    }),
  ),
);

/** A judgement per option position; '' (or none) is "by its label" (defaultJudgement). */
const answerJudgements = sentAs<string | string[] | undefined>()(
  z.preprocess(
    asList,
    z.array(
      z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.enum(JUDGEMENTS, { error: MSG.invalidChoice }).optional(),
      ),
      { error: MSG.invalidChoice },
    ),
  ),
);

export const QUESTION_TEXT = {
  optionsMin: 'Vul minimaal één antwoordoptie in',
  optionsMax: `Maximaal ${MAX_ANSWER_OPTIONS} antwoordopties`,
} as const;

/**
 * The fields the other kind uses are ignored, not checked: a limit typed before the admin
 * switched back to answer options must not block saving.
 */
function withoutOtherKind(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const q = v as Record<string, unknown>;
  const kind = q.kind === undefined || q.kind === null || q.kind === '' ? 'choice' : q.kind;
  if (kind === 'measurement') return { ...q, answer_options: undefined, answer_judgements: undefined };
  if (kind === 'choice') return { ...q, unit: undefined, min_value: undefined, max_value: undefined };
  return v;
}

/**
 * What an admin fills in for a question. `kind` decides which fields count: a choice question
 * needs 1 to 4 options (the unit and limits are ignored), a measurement a unit and a minimum
 * and/or maximum (the options are ignored). Limits are typed Dutch-style ("0,30").
 *
 * Errors land on the field: `answer_options` (count), `answer_options.N` / `answer_judgements.N`
 * (one position), `unit`, `min_value` (invalid, none given, or above the maximum), `max_value`.
 */
/**
 * requiredText without its abort on empty: an aborted field would stop the checks across fields
 * below, and the form would show the unit and limit errors only after the name was filled in.
 */
const questionName = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(MAX_TEXT, { error: MSG.maxText })
    .refine(hasNoNul, { error: MSG.invalidCharacters });

const QuestionFields = z.object({
  name: questionName(),
  kind: sentAs<QuestionKind | undefined>()(
    z.preprocess((v) => (v === '' || v === null ? undefined : v), choiceField(QUESTION_KINDS).default('choice')),
  ),
  answer_options: answerOptions,
  answer_judgements: answerJudgements,
  unit: optionalText(MAX_UNIT),
  min_value: measurementValueField(),
  max_value: measurementValueField(),
  memo_title: optionalText(),
  order: sentAs<number | string | undefined>()(
    z.coerce
      .number({ error: MSG.invalidNumber })
      .int({ error: MSG.invalidNumber })
      .min(0, { error: 'Minimaal 0' })
      .max(100_000, { error: 'Maximaal 100000' })
      .default(0),
  ),
});

export const QuestionInputSchema = sentAs<z.input<typeof QuestionFields>>()(
  z.preprocess(
    withoutOtherKind,
    QuestionFields
      // Runs even when another field failed, so that the form shows every problem at once; the
      // values it reads may then be unparsed, so it checks their types.
      .superRefine(
        (q, ctx) => {
          if (q.kind === 'measurement') {
            if (q.unit === null || q.unit === undefined || q.unit === '') {
              ctx.addIssue({ code: 'custom', path: ['unit'], message: COMPLIANCE_TEXT.unitRequired });
            }
            const min = q.min_value as unknown;
            const max = q.max_value as unknown;
            const none = (v: unknown) => v === null || v === undefined;
            if (none(min) && none(max)) {
              ctx.addIssue({ code: 'custom', path: ['min_value'], message: COMPLIANCE_TEXT.measurementLimitsRequired });
            } else if (typeof min === 'string' && typeof max === 'string') {
              const lo = parseMeasurement(min);
              const hi = parseMeasurement(max);
              if (lo !== null && hi !== null && Number(lo) > Number(hi)) {
                ctx.addIssue({ code: 'custom', path: ['min_value'], message: COMPLIANCE_TEXT.measurementLimitsOrder });
              }
            }
          } else if (q.kind === 'choice' && Array.isArray(q.answer_options)) {
            const filled = q.answer_options.filter((o) => typeof o === 'string' && o.trim() !== '').length;
            if (filled === 0)
              ctx.addIssue({ code: 'custom', path: ['answer_options'], message: QUESTION_TEXT.optionsMin });
            if (filled > MAX_ANSWER_OPTIONS) {
              ctx.addIssue({ code: 'custom', path: ['answer_options'], message: QUESTION_TEXT.optionsMax });
            }
          }
        },
        { when: () => true },
      )
      .transform((q) => {
        if (q.kind === 'measurement') {
          return { ...q, answer_options: [] as string[], answer_judgements: [] as Judgement[] };
        }
        const answer_options: string[] = [];
        const answer_judgements: Judgement[] = [];
        q.answer_options.forEach((label, i) => {
          if (!label) return;
          answer_options.push(label);
          answer_judgements.push(q.answer_judgements[i] ?? defaultJudgement(label));
        });
        return { ...q, answer_options, answer_judgements, unit: null, min_value: null, max_value: null };
      }),
  ),
);
export type QuestionInput = z.output<typeof QuestionInputSchema>;
export type QuestionFormValues = z.input<typeof QuestionInputSchema>;
export const QUESTION_SORT_KEYS = ['order', 'name', 'created_at'] as const;
export const QuestionListQuerySchema = listQuerySchema(QUESTION_SORT_KEYS, 'order');

/** A new order for the items of a list: their ids, first to last. */
export const ReorderInputSchema = z.object({
  ids: z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z.array(idField(), { error: MSG.invalidChoice }).min(1, { error: MSG.required }).max(1000),
  ),
});
export type ReorderInput = z.output<typeof ReorderInputSchema>;
