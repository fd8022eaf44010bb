import { sql, type SQL } from 'drizzle-orm';
import type { PlannedMachine } from '@keurwijzer/shared/reports';
import type { Tasklist, TasklistSortKey } from '@keurwijzer/shared/tasklists';
import { tasklistStatusOrder } from '../../db/schema/tasklists';
import { TIME_ZONE } from '../../lib/dutch-time';
import { openMalfunction } from '../../db/shared-facts';
import { fullName, isoOf, jsonObject } from '../../db/sql-json';

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

/**
 * The figures of task list `tl` and its status, as stored on its row: triggers on reports and
 * report_answers keep the counts, and the status is a generated column over them (the one place
 * that decides it: STATUS_OF_FIGURES in db/schema/tasklists.ts, migration 0010). Named `s` as the
 * statements and TASKLIST_FIELDS read them.
 */
export const STATS = sql`lateral (select tl.planned_count as planned, tl.submitted_count as submitted, tl.status) s`;

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
  // Kept on the row too (the reports' questions_count, by trigger).
  questions_count: sql`tl.questions_count`,
  created_by: sql`tl.created_by`,
  created_by_name: sql`tl.created_by_name`,
  created_at: isoOf(sql`tl.created_at`),
  updated_at: isoOf(sql`tl.updated_at`),
};

export const TASKLIST_JSON = jsonObject(TASKLIST_FIELDS);

/** Today as the Dutch day (lib/dutch-time.ts), however the database's own time zone is set. */
export const TODAY = sql.raw(`(now() at time zone '${TIME_ZONE}')::date`);

/**
 * A mechanic's order of the overview (sort key `today_first`, ascending): today's lists first
 * (unfinished before finished), then the overdue unfinished ones (planned before today, the latest
 * first), then the coming ones (the soonest first), the finished ones last (the newest first).
 * One row value (group, days), so the statements' `order by <key> <dir>, id <dir>` take it as any
 * other key and paging stays stable.
 */
export const todayFirst = (plannedDate: SQL, status: SQL) => {
  const { group, days } = todayFirstParts(plannedDate, status);
  return sql`row(${group}, ${days})`;
};

/**
 * The two parts of `todayFirst` as separate values (a statement may sort by them one after the
 * other, cheaper than comparing row values); `today` is TODAY or a column holding it (computed
 * once per statement instead of a few times per row).
 */
export const todayFirstParts = (plannedDate: SQL, status: SQL, today: SQL = TODAY) => ({
  group: sql`case when ${plannedDate} = ${today} then (case when ${status} = 'completed' then 1 else 0 end)
    when ${status} = 'completed' then 4 when ${plannedDate} < ${today} then 2 else 3 end`,
  days: sql`case when ${status} <> 'completed' and ${plannedDate} > ${today} then ${plannedDate} - ${today}
    else ${today} - ${plannedDate} end`,
});

/** The overview's sort keys (whitelisted by the shared query schema). */
export const TASKLIST_SORT: Record<TasklistSortKey, SQL> = {
  planned_date: sql`tl.planned_date`,
  customer: sql`lower(tl.customer_name)`,
  location: sql`lower(tl.location_name)`,
  inspection_type: sql`tl.inspection_type`,
  status: tasklistStatusOrder(sql`s.status`),
  created_by: sql`lower(tl.created_by_name)`,
  created_at: sql`tl.created_at`,
  today_first: todayFirst(sql`tl.planned_date`, sql`s.status`),
};

/**
 * A submitted report's snapshot column (migration 0017: the machine as it was when the report was
 * submitted), the machine's live value while the report is open.
 */
const asInspected = (snapshot: string, live: SQL) =>
  sql`case when r.status = 'submitted' then ${sql.raw(`r.${snapshot}`)} else ${live} end`;

/**
 * A planned machine `m` with its report `r` as its API JSON: a submitted report's machine as it
 * was inspected (moved or renamed since, the list still shows what was inspected where).
 */
export const PLANNED_MACHINE_JSON = jsonObject({
  report_id: sql`r.id`,
  machine_id: sql`m.id`,
  name: asInspected('snapshot_machine_name', sql`m.name`),
  inventory_number: asInspected('snapshot_inventory_number', sql`m.inventory_number`),
  department_name: asInspected('snapshot_department_name', sql`d.name`),
  room_name: asInspected('snapshot_room_name', sql`rm.name`),
  machine_type_name: asInspected('snapshot_machine_type_name', sql`mt.name`),
  questionnaire_name: sql`r.questionnaire_name`,
  report_status: sql`r.status`,
  questions_count: sql`(select count(*)::int from report_questions q where q.report_id = r.id)`,
  answered_count: sql`(select count(*)::int from report_answers a where a.report_id = r.id)`,
  filled_in_by: sql`r.filled_in_by`,
  filled_in_by_name: fullName('u'),
  submitted_at: isoOf(sql`r.submitted_at`),
  not_at_location: sql`r.not_at_location`,
  // malfunctions_machine_idx (machine_id, status): an index range per machine sent.
  open_malfunctions: sql`(select count(*)::int from malfunctions f where f.machine_id = m.id and ${openMalfunction('f')})`,
} satisfies Record<keyof PlannedMachine, SQL>);
