import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql-json';

/*
 * Corrections: a submitted report reopened as its next version. The caller
 * (reports-corrections.service.ts) has locked the task list and the report first (the reports
 * repository's `lock`), so two corrections of one report run in turn and the second sees the first.
 */

/** The report's version chain as it is now (under the caller's lock). */
export type VersionState = { status: 'open' | 'submitted'; version: number; newer: number | null };

/** A pair of arrays mapping old ids to new ids (the copy's categories, then its questions). */
type IdMap = { old_ids: number[]; new_ids: number[] };

const mapOf = (rows: { old_id: number; new_id: number }[]): IdMap => ({
  old_ids: rows.map((r) => r.old_id),
  new_ids: rows.map((r) => r.new_id),
});

const intArray = (ids: number[]) => `{${ids.join(',')}}`;

export function createReportCorrectionsRepository() {
  return {
    /** The report's status and version, and the id of a newer version of it (any status), or undefined. */
    async state(id: number, tx: Executor): Promise<VersionState | undefined> {
      const [row] = await rowsOf<VersionState>(
        tx,
        sql`select r.status, r.version, (select nv.id from reports nv where nv.replaces_report_id = r.id) as newer
            from reports r where r.id = ${id}`,
      );
      return row;
    },

    /**
     * The next version of report `id`: an open report on the same task list and machine with the
     * old version's copy of the questionnaire (categories with their skips, questions), and its
     * answers (their judgements follow from the copied questions, trigger report_answer_judgement).
     * No photos, no signatures, no verdict: the new version is submitted afresh. Four statements
     * whatever the report's size; returns the new report's id.
     */
    async copy(id: number, reason: string, tx: Executor): Promise<number> {
      const [report] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into reports (tasklist_id, customer_id, inspection_type, machine_id, questionnaire_id, questionnaire_name,
              not_at_location, version, replaces_report_id, correction_reason)
            select o.tasklist_id, o.customer_id, o.inspection_type, o.machine_id, o.questionnaire_id, o.questionnaire_name,
              o.not_at_location, o.version + 1, o.id, ${reason}::varchar
            from reports o where o.id = ${id}
            returning id`,
      );
      const newId = report!.id;
      const cats = mapOf(
        await rowsOf<{ old_id: number; new_id: number }>(
          tx,
          sql`with src as materialized (
                select oc.id as old_id, nextval(pg_get_serial_sequence('report_categories', 'id'))::int as new_id,
                  oc.name, oc.position, oc.skipped
                from report_categories oc where oc.report_id = ${id}
              ), ins as (
                insert into report_categories (id, report_id, name, position, skipped)
                select new_id, ${newId}, name, position, skipped from src
              )
              select old_id, new_id from src`,
        ),
      );
      const questions = mapOf(
        await rowsOf<{ old_id: number; new_id: number }>(
          tx,
          sql`with src as materialized (
                select oq.id as old_id, nextval(pg_get_serial_sequence('report_questions', 'id'))::int as new_id,
                  cm.new_id as category_id, oq.name, oq.answer_options, oq.memo_title, oq.position, oq.kind,
                  oq.answer_judgements, oq.unit, oq.min_value, oq.max_value
                from report_questions oq
                join unnest(${intArray(cats.old_ids)}::int[], ${intArray(cats.new_ids)}::int[]) as cm(old_id, new_id)
                  on cm.old_id = oq.report_category_id
                where oq.report_id = ${id}
              ), ins as (
                insert into report_questions (id, report_id, report_category_id, name, answer_options, memo_title, position,
                  kind, answer_judgements, unit, min_value, max_value)
                select new_id, ${newId}, category_id, name, answer_options, memo_title, position,
                  kind, answer_judgements, unit, min_value, max_value from src
              )
              select old_id, new_id from src`,
        ),
      );
      await tx.execute(
        sql`insert into report_answers (report_id, report_question_id, option, value, memo, answered_at)
            select ${newId}, qm.new_id, oa.option, oa.value, oa.memo, oa.answered_at
            from report_answers oa
            join unnest(${intArray(questions.old_ids)}::int[], ${intArray(questions.new_ids)}::int[]) as qm(old_id, new_id)
              on qm.old_id = oa.report_question_id
            where oa.report_id = ${id}`,
      );
      return newId;
    },
  };
}

export type ReportCorrectionsRepository = ReturnType<typeof createReportCorrectionsRepository>;
