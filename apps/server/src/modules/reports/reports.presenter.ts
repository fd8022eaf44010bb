import { sql, type SQL } from 'drizzle-orm';
import type {
  ReportAnswer,
  ReportCategory,
  ReportDetail,
  ReportMachine,
  ReportQuestion,
} from '@keurwijzer/shared/reports';

/*
 * A report leaves the database as its API JSON, built by PostgreSQL in one statement (as the task
 * lists do): the report with its task list, customer and machine, its categories in order, each
 * with its questions in order and each question with its answer. The field maps are typed
 * against the shared contract, so a field added there does not compile until it is mapped here;
 * the API tests parse what they get with the contract's `.strict()`.
 *
 * The statement (reports.repository.ts) names its rows: `r` the report, `t` its task list, `c`
 * the customer, `l` the task list's location, `m` the machine with `ml`/`d`/`rm` its place now,
 * `mt` its type, `b`/`bt` its brand and brand type, `u` who filled it in, `rc` a category, `q` a
 * question, `a` its answer.
 */

/** A timestamp as `Date.toISOString()` writes it (null stays null). */
export const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** "Voornaam tussenvoegsel Achternaam" of a users row alias. */
const fullName = (u: string) => sql.raw(`nullif(concat_ws(' ', ${u}.first_name, ${u}.preposition, ${u}.last_name), '')`);

/** `json_build_object('key', value, ...)` of a field map (at most 50 fields). */
const jsonObject = (fields: Record<string, SQL>) =>
  sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;

/** The stored answer `a` (the caller gives null when there is none). */
export const ANSWER_JSON = jsonObject({
  option: sql`a.option`,
  memo: sql`a.memo`,
  answered_at: iso(sql`a.answered_at`),
} satisfies Record<keyof ReportAnswer, SQL>);

const QUESTION_JSON = jsonObject({
  id: sql`q.id`,
  name: sql`q.name`,
  answer_options: sql`to_json(q.answer_options)`,
  memo_title: sql`q.memo_title`,
  position: sql`q.position`,
  answer: sql`case when a.id is null then null else ${ANSWER_JSON} end`,
} satisfies Record<keyof ReportQuestion, SQL>);

const CATEGORY_JSON = jsonObject({
  id: sql`rc.id`,
  name: sql`rc.name`,
  position: sql`rc.position`,
  skipped: sql`rc.skipped`,
  // One index range per category (report_questions_category_idx), one probe per answer.
  questions: sql`coalesce((
    select json_agg(${QUESTION_JSON} order by q.position, q.id)
    from report_questions q left join report_answers a on a.report_question_id = q.id
    where q.report_category_id = rc.id), '[]'::json)`,
} satisfies Record<keyof ReportCategory, SQL>);

/**
 * The machine `m` as the report shows it: its data and its place now. `image_url` is the report's
 * own image route (GET /api/reports/:id/image), or null when the machine has no image.
 */
const MACHINE_JSON = jsonObject({
  id: sql`m.id`,
  name: sql`m.name`,
  inventory_number: sql`m.inventory_number`,
  factory_number: sql`m.factory_number`,
  manufacturer: sql`m.manufacturer`,
  manufacture_year: sql`m.manufacture_year`,
  machine_type_name: sql`mt.name`,
  brand_name: sql`b.name`,
  brand_type_name: sql`bt.name`,
  location_name: sql`ml.name`,
  department_name: sql`d.name`,
  room_name: sql`rm.name`,
  status: sql`m.status`,
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
  customer_name: sql`c.name`,
  location_id: sql`t.location_id`,
  location_name: sql`l.name`,
  machine: MACHINE_JSON,
  filled_in_by: sql`r.filled_in_by`,
  filled_in_by_name: fullName('u'),
  submitted_at: iso(sql`r.submitted_at`),
  not_at_location: sql`r.not_at_location`,
  questions_count: sql`(select count(*)::int from report_questions q
    join report_categories rc on rc.id = q.report_category_id
    where q.report_id = r.id and not rc.skipped)`,
  answered_count: sql`(select count(*)::int from report_questions q
    join report_categories rc on rc.id = q.report_category_id
    join report_answers a on a.report_question_id = q.id
    where q.report_id = r.id and not rc.skipped and a.option is not null)`,
  categories: sql`coalesce((
    select json_agg(${CATEGORY_JSON} order by rc.position, rc.id)
    from report_categories rc where rc.report_id = r.id), '[]'::json)`,
  updated_at: iso(sql`r.updated_at`),
} satisfies Record<keyof ReportDetail, SQL>);
