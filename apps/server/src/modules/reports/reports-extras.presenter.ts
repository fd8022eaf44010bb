import { sql, type SQL } from 'drizzle-orm';
import type { PreviousAnswer, ReportDetail } from '@keurwijzer/shared/reports';
import { isCurrentVersion } from '../../db/shared-facts';
import { isoOf, jsonObject } from '../../db/sql-json';

/*
 * The "faster filling" parts of the report read model (reports.presenter.ts): the previous
 * report's answer per question, and a report's versions. Still one statement: the previous report
 * is found once per read (the lateral `p` below), not per question.
 */

/** The key of a question in the previous report: its category's name and its own name. */
const PREVIOUS_KEY = (category: string, question: string) => sql.raw(`${category}.name || E'\\n' || ${question}.name`);

const PREVIOUS_JSON = jsonObject({
  report_id: sql`pr.id`,
  submitted_at: isoOf(sql`pr.submitted_at`),
  // The option's label, or the value with its unit in Dutch ("0,28 Ohm": formatMeasurement's twin).
  text: sql`case when pq.kind = 'measurement' then replace(pa.value::text, '.', ',') || coalesce(' ' || pq.unit, '')
    else coalesce(pq.answer_options[pa.option], '') end`,
  judgement: sql`pa.judgement`,
} satisfies Record<keyof PreviousAnswer, SQL>);

/**
 * The lateral `p` (joined by the read model before CATEGORIES): while the report `r` is open, the
 * answers of the machine's latest submitted current report of the same inspection type, as one
 * jsonb object keyed by category name + question name (report questions keep no id of the bank's
 * question, so a question is matched by its names). Answers in a skipped category and memos alone
 * are left out. `p.answers` is null when the report is submitted or there is no previous report.
 */
export const PREVIOUS = sql`lateral (
  select jsonb_object_agg(${PREVIOUS_KEY('pc', 'pq')}, to_jsonb(${PREVIOUS_JSON})) as answers
  from (
    select lr.id, lr.submitted_at from reports lr
    where r.status = 'open' and lr.machine_id = r.machine_id and lr.inspection_type = r.inspection_type
      and lr.status = 'submitted' and lr.id <> r.id and ${isCurrentVersion('lr')}
    order by lr.submitted_at desc, lr.id desc limit 1) pr
  join report_questions pq on pq.report_id = pr.id
  join report_categories pc on pc.id = pq.report_category_id and not pc.skipped
  join report_answers pa on pa.report_question_id = pq.id
  where pa.option is not null or pa.value is not null) p`;

/** The previous answer of the question `q` in category `rc` (QUESTION_JSON's `previous`). */
export const PREVIOUS_OF_QUESTION = sql`(p.answers -> (${PREVIOUS_KEY('rc', 'q')}))`;

/** A version of a report `alias` as a ReportVersionRef, or null when there is none. */
const versionRef = (where: SQL) =>
  sql`(select json_build_object('id', vr.id, 'version', vr.version, 'submitted_at', ${isoOf(sql`vr.submitted_at`)})
    from reports vr where ${where})`;

/** The version fields of the report `r` (REPORT_DETAIL_JSON). */
export const VERSION_FIELDS = {
  version: sql`r.version`,
  replaces: sql`case when r.replaces_report_id is null then null else ${versionRef(sql`vr.id = r.replaces_report_id`)} end`,
  // Replaced once the newer version is submitted; while the correction is open this one still stands.
  replaced_by: versionRef(sql`vr.replaces_report_id = r.id and vr.status = 'submitted'`),
  correction_reason: sql`r.correction_reason`,
} satisfies Partial<Record<keyof ReportDetail, SQL>>;
