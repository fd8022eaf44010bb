import { and, asc, count, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  QuestionnaireDetail,
  QuestionnaireInput,
  QuestionnaireListQuerySchema,
} from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../../db/client';
import { categories, questions } from '../../db/schema/master-data';
import { machineQuestionnaires } from '../../db/schema/machines';
import { questionnaireCategories, questionnaireQuestions, questionnaires } from '../../db/schema/questionnaires';
import { createCrudRepository } from '../../lib/crud';
import { machinesUsing } from '../../lib/in-use';
import { allOf, qualified } from '../../lib/list-query';
import { iso } from '../../lib/presenters';

const qc = questionnaireCategories;
const qq = questionnaireQuestions;

/** Whether a row of `table` meets every condition (the undefined ones left out). */
const anyRow = async (tx: Executor, table: PgTable, ...where: (SQL | undefined)[]): Promise<boolean> =>
  (await tx.$count(table, and(...where))) > 0;

/** "Another row than `id`", or no condition when there is no id. */
const other = (column: PgColumn, id: number | undefined): SQL | undefined => (id ? ne(column, id) : undefined);

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
  kind: questions.kind,
  answer_judgements: questions.answerJudgements,
  unit: questions.unit,
  min_value: questions.minValue,
  max_value: questions.maxValue,
};

/** The two ordered lists: categories of a questionnaire, questions of a questionnaire category. */
const ORDERED = {
  categories: { table: qc, parent: qc.questionnaireId },
  questions: { table: qq, parent: qq.questionnaireCategoryId },
} as const;
export type OrderedList = keyof typeof ORDERED;

/** Queries of questionnaires and their ordered categories and questions. */
export function createQuestionnairesRepository(db: Db) {
  /** List, read, create, update and delete (lib/crud.ts); a questionnaire chosen by machines is in use. */
  const crud = createCrudRepository({
    db,
    table: questionnaires,
    select: questionnaireSelect,
    present: presentQuestionnaire,
    values: (input: QuestionnaireInput) => ({
      name: input.name,
      inspectionType: input.inspection_type,
      status: input.status,
    }),
    sortColumns: {
      name: questionnaires.name,
      inspection_type: questionnaires.inspectionType,
      status: questionnaires.status,
      created_at: questionnaires.createdAt,
    },
    searchColumns: [questionnaires.name],
    filters: (q: z.output<typeof QuestionnaireListQuerySchema>) =>
      allOf(eqIf(questionnaires.inspectionType, q.inspection_type), eqIf(questionnaires.status, q.status)),
    unique: {
      column: questionnaires.name,
      field: 'name',
      message: 'Er bestaat al een vragenlijst met deze naam',
      constraint: 'questionnaires_name_unique',
    },
    inUse: (id, tx) => machinesUsing(tx, machineQuestionnaires.questionnaireId, id, 'deze vragenlijst'),
  });

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
      qKind: questions.kind,
      qAnswerJudgements: questions.answerJudgements,
      qUnit: questions.unit,
      qMinValue: questions.minValue,
      qMaxValue: questions.maxValue,
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
    crud,

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
    },

    /** Whether the questionnaire exists. */
    questionnaireExists: (id: number, tx: Executor = db) => anyRow(tx, questionnaires, eq(questionnaires.id, id)),

    /**
     * Locks the questionnaire (FOR NO KEY UPDATE) until the transaction ends; false when it does not
     * exist. Every change of its list of categories, and a copy of it, takes this lock first, so
     * they run one after the other: positions stay unique, a reorder sees the list it replaces,
     * copies of one questionnaire pick their names one after the other.
     */
    lockQuestionnaire: async (id: number, tx: Executor): Promise<boolean> =>
      (
        await tx
          .select({ id: questionnaires.id })
          .from(questionnaires)
          .where(eq(questionnaires.id, id))
          .for('no key update')
      ).length > 0,

    /**
     * Locks a category of the questionnaire (FOR NO KEY UPDATE): the same for the list of its
     * questions.
     * False when the questionnaire has no such category.
     */
    lockCategory: async (questionnaireId: number, id: number, tx: Executor): Promise<boolean> =>
      (
        await tx
          .select({ id: qc.id })
          .from(qc)
          .where(and(eq(qc.id, id), eq(qc.questionnaireId, questionnaireId)))
          .for('no key update')
      ).length > 0,

    /** Whether the category exists in the bank of categories. */
    bankCategoryExists: (categoryId: number, tx: Executor = db) =>
      anyRow(tx, categories, eq(categories.id, categoryId)),

    /** Whether the question exists in the bank of questions. */
    bankQuestionExists: (questionId: number, tx: Executor = db) => anyRow(tx, questions, eq(questions.id, questionId)),

    /** Whether the questionnaire already holds the bank category (in an item other than `exceptId`). */
    categoryTaken: (questionnaireId: number, categoryId: number, exceptId: number | undefined, tx: Executor = db) =>
      anyRow(tx, qc, eq(qc.questionnaireId, questionnaireId), eq(qc.categoryId, categoryId), other(qc.id, exceptId)),

    /** Whether the questionnaire category already holds the question (in an item other than `exceptId`). */
    questionTaken: (categoryItemId: number, questionId: number, exceptId: number | undefined, tx: Executor = db) =>
      anyRow(
        tx,
        qq,
        eq(qq.questionnaireCategoryId, categoryItemId),
        eq(qq.questionId, questionId),
        other(qq.id, exceptId),
      ),

    /**
     * The first of `base`, `base (2)`, `base (3)` ... up to `base (999)` that no questionnaire has
     * (compared without case), in one statement; undefined when all are taken.
     */
    async firstFreeName(base: string, tx: Executor = db): Promise<string | undefined> {
      const candidates = sql`(
        select n, case when n = 1 then ${base}::text else ${base}::text || ' (' || n || ')' end as name
        from generate_series(1, 999) as n
      ) c`;
      const [row] = await tx
        .select({ name: sql<string>`c.name` })
        .from(candidates)
        .where(sql`not exists (select 1 from ${questionnaires} q where lower(q.name) = lower(c.name))`)
        .orderBy(sql`c.n`)
        .limit(1);
      return row?.name;
    },

    /** A new questionnaire without categories; its id. */
    async insertQuestionnaire(values: typeof questionnaires.$inferInsert, tx: Executor = db): Promise<number> {
      const [row] = await tx.insert(questionnaires).values(values).returning({ id: questionnaires.id });
      return row!.id;
    },

    /** Bank categories added to questionnaires; the new items' ids with their bank category. */
    insertCategories: (values: (typeof qc.$inferInsert)[], tx: Executor = db) =>
      values.length === 0
        ? Promise.resolve([])
        : tx.insert(qc).values(values).returning({ id: qc.id, categoryId: qc.categoryId }),

    /** Another bank category for a questionnaire category. */
    async changeCategory(id: number, categoryId: number, tx: Executor = db): Promise<void> {
      await tx.update(qc).set({ categoryId, updatedAt: new Date() }).where(eq(qc.id, id));
    },

    /**
     * Removes a category from its questionnaire (its questions go with it: cascade); false when
     * the questionnaire has no such category (any more).
     */
    deleteCategory: async (questionnaireId: number, id: number, tx: Executor = db): Promise<boolean> =>
      (
        await tx
          .delete(qc)
          .where(and(eq(qc.id, id), eq(qc.questionnaireId, questionnaireId)))
          .returning({ id: qc.id })
      ).length > 0,

    /** Bank questions added to questionnaire categories; the new items' ids. */
    insertQuestions: (values: (typeof qq.$inferInsert)[], tx: Executor = db) =>
      values.length === 0 ? Promise.resolve([]) : tx.insert(qq).values(values).returning({ id: qq.id }),

    /** Another bank question for a questionnaire question. */
    async changeQuestion(id: number, questionId: number, tx: Executor = db): Promise<void> {
      await tx.update(qq).set({ questionId, updatedAt: new Date() }).where(eq(qq.id, id));
    },

    /** Removes a question from its questionnaire category; false when it has no such question (any more). */
    deleteQuestion: async (categoryItemId: number, id: number, tx: Executor = db): Promise<boolean> =>
      (
        await tx
          .delete(qq)
          .where(and(eq(qq.id, id), eq(qq.questionnaireCategoryId, categoryItemId)))
          .returning({ id: qq.id })
      ).length > 0,

    /** The next position at the end of a list. */
    async nextPosition(list: OrderedList, parentId: number, tx: Executor): Promise<number> {
      const { table, parent: parentColumn } = ORDERED[list];
      const [row] = await tx
        .select({ last: max(table.position) })
        .from(table)
        .where(eq(parentColumn, parentId));
      return (row?.last ?? 0) + 1;
    },

    /** Whether `ids` are exactly the items of the parent (a reorder must name all of them, once). */
    async sameSet(list: OrderedList, parentId: number, ids: number[], tx: Executor): Promise<boolean> {
      const { table, parent: parentColumn } = ORDERED[list];
      const [row] = await tx.select({ n: count() }).from(table).where(eq(parentColumn, parentId));
      if (new Set(ids).size !== ids.length || row?.n !== ids.length) return false;
      const [inParent] = await tx
        .select({ n: count() })
        .from(table)
        .where(and(eq(parentColumn, parentId), inArray(table.id, ids)));
      return inParent?.n === ids.length;
    },

    /** Positions 1..n in the order of `ids`, in one statement. */
    async setPositions(list: OrderedList, ids: number[], tx: Executor): Promise<void> {
      const { table } = ORDERED[list];
      await tx.execute(
        sql`update ${table} set position = v.pos, updated_at = now()
            from unnest(string_to_array(${ids.join(',')}, ',')::int[]) with ordinality as v(id, pos)
            where ${table}.id = v.id`,
      );
    },
  };
}

export type QuestionnairesRepository = ReturnType<typeof createQuestionnairesRepository>;

const eqIf = <T>(column: Parameters<typeof eq>[0], value: T | undefined) =>
  value === undefined ? undefined : eq(column, value);
