import { sql, type SQL } from 'drizzle-orm';
import type { Verdict } from '@keurwijzer/shared/compliance';
import type { ReportDetail, ReportStatus } from '@keurwijzer/shared/reports';
import type { Db, Executor } from '../../db/client';
import { rowsOf } from '../../db/sql-json';
import { reportAnswerQueries } from './reports-answers.repository';
import { CATEGORIES, REPORT_DETAIL_JSON } from './reports.presenter';
import { PREVIOUS } from './reports-extras.presenter';
import { lockList, scopeWhere, unscoped, type ReportScope } from './reports-scope';

/*
 * Reports: the read model (one statement, built as JSON by PostgreSQL), the answers
 * (reports-answers.repository.ts), and the row lock and writes of skipping, saving and
 * submitting. No access logic: which reports a caller may see is the service's (a `ReportScope`
 * from reports.policy.ts).
 */

/** The rows of the read model: the report `r`, its list `t` and machine `m`, and CATEGORIES `x`. */
const DETAIL_FROM = sql`reports r
      join tasklists t on t.id = r.tasklist_id
      join machines m on m.id = r.machine_id
      left join ${PREVIOUS} on true
      cross join ${CATEGORIES}`;

/** The read model's statement: the report `r` as REPORT_DETAIL_JSON (`json`) and `extra` columns. */
const detailQuery = (id: number, scope: ReportScope, extra: SQL = sql``) =>
  sql`select ${REPORT_DETAIL_JSON} as json ${extra} from ${DETAIL_FROM} where ${scopeWhere(id, scope)}`;

/** The report's reads: the read model (the staff's as a prepared statement) and two facts of it. */
function reportReads(db: Db) {
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
  };
}

export function createReportsRepository(db: Db) {
  return {
    ...reportAnswerQueries(db),
    ...reportReads(db),

    /** Whether the submitted report was submitted with this submission id (the device's uuid). */
    async submittedAs(id: number, submissionId: string, tx: Executor): Promise<boolean> {
      const [row] = await rowsOf<{ same: boolean }>(
        tx,
        sql`select submission_id = ${submissionId}::uuid as same from reports where id = ${id} and status = 'submitted'`,
      );
      return row?.same === true;
    },

    /**
     * Locks the report's task list and then the report until the transaction ends (`FOR NO KEY
     * UPDATE`) and returns the report's status; undefined without a report. A submit and every
     * change of the report take these locks first, so they run one after the other and a change
     * after a submit sees it. The list comes first, the order of a take-off or a delete of the
     * list, and of an answer (whose first answer changes the list's figures too).
     */
    async lock(id: number, tx: Executor): Promise<ReportStatus | undefined> {
      const [row] = await rowsOf<{ status: ReportStatus }>(
        tx,
        sql`select r.status from reports r where r.id = ${id} and exists(${lockList(id)}) for no key update of r`,
      );
      return row?.status;
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
