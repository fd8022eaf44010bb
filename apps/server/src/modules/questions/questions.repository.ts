import { sql, type SQL } from 'drizzle-orm';
import type { QuestionInput } from '@keurwijzer/shared/master-data';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema/master-data';
import { questionnaireCategories, questionnaireQuestions } from '../../db/schema/questionnaires';
import { createCrudRepository } from '../../lib/crud';
import { qualified } from '../../lib/list-query';
import { plural, presentNamed } from '../../lib/presenters';

/** The number of questionnaires a question is used in. */
const usedInSql = (questionId: SQL | number) =>
  sql<number>`(select count(distinct ${qualified(questionnaireCategories.questionnaireId)})::int from ${questionnaireQuestions}
    join ${questionnaireCategories} on ${qualified(questionnaireCategories.id)} = ${qualified(questionnaireQuestions.questionnaireCategoryId)}
    where ${qualified(questionnaireQuestions.questionId)} = ${questionId})`;

/** The question bank (generic CRUD); a question used in a questionnaire cannot be deleted. */
export const createQuestionsRepository = (db: Db) =>
  createCrudRepository({
    db,
    table: questions,
    select: {
      id: questions.id,
      name: questions.name,
      kind: questions.kind,
      answerOptions: questions.answerOptions,
      answerJudgements: questions.answerJudgements,
      unit: questions.unit,
      minValue: questions.minValue,
      maxValue: questions.maxValue,
      memoTitle: questions.memoTitle,
      order: questions.order,
      createdAt: questions.createdAt,
      updatedAt: questions.updatedAt,
      questionnairesCount: usedInSql(qualified(questions.id)).as('questionnaires_count'),
    },
    present: (row: typeof questions.$inferSelect & { questionnairesCount: number }) => ({
      ...presentNamed(row),
      kind: row.kind,
      answer_options: row.answerOptions,
      answer_judgements: row.answerJudgements,
      unit: row.unit,
      min_value: row.minValue,
      max_value: row.maxValue,
      memo_title: row.memoTitle,
      order: row.order,
      questionnaires_count: row.questionnairesCount,
    }),
    values: (input: QuestionInput) => ({
      name: input.name,
      kind: input.kind,
      answerOptions: input.answer_options,
      // Always one per option (the schema fills missing ones by label); the trigger would too.
      answerJudgements: input.answer_judgements,
      unit: input.unit,
      minValue: input.min_value,
      maxValue: input.max_value,
      memoTitle: input.memo_title,
      order: input.order,
    }),
    sortColumns: { order: questions.order, name: questions.name, created_at: questions.createdAt },
    searchColumns: [questions.name],
    unique: {
      column: questions.name,
      field: 'name',
      message: 'Deze vraag bestaat al in de vragenbank',
      constraint: 'questions_name_unique',
    },
    inUse: async (id, tx) => {
      const [row] = await tx.select({ n: usedInSql(id) }).from(sql`(select 1) as one`);
      const n = row?.n ?? 0;
      return n > 0
        ? `Deze vraag wordt gebruikt in ${plural(n, 'vragenlijst', 'vragenlijsten')} en kan niet worden verwijderd.`
        : null;
    },
  });

export type QuestionsRepository = ReturnType<typeof createQuestionsRepository>;
