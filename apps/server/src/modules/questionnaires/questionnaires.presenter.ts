import { sql } from 'drizzle-orm';
import type { QuestionnaireDetail } from '@keurwijzer/shared/questionnaires';
import { categories, questions } from '../../db/schema/master-data';
import {
  questionnaireCategories as qc,
  questionnaireQuestions as qq,
  questionnaires,
} from '../../db/schema/questionnaires';
import { qualified } from '../../lib/list-query';
import { iso } from '../../lib/presenters';

/* The questionnaires' columns as the repository selects them, and their JSON as the API answers it. */

/** Counts for a page of questionnaires, as sub-selects (one query for the whole page). */
export const categoriesCount = sql<number>`(select count(*)::int from ${qc} where ${qualified(qc.questionnaireId)} = ${qualified(questionnaires.id)})`;
export const questionsCount = sql<number>`(select count(*)::int from ${qq} join ${qc} on ${qualified(qc.id)} = ${qualified(qq.questionnaireCategoryId)} where ${qualified(qc.questionnaireId)} = ${qualified(questionnaires.id)})`;

/** A questionnaire's own columns. */
const ownColumns = {
  id: questionnaires.id,
  name: questionnaires.name,
  inspectionType: questionnaires.inspectionType,
  status: questionnaires.status,
  createdAt: questionnaires.createdAt,
  updatedAt: questionnaires.updatedAt,
};

export const questionnaireSelect = {
  ...ownColumns,
  categoriesCount: categoriesCount.as('categories_count'),
  questionsCount: questionsCount.as('questions_count'),
};
export type QuestionnaireRow = typeof questionnaires.$inferSelect & { categoriesCount: number; questionsCount: number };

export const presentQuestionnaire = (row: QuestionnaireRow) => ({
  id: row.id,
  name: row.name,
  inspection_type: row.inspectionType,
  status: row.status,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
  categories_count: row.categoriesCount,
  questions_count: row.questionsCount,
});

export const categorySelect = {
  id: qc.id,
  questionnaire_id: qc.questionnaireId,
  category_id: qc.categoryId,
  name: categories.name,
  position: qc.position,
  questions_count: sql<number>`(select count(*)::int from ${qq} where ${qualified(qq.questionnaireCategoryId)} = ${qualified(qc.id)})`,
};

export const questionSelect = {
  id: qq.id,
  questionnaire_category_id: qq.questionnaireCategoryId,
  question_id: qq.questionId,
  name: questions.name,
  answer_options: questions.answerOptions,
  memo_title: questions.memoTitle,
  position: qq.position,
  kind: questions.kind,
  answer_judgements: questions.answerJudgements,
  unit: questions.unit,
  min_value: questions.minValue,
  max_value: questions.maxValue,
};

/** The detail's columns: one row per question (or empty category) of the questionnaire. */
export const detailSelect = {
  ...ownColumns,
  cId: qc.id,
  cCategoryId: qc.categoryId,
  cName: categories.name,
  cPosition: qc.position,
  qId: qq.id,
  qQuestionId: qq.questionId,
  qName: questions.name,
  qAnswerOptions: questions.answerOptions,
  qMemoTitle: questions.memoTitle,
  qPosition: qq.position,
  qKind: questions.kind,
  qAnswerJudgements: questions.answerJudgements,
  qUnit: questions.unit,
  qMinValue: questions.minValue,
  qMaxValue: questions.maxValue,
};

/** A detail row: the questionnaire's columns, and the (left-joined, so nullable) category's and question's. */
type QuestionnaireColumn = 'id' | 'name' | 'inspectionType' | 'status' | 'createdAt' | 'updatedAt';
type DetailRow = Pick<QuestionnaireRow, QuestionnaireColumn> & {
  [K in Exclude<keyof typeof detailSelect, QuestionnaireColumn>]: (typeof detailSelect)[K]['_']['data'] | null;
};

/** The detail's rows (in order) folded into the questionnaire with its categories and questions. */
export function presentDetail(rows: DetailRow[]): QuestionnaireDetail | undefined {
  const first = rows[0];
  if (!first) return undefined;
  type Category = QuestionnaireDetail['categories'][number];
  const cats: Category[] = [];
  let current: Category | undefined;
  let questionCount = 0;
  for (const r of rows) {
    if (r.cId === null) continue;
    if (current?.id !== r.cId) {
      current = {
        id: r.cId,
        questionnaire_id: first.id,
        category_id: r.cCategoryId!,
        name: r.cName!,
        position: r.cPosition!,
        questions: [],
      };
      cats.push(current);
    }
    if (r.qId === null) continue;
    questionCount++;
    current.questions.push({
      id: r.qId,
      questionnaire_category_id: r.cId,
      question_id: r.qQuestionId!,
      name: r.qName!,
      answer_options: r.qAnswerOptions!,
      memo_title: r.qMemoTitle,
      position: r.qPosition!,
      kind: r.qKind!,
      answer_judgements: r.qAnswerJudgements!,
      unit: r.qUnit,
      min_value: r.qMinValue,
      max_value: r.qMaxValue,
    });
  }
  return {
    ...presentQuestionnaire({ ...first, categoriesCount: cats.length, questionsCount: questionCount }),
    categories: cats,
  };
}
