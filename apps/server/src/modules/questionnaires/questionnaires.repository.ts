import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import { qualified } from '../../lib/list-query';
import type { QuestionnaireDetail } from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../../db/client';
import { categories, questions } from '../../db/schema/master-data';
import { questionnaireCategories, questionnaireQuestions, questionnaires } from '../../db/schema/questionnaires';
import { iso } from '../../lib/presenters';

const qc = questionnaireCategories;
const qq = questionnaireQuestions;

/** Counts for a page of questionnaires, as sub-selects (one query for the whole page). */
export const categoriesCount = sql<number>`(select count(*)::int from ${qc} where ${qualified(qc.questionnaireId)} = ${qualified(questionnaires.id)})`;
export const questionsCount = sql<number>`(select count(*)::int from ${qq} join ${qc} on ${qualified(qc.id)} = ${qualified(qq.questionnaireCategoryId)} where ${qualified(qc.questionnaireId)} = ${qualified(questionnaires.id)})`;

export const questionnaireSelect = {
  id: questionnaires.id,
  name: questionnaires.name,
  inspectionType: questionnaires.inspectionType,
  status: questionnaires.status,
  createdAt: questionnaires.createdAt,
  updatedAt: questionnaires.updatedAt,
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

const categorySelect = {
  id: qc.id,
  questionnaire_id: qc.questionnaireId,
  category_id: qc.categoryId,
  name: categories.name,
  position: qc.position,
  questions_count: sql<number>`(select count(*)::int from ${qq} where ${qualified(qq.questionnaireCategoryId)} = ${qualified(qc.id)})`,
};

const questionSelect = {
  id: qq.id,
  questionnaire_category_id: qq.questionnaireCategoryId,
  question_id: qq.questionId,
  name: questions.name,
  answer_options: questions.answerOptions,
  memo_title: questions.memoTitle,
  position: qq.position,
};

/** Queries of questionnaires and their ordered categories and questions. */
export function createQuestionnairesRepository(db: Db) {
  // Built once: the detail is what mechanics load most (benchmark: npm run bench, questionnaires).
  const detailStatement = db
    .select({
      id: questionnaires.id,
      name: questionnaires.name,
      inspectionType: questionnaires.inspectionType,
      status: questionnaires.status,
      createdAt: questionnaires.createdAt,
      updatedAt: questionnaires.updatedAt,
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
    })
    .from(questionnaires)
    .leftJoin(qc, eq(qc.questionnaireId, questionnaires.id))
    .leftJoin(categories, eq(categories.id, qc.categoryId))
    .leftJoin(qq, eq(qq.questionnaireCategoryId, qc.id))
    .leftJoin(questions, eq(questions.id, qq.questionId))
    .where(eq(questionnaires.id, sql.placeholder('id')))
    .orderBy(asc(qc.position), asc(qc.id), asc(qq.position), asc(qq.id))
    .prepare('questionnaire_detail');

  /** A questionnaire's categories with their names; its questions with the bank's fields. */
  const selectCategories = (tx: Executor) =>
    tx.select(categorySelect).from(qc).innerJoin(categories, eq(categories.id, qc.categoryId));
  const selectQuestions = (tx: Executor) =>
    tx.select(questionSelect).from(qq).innerJoin(questions, eq(questions.id, qq.questionId));

  return {
    async findQuestionnaire(id: number, tx: Executor = db): Promise<QuestionnaireRow | undefined> {
      const [row] = await tx.select(questionnaireSelect).from(questionnaires).where(eq(questionnaires.id, id)).limit(1);
      return row;
    },

    listCategories: (questionnaireId: number, tx: Executor = db) =>
      selectCategories(tx).where(eq(qc.questionnaireId, questionnaireId)).orderBy(asc(qc.position), asc(qc.id)),

    async findCategory(questionnaireId: number, id: number, tx: Executor = db) {
      const [row] = await selectCategories(tx)
        .where(and(eq(qc.id, id), eq(qc.questionnaireId, questionnaireId)))
        .limit(1);
      return row;
    },

    listQuestions: (questionnaireCategoryIds: number[], tx: Executor = db) =>
      questionnaireCategoryIds.length === 0
        ? Promise.resolve([])
        : selectQuestions(tx)
            .where(inArray(qq.questionnaireCategoryId, questionnaireCategoryIds))
            .orderBy(asc(qq.position), asc(qq.id)),

    async findQuestion(questionnaireCategoryId: number, id: number, tx: Executor = db) {
      const [row] = await selectQuestions(tx)
        .where(and(eq(qq.id, id), eq(qq.questionnaireCategoryId, questionnaireCategoryId)))
        .limit(1);
      return row;
    },

    /**
     * The whole questionnaire in one prepared statement, whatever its size: one row per
     * question (or per empty category, or one row for an empty questionnaire), in order. One
     * statement also means one snapshot: the counts always match the lists.
     */
    async detail(id: number): Promise<QuestionnaireDetail | undefined> {
      const rows = await detailStatement.execute({ id });
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
        });
      }
      return {
        ...presentQuestionnaire({ ...first, categoriesCount: cats.length, questionsCount: questionCount }),
        categories: cats,
      };
    },

    /** The next position at the end of a list. */
    async nextPosition(table: typeof qc | typeof qq, parentId: number, tx: Executor): Promise<number> {
      const parentColumn = table === qc ? qc.questionnaireId : qq.questionnaireCategoryId;
      const [row] = await tx
        .select({ last: max(table.position) })
        .from(table)
        .where(eq(parentColumn, parentId));
      return (row?.last ?? 0) + 1;
    },

    /** Whether `ids` are exactly the items of the parent (a reorder must name all of them, once). */
    async sameSet(table: typeof qc | typeof qq, parentId: number, ids: number[], tx: Executor): Promise<boolean> {
      const parentColumn = table === qc ? qc.questionnaireId : qq.questionnaireCategoryId;
      const [row] = await tx.select({ n: count() }).from(table).where(eq(parentColumn, parentId));
      if (new Set(ids).size !== ids.length || row?.n !== ids.length) return false;
      const [inParent] = await tx
        .select({ n: count() })
        .from(table)
        .where(and(eq(parentColumn, parentId), inArray(table.id, ids)));
      return inParent?.n === ids.length;
    },

    /** Positions 1..n in the order of `ids`, in one statement. */
    async setPositions(table: typeof qc | typeof qq, ids: number[], tx: Executor): Promise<void> {
      await tx.execute(
        sql`update ${table} set position = v.pos, updated_at = now()
            from unnest(string_to_array(${ids.join(',')}, ',')::int[]) with ordinality as v(id, pos)
            where ${table}.id = v.id`,
      );
    },
  };
}

export type QuestionnairesRepository = ReturnType<typeof createQuestionnairesRepository>;
