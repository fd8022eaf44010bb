import { and, sql, type SQL } from 'drizzle-orm';
import type { Verdict } from '@keurwijzer/shared/compliance';
import type { ReportAnswer, ReportDetail, ReportStatus } from '@keurwijzer/shared/reports';
import type { Db, Executor } from '../../db/client';
import { ANSWERED, ANSWER_JSON, CATEGORIES, REPORT_DETAIL_JSON } from './reports.presenter';
import { seenByCustomer } from '../../db/shared-facts';
import { rowsOf } from '../../db/sql-json';
import { PREVIOUS } from './reports-extras.presenter';

/*
 * Reports: the read model (one statement, built as JSON by PostgreSQL), the answer upsert (one
 * statement), and the row lock and writes of skipping, saving and submitting. No access logic:
 * which reports a caller may see is the service's (a `ReportScope` from reports.policy.ts).
 */

/**
 * Which reports a read may find: staff find every report (`{}`); the customer portal passes
 * its customer and `submitted` (a customer reads only its own machines' submitted reports).
 */
/**
 * Locks the task list of report `id` (`FOR NO KEY UPDATE`): as an uncorrelated sub-select in the
 * WHERE of the report's own locking select it runs before that row is locked, so the list is
 * always locked before the report.
 */
const lockList = (id: number) =>
  sql`select 1 from tasklists lt where lt.id = (select lr.tasklist_id from reports lr where lr.id = ${id}) for no key update of lt`;

export type ReportScope = {
  /** Only reports of this customer's task lists. */
  customerId?: number;
  /** Only submitted reports. */
  submitted?: boolean;
  /**
   * Only a report of this machine, and only while the machine is in use (not archived, no
   * concept): the customer portal reads a report under its machine's path.
   */
  machineInUse?: number;
};

export const scopeWhere = (id: number, scope: ReportScope): SQL =>
  and(
    sql`r.id = ${id}`,
    scope.customerId !== undefined ? sql`t.customer_id = ${scope.customerId}` : undefined,
    scope.submitted ? sql`r.status = 'submitted'` : undefined,
    scope.machineInUse !== undefined
      ? sql`r.machine_id = ${scope.machineInUse} and exists(select 1 from machines sm
          where sm.id = r.machine_id and ${seenByCustomer('sm')})`
      : undefined,
  )!;

/** The rows of the read model: the report `r`, its list `t` and machine `m`, and CATEGORIES `x`. */
const DETAIL_FROM = sql`reports r
      join tasklists t on t.id = r.tasklist_id
      join machines m on m.id = r.machine_id
      left join ${PREVIOUS} on true
      cross join ${CATEGORIES}`;

/** The read model's statement: the report `r` as REPORT_DETAIL_JSON (`json`) and `extra` columns. */
const detailQuery = (id: number, scope: ReportScope, extra: SQL = sql``) =>
  sql`select ${REPORT_DETAIL_JSON} as json ${extra} from ${DETAIL_FROM} where ${scopeWhere(id, scope)}`;

/** A scope that limits nothing (the staff's). */
const unscoped = (scope: ReportScope) =>
  scope.customerId === undefined && !scope.submitted && scope.machineInUse === undefined;

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

export function createReportsRepository(db: Db) {
  /*
   * The staff's read (every report, the mechanic's screen) as a named prepared statement: PostgreSQL
   * parses it once per connection and then keeps its generic plan (primary-key lookups whatever the
   * id), so the ~0.7 ms of planning is paid once instead of on every opening (docs/architecture.md).
   */
  const staffDetail = db
    .select({ json: sql<ReportDetail>`${REPORT_DETAIL_JSON}` })
    .from(DETAIL_FROM)
    .where(sql`r.id = ${sql.placeholder('id')}`)
    .prepare('report_detail');

  return {
    /**
     * One report with its machine, categories, questions and answers as its API JSON (one
     * statement whatever the number of questions), or undefined when no report with this id is
     * in `scope`.
     */
    async find(id: number, scope: ReportScope = {}, tx: Executor = db): Promise<ReportDetail | undefined> {
      if (tx === db && unscoped(scope)) return (await staffDetail.execute({ id }))[0]?.json;
      const [row] = await rowsOf<{ json: ReportDetail }>(tx, detailQuery(id, scope));
      return row?.json;
    },

    /**
     * `find` with the id of the machine's first image (null without one), in the same statement:
     * the customer portal points the report's image at its own image route.
     */
    async findWithFirstImage(
      id: number,
      scope: ReportScope,
      tx: Executor = db,
    ): Promise<{ report: ReportDetail; firstImageId: number | null } | undefined> {
      const [row] = await rowsOf<{ json: ReportDetail; first_image_id: number | null }>(
        tx,
        detailQuery(
          id,
          scope,
          sql`, (select min(mi.id) from machine_images mi where mi.machine_id = m.id) as first_image_id`,
        ),
      );
      return row && { report: row.json, firstImageId: row.first_image_id };
    },

    /** The report's machine, or undefined when no report with this id is in `scope`. */
    async machineOf(id: number, scope: ReportScope = {}, tx: Executor = db): Promise<number | undefined> {
      const [row] = await rowsOf<{ machine_id: number }>(
        tx,
        sql`select r.machine_id from reports r join tasklists t on t.id = r.tasklist_id where ${scopeWhere(id, scope)}`,
      );
      return row?.machine_id;
    },

    /** The report's status as it is now (undefined: no such report). */
    async status(id: number, tx: Executor = db): Promise<ReportStatus | undefined> {
      const [row] = await rowsOf<{ status: ReportStatus }>(tx, sql`select status from reports where id = ${id}`);
      return row?.status;
    },

    /**
     * Locks the report's task list and then the report until the transaction ends (`FOR NO KEY
     * UPDATE`) and returns the report's status; undefined without a report. A submit and every
     * change of the report take these locks first, so they run one after the other and a change
     * after a submit sees it. The list comes first, the order of a take-off or a delete of the
     * list, and of an answer (whose first answer changes the list's figures too).
     */
    /** Whether the submitted report was submitted with this submission id (the device's uuid). */
    async submittedAs(id: number, submissionId: string, tx: Executor): Promise<boolean> {
      const [row] = await rowsOf<{ same: boolean }>(
        tx,
        sql`select submission_id = ${submissionId}::uuid as same from reports where id = ${id} and status = 'submitted'`,
      );
      return row?.same === true;
    },

    async lock(id: number, tx: Executor): Promise<ReportStatus | undefined> {
      const [row] = await rowsOf<{ status: ReportStatus }>(
        tx,
        sql`select r.status from reports r where r.id = ${id} and exists(${lockList(id)}) for no key update of r`,
      );
      return row?.status;
    },

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

    /** Whether the category is one of the report's. */
    async hasCategory(reportId: number, categoryId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await rowsOf<{ found: boolean }>(
        tx,
        sql`select exists(select 1 from report_categories where id = ${categoryId} and report_id = ${reportId}) as found`,
      );
      return row!.found;
    },

    /** Skips a category of the report or takes it back; undefined when it is not one of the report's. */
    async skip(reportId: number, categoryId: number, skipped: boolean, tx: Executor) {
      const [row] = await rowsOf<{ id: number; skipped: boolean }>(
        tx,
        sql`update report_categories set skipped = ${skipped}, updated_at = now()
            where id = ${categoryId} and report_id = ${reportId} returning id, skipped`,
      );
      return row;
    },

    /** The report's own fields (undefined: unchanged); its `updated_at` in any case. */
    async save(id: number, values: { notAtLocation?: boolean }, tx: Executor): Promise<void> {
      await tx.execute(
        sql`update reports set not_at_location = coalesce(${values.notAtLocation ?? null}::boolean, not_at_location),
              updated_at = now() where id = ${id}`,
      );
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
    async negativeMeasurements(id: number, tx: Executor): Promise<{ id: number; unit: string | null; value: string }[]> {
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

    /**
     * Submits an open report (status, time, who) and sets its machine's report year to the year
     * of the submit (Dutch time), in one statement; false when the report was not open. The time
     * is this statement's, not the transaction's start: the transaction may have waited for the
     * report's lock while an answer was saved, and the submit comes after that answer.
     *
     * `verdict`/`reason` are the mechanic's override, written in the same UPDATE: the BEFORE
     * trigger report_verdict derives the verdict from the answers, keeps the sent one (it must
     * have a reason: reports_verdict_reason_check) or the derived one when none is sent, and
     * stores the next due date.
     */
    async submit(
      id: number,
      userId: number,
      override: { verdict: Verdict | null; reason: string | null },
      submissionId: string | null,
      tx: Executor,
    ): Promise<boolean> {
      const [row] = await rowsOf<{ submitted: number }>(
        tx,
        sql`with sub as (
              update reports set status = 'submitted', submitted_at = statement_timestamp(), filled_in_by = ${userId},
                verdict = ${override.verdict}::text, verdict_reason = ${override.reason}::varchar,
                submission_id = ${submissionId}::uuid,
                updated_at = statement_timestamp()
              where id = ${id} and status = 'open'
              returning machine_id, submitted_at
            ), machine as (
              update machines m
              set report_year = extract(year from sub.submitted_at at time zone 'Europe/Amsterdam')::int
              from sub where m.id = sub.machine_id
              returning m.id
            )
            select (select count(*) from sub)::int as submitted`,
      );
      return row!.submitted > 0;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
