import { check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { InspectionType, QuestionnaireStatus } from '@keurwijzer/shared/questionnaires';
import { categories, questions } from './master-data';
import { ownerRef, serialId, timestamps, usedRef } from './columns';

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: serialId(),
    name: varchar('name', { length: 255 }).notNull(),
    inspectionType: text('inspection_type').$type<InspectionType>().notNull(),
    status: text('status').$type<QuestionnaireStatus>().notNull().default('concept'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('questionnaires_name_unique').on(sql`lower(${t.name})`),
    check(
      'questionnaires_type_check',
      sql`${t.inspectionType} in ('inspection', 'maintenance', 'safety', 'inspection_maintenance')`,
    ),
    check('questionnaires_status_check', sql`${t.status} in ('active', 'concept')`),
  ],
);

/** A category in a questionnaire, with its own position. */
export const questionnaireCategories = pgTable(
  'questionnaire_categories',
  {
    id: serialId(),
    questionnaireId: ownerRef('questionnaire_id', () => questionnaires.id),
    categoryId: usedRef('category_id', () => categories.id),
    position: integer('position').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('questionnaire_categories_unique').on(t.questionnaireId, t.categoryId),
    index('questionnaire_categories_order_idx').on(t.questionnaireId, t.position),
    index('questionnaire_categories_category_idx').on(t.categoryId),
  ],
);

/** A question in a questionnaire category, with its own position. */
export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: serialId(),
    questionnaireCategoryId: ownerRef('questionnaire_category_id', () => questionnaireCategories.id),
    questionId: usedRef('question_id', () => questions.id),
    position: integer('position').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('questionnaire_questions_unique').on(t.questionnaireCategoryId, t.questionId),
    index('questionnaire_questions_order_idx').on(t.questionnaireCategoryId, t.position),
    index('questionnaire_questions_question_idx').on(t.questionId),
  ],
);
