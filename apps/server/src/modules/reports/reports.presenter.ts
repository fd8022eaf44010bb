import { sql, type SQL } from 'drizzle-orm';
import type {
  ReportAnswer,
  ReportCategory,
  ReportDetail,
  ReportMachine,
  ReportQuestion,
} from '@keurwijzer/shared/reports';
import { fullName, isoOf, jsonObject } from '../../db/sql-json';
import { openMalfunction } from '../../db/shared-facts';
import { PHOTOS_JSON } from './reports-photos.presenter';
import { PREVIOUS_OF_QUESTION, VERSION_FIELDS } from './reports-extras.presenter';
import { SIGNATURES_JSON } from './reports-signatures.presenter';

/*
 * A report leaves the database as its API JSON, built by PostgreSQL in one statement (as the task
 * lists do): the report with its task list, customer and machine, its categories in order, each
 * with its questions in order and each question with its answer. The field maps are typed
 * against the shared contract, so a field added there does not compile until it is mapped here;
 * the API tests parse what they get with the contract's `.strict()`.
 *
 * The statement (reports.repository.ts) joins only `r` the report, `t` its task list, `m` the
 * machine and `x` (CATEGORIES: `rc` a category, `q` a question, `a` its answer); the names (the
 * customer `c`, the list's location `l`, the machine's place `ml`/`d`/`rm`, type `mt`, brand
 * `b`/`bt`, who filled it in `u`) are scalar sub-selects by primary key. With all of them joined
 * PostgreSQL spent ~2.1 ms planning a statement that ran in ~1.1 ms; now ~0.7 ms and ~0.7 ms
 * (docs/architecture.md).
 */

/** The stored answer `a` (the caller gives null when there is none). */
export const ANSWER_JSON = jsonObject({
  option: sql`a.option`,
  // As text: numeric in JSON would be a number, and 0.30 would come out as 0.3.
  value: sql`a.value::text`,
  judgement: sql`a.judgement`,
  memo: sql`a.memo`,
  answered_at: isoOf(sql`a.answered_at`),
} satisfies Record<keyof ReportAnswer, SQL>);

const QUESTION_JSON = jsonObject({
  id: sql`q.id`,
  name: sql`q.name`,
  kind: sql`q.kind`,
  answer_options: sql`to_json(q.answer_options)`,
  answer_judgements: sql`to_json(q.answer_judgements)`,
  unit: sql`q.unit`,
  min_value: sql`q.min_value::text`,
  max_value: sql`q.max_value::text`,
  memo_title: sql`q.memo_title`,
  position: sql`q.position`,
  answer: sql`case when a.id is null then null else ${ANSWER_JSON} end`,
  // The photos and the previous answer.
  photos: PHOTOS_JSON,
  previous: PREVIOUS_OF_QUESTION,
} satisfies Record<keyof ReportQuestion, SQL>);

/** A category `rc` with its questions `qs.questions` (built by CATEGORIES below). */
const CATEGORY_JSON = jsonObject({
  id: sql`rc.id`,
  name: sql`rc.name`,
  position: sql`rc.position`,
  skipped: sql`rc.skipped`,
  questions: sql`qs.questions`,
} satisfies Record<keyof ReportCategory, SQL>);

/**
 * An answer `a` that answers its question: an option chosen, or a measurement's value given (a
 * memo alone is not an answer). The submit's check (reports.repository.ts `unanswered`) is its
 * negation.
 */
export const ANSWERED = sql`(a.option is not null or a.value is not null)`;

/**
 * The report's categories and its figures in one pass over its questions, as the lateral `x`
 * (the repository joins it): per category one index range of report_questions_category_idx and
 * one probe per answer build the questions' JSON and count them, and the categories' rows are
 * aggregated into the array and the figures. Before, the two figures were two more passes over
 * the 60 questions with their categories and answers (~0.45 ms of a ~1.1 ms statement).
 */
export const CATEGORIES = sql`lateral (
  select coalesce(json_agg(${CATEGORY_JSON} order by rc.position, rc.id), '[]'::json) as categories,
    coalesce(sum(qs.questions_count) filter (where not rc.skipped), 0)::int as questions_count,
    coalesce(sum(qs.answered_count) filter (where not rc.skipped), 0)::int as answered_count,
    case when coalesce(bool_or(qs.rejects) filter (where not rc.skipped), false) then 'rejected'
      when coalesce(bool_or(qs.remarks) filter (where not rc.skipped), false) then 'approved_with_remarks'
      else 'approved' end as derived_verdict
  from report_categories rc
  cross join lateral (
    select coalesce(json_agg(${QUESTION_JSON} order by q.position, q.id), '[]'::json) as questions,
      count(*) as questions_count, count(*) filter (where ${ANSWERED}) as answered_count,
      bool_or(a.judgement = 'reject') as rejects, bool_or(a.judgement = 'remark') as remarks
    from report_questions q left join report_answers a on a.report_question_id = q.id
    where q.report_category_id = rc.id) qs
  where rc.report_id = r.id) x`;

/**
 * A submitted report's snapshot column `r.<snapshot>` (written when it was submitted, migration
 * 0017), the live value for an open report: a submitted report is a record and shows the machine,
 * customer and place as they were, whatever was moved, renamed or archived since. The live value's
 * sub-select runs only for an open report.
 */
const frozen = (snapshot: string, live: SQL) =>
  sql`case when r.status = 'submitted' then ${sql.raw(`r.${snapshot}`)} else ${live} end`;

/**
 * The machine `m` as the report shows it: its data and its place, as they were when the report
 * was submitted (its snapshot) or, while it is open, as they are now. `image_url` is the report's
 * own image route (GET /api/reports/:id/image), or null when the machine has no image.
 */
const MACHINE_JSON = jsonObject({
  id: sql`m.id`,
  name: frozen('snapshot_machine_name', sql`m.name`),
  inventory_number: frozen('snapshot_inventory_number', sql`m.inventory_number`),
  factory_number: frozen('snapshot_factory_number', sql`m.factory_number`),
  manufacturer: frozen('snapshot_manufacturer', sql`m.manufacturer`),
  manufacture_year: frozen('snapshot_manufacture_year', sql`m.manufacture_year`),
  machine_type_name: frozen(
    'snapshot_machine_type_name',
    sql`(select mt.name from machine_types mt where mt.id = m.machine_type_id)`,
  ),
  brand_name: frozen('snapshot_brand_name', sql`(select b.name from brands b where b.id = m.brand_id)`),
  brand_type_name: frozen(
    'snapshot_brand_type_name',
    sql`(select bt.name from brand_types bt where bt.id = m.brand_type_id)`,
  ),
  location_name: frozen(
    'snapshot_machine_location_name',
    sql`(select ml.name from locations ml where ml.id = m.location_id)`,
  ),
  department_name: frozen(
    'snapshot_department_name',
    sql`(select d.name from departments d where d.id = m.department_id)`,
  ),
  room_name: frozen('snapshot_room_name', sql`(select rm.name from rooms rm where rm.id = m.room_id)`),
  status: frozen('snapshot_machine_status', sql`m.status`),
  image_url: sql`case when exists(select 1 from machine_images mi where mi.machine_id = m.id)
    then '/api/reports/' || r.id || '/image' end`,
} satisfies Record<keyof ReportMachine, SQL>);

/**
 * The report `r` with everything it shows. The figures count the questions of the categories
 * that are not skipped, and of those the answers with an option chosen (a memo alone is not an
 * answer); a skipped category keeps its answers, which count again when it is taken back.
 */
export const REPORT_DETAIL_JSON = jsonObject({
  id: sql`r.id`,
  status: sql`r.status`,
  tasklist_id: sql`r.tasklist_id`,
  inspection_type: sql`t.inspection_type`,
  planned_date: sql`to_char(t.planned_date, 'YYYY-MM-DD')`,
  questionnaire_name: sql`r.questionnaire_name`,
  customer_id: sql`t.customer_id`,
  customer_name: frozen('snapshot_customer_name', sql`(select c.name from customers c where c.id = t.customer_id)`),
  location_id: sql`t.location_id`,
  location_name: frozen('snapshot_location_name', sql`(select l.name from locations l where l.id = t.location_id)`),
  machine: MACHINE_JSON,
  filled_in_by: sql`r.filled_in_by`,
  filled_in_by_name: sql`(select ${fullName('u')} from users u where u.id = r.filled_in_by)`,
  submitted_at: isoOf(sql`r.submitted_at`),
  not_at_location: sql`r.not_at_location`,
  questions_count: sql`x.questions_count`,
  answered_count: sql`x.answered_count`,
  verdict: sql`r.verdict`,
  // Live from the answers (CATEGORIES, the same rule as the submit's trigger report_verdict)
  // while open; as stored at the submit afterwards.
  derived_verdict: sql`case when r.status = 'submitted' then coalesce(r.derived_verdict, x.derived_verdict)
    else x.derived_verdict end`,
  verdict_reason: sql`r.verdict_reason`,
  next_due_date: sql`to_char(r.next_due_date, 'YYYY-MM-DD')`,
  categories: sql`x.categories`,
  // The signatures and the versions.
  signatures: SIGNATURES_JSON,
  ...VERSION_FIELDS,
  // The active malfunctions planned on this report: "Rapport afronden" offers to resolve them.
  malfunctions: sql`coalesce((select json_agg(json_build_object('id', f.id, 'description', f.description) order by f.id)
    from malfunctions f where f.report_id = r.id and ${openMalfunction('f')}), '[]'::json)`,
  updated_at: isoOf(sql`r.updated_at`),
} satisfies Record<keyof ReportDetail, SQL>);
