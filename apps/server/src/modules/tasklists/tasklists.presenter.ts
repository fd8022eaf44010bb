import { sql, type SQL } from 'drizzle-orm';
import type { PlannedMachine } from '@keurwijzer/shared/reports';
import type { Tasklist, TasklistSortKey } from '@keurwijzer/shared/tasklists';

/*
 * Task lists and planned machines leave the database as their API JSON, built by PostgreSQL
 * (`json_build_object`, as the machines list does): a page is then 25 strings for Node to join.
 * The field maps are typed against the shared contract, so a field added there does not compile
 * until it is mapped here; the API tests parse what they get with the contract's `.strict()`.
 *
 * The statements (tasklists.repository.ts) name their rows: `tl` a task list with its names,
 * `s` its figures (STATS), `r` a report, `m` its machine, `d`/`rm`/`mt` its department, room and
 * machine type, `u` a user.
 */

/** A timestamp as `Date.toISOString()` writes it. */
export const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** "Voornaam tussenvoegsel Achternaam" of a users row alias. */
export const fullName = (u: string) =>
  sql.raw(`nullif(concat_ws(' ', ${u}.first_name, ${u}.preposition, ${u}.last_name), '')`);

/**
 * The figures of task list `tl` and its status, derived here and nowhere else: Concept without
 * reports, Afgerond when every report is submitted, In uitvoering when one is submitted or any
 * answer was given, Gepland otherwise. One index-only range over the list's reports
 * (reports_tasklist_status_idx); the answers are only probed for lists with reports but none
 * submitted (CASE stops at the first match), one index probe per report: the `limit 1`
 * sub-select keeps PostgreSQL from turning the probe into a scan of every answer.
 */
export const STATS = sql`lateral (
  select counts.planned, counts.submitted,
    case when counts.planned = 0 then 'concept'
      when counts.submitted = counts.planned then 'completed'
      when counts.submitted > 0 or exists(
        select 1 from reports ar where ar.tasklist_id = tl.id
          and (select 1 from report_answers a where a.report_id = ar.id limit 1) is not null
      ) then 'in_progress'
      else 'planned' end as status
  from (
    select count(*)::int as planned, (count(*) filter (where sr.status = 'submitted'))::int as submitted
    from reports sr where sr.tasklist_id = tl.id
  ) counts
) s`;

/** The task list `tl` with its figures `s` as its API JSON. */
const TASKLIST_FIELDS: Record<keyof Tasklist, SQL> = {
  id: sql`tl.id`,
  customer_id: sql`tl.customer_id`,
  customer_name: sql`tl.customer_name`,
  location_id: sql`tl.location_id`,
  location_name: sql`tl.location_name`,
  inspection_type: sql`tl.inspection_type`,
  planned_date: sql`to_char(tl.planned_date, 'YYYY-MM-DD')`,
  remarks: sql`tl.remarks`,
  status: sql`s.status`,
  machines_count: sql`s.planned`,
  submitted_count: sql`s.submitted`,
  // Only for the rows sent: the copies' questions, an index-only range per report.
  questions_count: sql`(select coalesce(sum((select count(*) from report_questions q where q.report_id = qr.id)), 0)::int
    from reports qr where qr.tasklist_id = tl.id)`,
  created_by: sql`tl.created_by`,
  created_by_name: sql`tl.created_by_name`,
  created_at: iso(sql`tl.created_at`),
  updated_at: iso(sql`tl.updated_at`),
};

/** `json_build_object('key', value, ...)` of a field map (at most 50 fields). */
export const jsonObject = (fields: Record<string, SQL>) =>
  sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;

export const TASKLIST_JSON = jsonObject(TASKLIST_FIELDS);

/** The overview's sort keys (whitelisted by the shared query schema). */
export const TASKLIST_SORT: Record<TasklistSortKey, SQL> = {
  planned_date: sql`tl.planned_date`,
  customer: sql`lower(tl.customer_name)`,
  location: sql`lower(tl.location_name)`,
  inspection_type: sql`tl.inspection_type`,
  status: sql`case s.status when 'concept' then 1 when 'planned' then 2 when 'in_progress' then 3 else 4 end`,
  created_by: sql`lower(tl.created_by_name)`,
  created_at: sql`tl.created_at`,
};

/** A planned machine `m` with its report `r` as its API JSON. */
export const PLANNED_MACHINE_JSON = jsonObject({
  report_id: sql`r.id`,
  machine_id: sql`m.id`,
  name: sql`m.name`,
  inventory_number: sql`m.inventory_number`,
  department_name: sql`d.name`,
  room_name: sql`rm.name`,
  machine_type_name: sql`mt.name`,
  questionnaire_name: sql`r.questionnaire_name`,
  report_status: sql`r.status`,
  questions_count: sql`(select count(*)::int from report_questions q where q.report_id = r.id)`,
  answered_count: sql`(select count(*)::int from report_answers a where a.report_id = r.id)`,
  filled_in_by: sql`r.filled_in_by`,
  filled_in_by_name: fullName('u'),
  submitted_at: iso(sql`r.submitted_at`),
  not_at_location: sql`r.not_at_location`,
} satisfies Record<keyof PlannedMachine, SQL>);
