import { z } from 'zod';
import { listQuerySchema } from './api';
import { MAX_TEXT, MSG, idField, optionalText, requiredText, sentAs } from './validation';

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
 * A question of the question bank: 1 to 4 answer options (e.g. Goed / Matig / Slecht / n.v.t.),
 * a custom title for the remarks field, and an order.
 */
export const QuestionSchema = z.object({
  ...named,
  answer_options: z.array(z.string()),
  memo_title: z.string().nullable(),
  order: z.number().int(),
  questionnaires_count: z.number().int(),
});
export type Question = z.infer<typeof QuestionSchema>;

/** Form data sends one option as a string and several as repeated keys; empty ones are dropped. */
const answerOptions = sentAs<string | string[]>()(
  z.preprocess(
    (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.string({ error: MSG.invalidChoice }).trim().max(MAX_TEXT, { error: MSG.maxText }), {
        error: MSG.invalidChoice,
      })
      .transform((list) => list.filter(Boolean))
      .pipe(
        z
          .array(z.string())
          .min(1, { error: 'Vul minimaal één antwoordoptie in' })
          .max(MAX_ANSWER_OPTIONS, { error: `Maximaal ${MAX_ANSWER_OPTIONS} antwoordopties` }),
      ),
  ),
);

export const QuestionInputSchema = z.object({
  name: requiredText(),
  answer_options: answerOptions,
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
