import { sql } from 'drizzle-orm';
import type { Verdict } from '@keurwijzer/shared/compliance';
import type { ReportAnswer } from '@keurwijzer/shared/reports';
import type { Db, Executor } from '../../db/client';
import { rowsOf } from '../../db/sql-json';
import { ANSWERED, ANSWER_JSON } from './reports.presenter';
import { lockList } from './reports-scope';

/*
 * A report's answers: the answer upsert (one statement), and what the submit reads of them
 * under the report's lock (the questions still to answer, impossible values, the verdict).
 */

/** What the answer statement found and did (reports.service.ts turns it into the answer or the error). */
export type AnswerOutcome = {
  /** The report was open and is locked by this statement: the answer could be written. */
  open: boolean;
  /** The number of answer options of the question, or null when it is not a question of this report. */
  options: number | null;
  /** The question's kind (null when it is not a question of this report). */
  kind: 'choice' | 'measurement' | null;
  /** The answer as written by this statement (null: nothing written). */
  written: ReportAnswer | null;
  /** This statement removed the stored answer. */
  removed: boolean;
  /** The stored answer as it was before this statement. */
  stored: ReportAnswer | null;
};

/** The verdict of a set of judgements `j` (the rule of the trigger report_verdict). */
const VERDICT_OF = sql`case when bool_or(j = 'reject') then 'rejected'
  when bool_or(j = 'remark') then 'approved_with_remarks' else 'approved' end`;

/** The answer to save: `remove` (no option, no value and no memo) deletes the stored one. */
export type AnswerValues = { option: number | null; value?: string | null; memo: string | null; answeredAt: string };

/**
 * The answer statement of `answer` (the repository's): `withList` locks the report's task list
 * before the report, else the report must have answers and keep some (`answers_count`, checked
 * on the locked row), so the list's figures cannot move.
 */
async function answerStatement(
  reportId: number,
  questionId: number,
  v: AnswerValues,
  remove: boolean,
  tx: Executor,
  withList: boolean,
): Promise<AnswerOutcome> {
  const at = sql`least(${v.answeredAt}::timestamptz, now())`;
  const figuresStay = sql.raw(`r.answers_count > ${remove ? 1 : 0}`);
  const [row] = await rowsOf<AnswerOutcome>(
    tx,
    sql`with rep as (
          select r.id from reports r
          where r.id = ${reportId} and r.status = 'open' and ${withList ? sql`exists(${lockList(reportId)})` : figuresStay}
          for no key update of r
        ), question as (
          select q.id, cardinality(q.answer_options) as options, q.kind
          from report_questions q where q.id = ${questionId} and q.report_id = ${reportId}
        ), target as (
          select question.id from question join rep on rep.id = ${reportId}
          where case when question.kind = 'measurement' then ${v.option}::int is null
            else ${v.value}::numeric is null and (${v.option}::int is null or ${v.option}::int <= question.options) end
        ), written as (
          insert into report_answers as a (report_id, report_question_id, option, value, memo, answered_at)
          select ${reportId}, target.id, ${v.option}::smallint, ${v.value}::numeric, ${v.memo}::varchar, ${at}
          from target where not ${remove}::boolean
          on conflict (report_question_id) do update
            set option = excluded.option, value = excluded.value, memo = excluded.memo,
              answered_at = excluded.answered_at, updated_at = now()
            where a.answered_at <= excluded.answered_at
          returning ${ANSWER_JSON} as json
        ), removed as (
          delete from report_answers a using target
          where ${remove}::boolean and a.report_question_id = target.id and a.answered_at <= ${at}
          returning a.id
        )
        select exists(select 1 from rep) as open,
          (select options from question) as options,
          (select kind from question) as kind,
          (select json from written) as written,
          exists(select 1 from removed) as removed,
          (select ${ANSWER_JSON} from report_answers a where a.report_question_id = ${questionId}) as stored`,
  );
  return row!;
}

/** The answer queries of the reports repository (spread into it). */
export function reportAnswerQueries(db: Db) {
  return {
    /**
     * Saves the answer of one question in one statement: the report must be open (its row is
     * locked `FOR NO KEY UPDATE` within the statement, as `lock` does, so an answer and a submit
     * at once run in turn, and an answer that waited for a submit finds the report submitted and
     * writes nothing), the question must be one of this report and the option one of its options.
     * Upserts the answer unless the stored one was given later (`answered_at`); no option and no
     * memo deletes it, on the same condition. A time ahead of the server's clock counts as now,
     * so a device with a clock running ahead cannot make its answers final.
     *
     * The task list's row is locked first only when the answer may move the list's figures: a
     * report's first answer or the removal of its last (the triggers of migration 0010 then update
     * the list after the report, and the list must come first, see `lock`). Every other answer
     * (the report has answers and keeps some) locks the report alone, so the answers of the
     * reports of one list no longer wait for each other on the list's row: the statement's report
     * condition (`answers_count`) is checked on the locked row, and when it does not hold (or the
     * report is not open) the statement writes nothing and the one that locks the list runs,
     * which also decides every refusal.
     */
    async answer(reportId: number, questionId: number, v: AnswerValues, tx: Executor = db): Promise<AnswerOutcome> {
      const values = { ...v, value: v.value ?? null };
      const remove = values.option === null && values.value === null && values.memo === null;
      const own = await answerStatement(reportId, questionId, values, remove, tx, false);
      return own.open ? own : answerStatement(reportId, questionId, values, remove, tx, true);
    },

    /**
     * The questions still to answer before a submit, in report order: every question of every
     * category that is not skipped without an answer with an option or a measured value (a memo
     * alone is not one).
     */
    async unanswered(id: number, tx: Executor): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`select q.id from report_questions q
            join report_categories rc on rc.id = q.report_category_id
            left join report_answers a on a.report_question_id = q.id
            where q.report_id = ${id} and not rc.skipped and not coalesce(${ANSWERED}, false)
            order by rc.position, rc.id, q.position, q.id`,
      );
      return rows.map((r) => r.id);
    },

    /** The unit of a measurement question of the report's copy (null: none or a choice), or undefined without the question. */
    async questionUnit(id: number, questionId: number): Promise<{ unit: string | null } | undefined> {
      const [row] = await rowsOf<{ unit: string | null }>(
        db,
        sql`select case when q.kind = 'measurement' then q.unit end as unit from report_questions q
            where q.id = ${questionId} and q.report_id = ${id}`,
      );
      return row;
    },

    /**
     * The stored measured values below zero of the questions to answer (categories not skipped),
     * in report order, with their units: the only values that can be impossible (shared
     * `impossibleMeasurement`), read at the submit under the report's lock.
     */
    async negativeMeasurements(
      id: number,
      tx: Executor,
    ): Promise<{ id: number; unit: string | null; value: string }[]> {
      return rowsOf<{ id: number; unit: string | null; value: string }>(
        tx,
        sql`select q.id, q.unit, a.value::text as value from report_questions q
            join report_categories rc on rc.id = q.report_category_id
            join report_answers a on a.report_question_id = q.id
            where q.report_id = ${id} and q.kind = 'measurement' and not rc.skipped and a.value < 0
            order by rc.position, rc.id, q.position, q.id`,
      );
    },

    /**
     * The verdict the report's answers give now (categories not skipped), as the trigger
     * report_verdict will derive it at the submit; read under the report's lock.
     */
    async derivedVerdict(id: number, tx: Executor): Promise<Verdict> {
      const [row] = await rowsOf<{ verdict: Verdict }>(
        tx,
        sql`select ${VERDICT_OF} as verdict from (
              select a.judgement as j from report_answers a
              join report_questions q on q.id = a.report_question_id
              join report_categories rc on rc.id = q.report_category_id
              where a.report_id = ${id} and not rc.skipped) s`,
      );
      return row!.verdict;
    },
  };
}
