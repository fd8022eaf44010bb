import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
import { allOf } from '../../lib/list-query';
import { anyRow, questionnaireItems } from './questionnaire-items.repository';
import {
  detailSelect,
  presentDetail,
  presentQuestionnaire,
  questionnaireSelect,
  questionSelect,
  categorySelect,
  type QuestionnaireRow,
} from './questionnaires.presenter';

const qc = questionnaireCategories;
const qq = questionnaireQuestions;

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
    .select(detailSelect)
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
      return presentDetail(rows);
    },

    /** Whether the questionnaire exists. */
    questionnaireExists: (id: number, tx: Executor = db) => anyRow(tx, questionnaires, eq(questionnaires.id, id)),

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

    ...questionnaireItems(db),
  };
}

export type QuestionnairesRepository = ReturnType<typeof createQuestionnairesRepository>;

const eqIf = <T>(column: Parameters<typeof eq>[0], value: T | undefined) =>
  value === undefined ? undefined : eq(column, value);
