import { and, count, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { categories, questions } from '../../db/schema/master-data';
import {
  questionnaireCategories as qc,
  questionnaireQuestions as qq,
  questionnaires,
} from '../../db/schema/questionnaires';

/*
 * A questionnaire's structure: its ordered categories and their ordered questions (items that
 * point into the bank of categories and questions), locked while they change.
 */

/** Whether a row of `table` meets every condition (the undefined ones left out). */
export const anyRow = async (tx: Executor, table: PgTable, ...where: (SQL | undefined)[]): Promise<boolean> =>
  (await tx.$count(table, and(...where))) > 0;

/** "Another row than `id`", or no condition when there is no id. */
const other = (column: PgColumn, id: number | undefined): SQL | undefined => (id ? ne(column, id) : undefined);

/** The two ordered lists: categories of a questionnaire, questions of a questionnaire category. */
const ORDERED = {
  categories: { table: qc, parent: qc.questionnaireId },
  questions: { table: qq, parent: qq.questionnaireCategoryId },
} as const;
export type OrderedList = keyof typeof ORDERED;

/** The structure's reads and writes (spread into the questionnaires repository). */
export const questionnaireItems = (db: Db) => ({
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
  bankCategoryExists: (categoryId: number, tx: Executor = db) => anyRow(tx, categories, eq(categories.id, categoryId)),

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
});
