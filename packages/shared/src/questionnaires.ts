import { z } from 'zod';
import { listQuerySchema } from './api';
import type { Judgement, QuestionKind } from './judgements';
import { MSG, choiceField, idField, requiredText } from './validation';

/** The inspection types of product-decisions.md; a questionnaire has one. */
export const INSPECTION_TYPES = ['inspection', 'maintenance', 'safety', 'inspection_maintenance'] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];
export const INSPECTION_TYPE_LABELS: Record<InspectionType, string> = {
  inspection: 'Keuring',
  maintenance: 'Onderhoud',
  safety: 'Veiligheid',
  inspection_maintenance: 'Keuring/onderhoud',
};

export const QUESTIONNAIRE_STATUSES = ['active', 'concept'] as const;
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_STATUSES)[number];
export const QUESTIONNAIRE_STATUS_LABELS: Record<QuestionnaireStatus, string> = {
  active: 'Actief',
  concept: 'Concept',
};

export const QuestionnaireSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  inspection_type: z.enum(INSPECTION_TYPES),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  /** Date added. */
  created_at: z.string(),
  updated_at: z.string(),
  categories_count: z.number().int(),
  questions_count: z.number().int(),
});
export type Questionnaire = z.infer<typeof QuestionnaireSchema>;

export const QuestionnaireInputSchema = z.object({
  name: requiredText(),
  inspection_type: choiceField(INSPECTION_TYPES),
  status: choiceField(QUESTIONNAIRE_STATUSES),
});
export type QuestionnaireInput = z.output<typeof QuestionnaireInputSchema>;
export type QuestionnaireFormValues = z.input<typeof QuestionnaireInputSchema>;

export const QUESTIONNAIRE_SORT_KEYS = ['name', 'inspection_type', 'status', 'created_at'] as const;
/** The filters of the questionnaires list. */
export const QUESTIONNAIRE_FILTER_KEYS = ['inspection_type', 'status'] as const;

export const QuestionnaireListQuerySchema = listQuerySchema(QUESTIONNAIRE_SORT_KEYS, 'name').extend({
  inspection_type: z.enum(INSPECTION_TYPES, { error: MSG.invalidChoice }).optional(),
  status: z.enum(QUESTIONNAIRE_STATUSES, { error: MSG.invalidChoice }).optional(),
});

/** A category in a questionnaire, with its own position. */
export const QuestionnaireCategorySchema = z.object({
  id: z.number().int(),
  questionnaire_id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  questions_count: z.number().int(),
});
export type QuestionnaireCategory = z.infer<typeof QuestionnaireCategorySchema>;
export const QuestionnaireCategoryInputSchema = z.object({ category_id: idField() });
export type QuestionnaireCategoryFormValues = z.input<typeof QuestionnaireCategoryInputSchema>;

/** A question in a questionnaire category, with its own position and the question's fields. */
export const QuestionnaireQuestionSchema = z.object({
  id: z.number().int(),
  questionnaire_category_id: z.number().int(),
  question_id: z.number().int(),
  name: z.string(),
  answer_options: z.array(z.string()),
  memo_title: z.string().nullable(),
  position: z.number().int(),
  // The question's kind, judgements and limits (master-data QuestionSchema); the values are
  // spelled out because compliance.ts imports this file.
  kind: z.enum(['choice', 'measurement'] as const satisfies readonly QuestionKind[]),
  answer_judgements: z.array(z.enum(['good', 'remark', 'reject', 'na'] as const satisfies readonly Judgement[])),
  unit: z.string().nullable(),
  min_value: z.string().nullable(),
  max_value: z.string().nullable(),
});
export type QuestionnaireQuestion = z.infer<typeof QuestionnaireQuestionSchema>;
export const QuestionnaireQuestionInputSchema = z.object({ question_id: idField() });
export type QuestionnaireQuestionFormValues = z.input<typeof QuestionnaireQuestionInputSchema>;

/** The whole questionnaire as a mechanic sees it: categories with their questions, in order. */
export const QuestionnaireDetailSchema = QuestionnaireSchema.extend({
  categories: z.array(
    QuestionnaireCategorySchema.omit({ questions_count: true }).extend({
      questions: z.array(QuestionnaireQuestionSchema),
    }),
  ),
});
export type QuestionnaireDetail = z.infer<typeof QuestionnaireDetailSchema>;
