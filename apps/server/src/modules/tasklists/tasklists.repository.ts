import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { PlannedMachine } from '@keurwijzer/shared/reports';
import type { Tasklist, TasklistCandidate, TasklistListQuery } from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import { customers, locations } from '../../db/schema/customers';
import { reports, tasklistStatusOrder, tasklists } from '../../db/schema/tasklists';
import { users } from '../../db/schema/users';
import { likePattern, pageMeta } from '../../lib/list-query';
import { PLANNED_MACHINE_JSON, STATS, TASKLIST_JSON, TASKLIST_SORT, todayFirst } from './tasklists.presenter';
import { openMalfunction } from '../../db/shared-facts';
import { fullName, rowsOf } from '../../db/sql-json';

/*
 * Task lists and the reports planned on them. Every read is one statement whose rows PostgreSQL
 * builds as the API's JSON (tasklists.presenter.ts): a page of the overview, one task list with
 * its machines, the candidates of the plan screen.
 */

/** The task lists with the names they show, as rows `tl` (the filters go in `where`). */
const named = (where: SQL | undefined) => sql`(
  select t.id, t.customer_id, c.name as customer_name, t.location_id, l.name as location_name,
    t.inspection_type, t.planned_date, t.remarks, t.created_by, ${fullName('u')} as created_by_name,
    t.created_at, t.updated_at, t.planned_count, t.submitted_count, t.questions_count, t.status
  from ${tasklists} t
  join ${customers} c on c.id = t.customer_id
  join ${locations} l on l.id = t.location_id
  left join ${users} u on u.id = t.created_by
  ${where ? sql`where ${where}` : sql``}
) tl`;

/** A task list's own row, for the checks of a change. */
export type TasklistRow = {
  id: number;
  customer_id: number;
  location_id: number;
  inspection_type: InspectionType;
};

/** A candidate as read: its questionnaire's number of questions instead of the verdict. */
export type CandidateRow = Omit<TasklistCandidate, 'plannable' | 'reason'> & { questions: number };

/** What a machine asked to be planned is, seen from the task list (one row per asked id). */
export type PlanCheck = {
  id: number;
  name: string | null;
  /** null: no machine with this id. */
  at_location: boolean | null;
  archived: boolean;
  status: string | null;
  questionnaire_id: number | null;
  questions: number;
  planned: boolean;
};

/** Sort keys that are the task list's own columns (an index can give the page). */
const OWN_SORT = {
  planned_date: sql`t.planned_date`,
  inspection_type: sql`t.inspection_type`,
  created_at: sql`t.created_at`,
  // The stored status in its order: tasklists_status_order_idx.
  status: tasklistStatusOrder(sql`t.status`),
  // A mechanic's default (today's lists first): the list's own date and status.
  today_first: todayFirst(sql`t.planned_date`, sql`t.status`),
} satisfies Partial<Record<TasklistListQuery['sortKey'], SQL>>;

/**
 * The number of all task lists: PostgreSQL's own figure of the table (pg_class.reltuples, kept by
 * VACUUM/ANALYZE and autovacuum: an estimate that lags new lists until the next ANALYZE) once it
 * says more than 10,000, counted below that; an exact count of 20,000 lists cost ~1.6 ms, more than
 * the rest of the default page. The completed reports list does the same.
 */
const WHOLE_COUNT = sql`(select case when e.n > 10000 then e.n::int else (select count(*)::int from ${tasklists}) end
  from (select reltuples as n from pg_class where oid = 'tasklists'::regclass) e)`;

export function createTasklistsRepository(db: Db) {
  return {
    /** One page of the overview as one JSON array text, with the meta (one statement). */
    async list(q: TasklistListQuery, actorId: number) {
      const inner = and(
        q.customer_id ? sql`t.customer_id = ${q.customer_id}` : undefined,
        q.inspection_type ? sql`t.inspection_type = ${q.inspection_type}` : undefined,
        q.mine ? sql`t.created_by = ${actorId}` : undefined,
        q.status ? sql`t.status = ${q.status}` : undefined,
        q.search
          ? sql`(c.name ilike ${likePattern(q.search)} or l.name ilike ${likePattern(q.search)}
              or concat_ws(' ', u.first_name, u.preposition, u.last_name) ilike ${likePattern(q.search)}
              or t.remarks ilike ${likePattern(q.search)})`
          : undefined,
      );
      const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
      const limit = sql`limit ${q.itemsPerPage} offset ${(q.page - 1) * q.itemsPerPage}`;
      const order = sql`${TASKLIST_SORT[q.sortKey]} ${dir} nulls last, tl.id ${dir}`;
      const ownSort = OWN_SORT[q.sortKey as keyof typeof OWN_SORT];
      let query: SQL;
      if (!q.search && ownSort) {
        // The list's own columns (its stored status too) filter and sort: the page's ids come from
        // an index, the total from a count of the lists alone, and only the page's rows get names
        // and figures.
        const own = sql`${ownSort} ${dir}, t.id ${dir}`;
        const where = inner ? sql`where ${inner}` : sql``;
        const picked = sql`select t.id, row_number() over (order by ${own}) as n, ${inner ? sql`(select count(*)::int from ${tasklists} t ${where})` : WHOLE_COUNT} as total
          from ${tasklists} t ${where} order by ${own} ${limit}`;
        query = sql`select ${TASKLIST_JSON}::text as json, p.total
          from (${picked}) p cross join lateral ${named(sql`t.id = p.id`)} cross join ${STATS} order by p.n`;
      } else {
        // A search or a sort by a name: the named rows are picked, then the page's figures.
        const picked = sql`select tl.*, (count(*) over ())::int as total, row_number() over (order by ${order}) as n
          from ${named(inner)} cross join ${STATS} order by ${order} ${limit}`;
        query = sql`select ${TASKLIST_JSON}::text as json, tl.total
          from (${picked}) tl cross join ${STATS} order by tl.n`;
      }
      const rows = await rowsOf<{ json: string; total: number }>(db, query);
      // Past the last page no row carries the total: ask for it (rare).
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && q.page > 1) {
        const [row] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from ${named(inner)}`);
        total = row?.total ?? 0;
      }
      return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, count: rows.length, meta: pageMeta(total, q) };
    },

    /** One task list as its API JSON, or undefined. */
    async find(id: number, tx: Executor = db): Promise<Tasklist | undefined> {
      const [row] = await rowsOf<{ json: Tasklist }>(
        tx,
        sql`select ${TASKLIST_JSON} as json from ${named(sql`t.id = ${id}`)} cross join ${STATS}`,
      );
      return row?.json;
    },

    /** The planned machines of a task list with their reports, by place and name (one statement). */
    async plannedMachines(tasklistId: number, tx: Executor = db): Promise<PlannedMachine[]> {
      const rows = await rowsOf<{ json: PlannedMachine }>(
        tx,
        sql`select ${PLANNED_MACHINE_JSON} as json
            from ${reports} r
            join machines m on m.id = r.machine_id
            left join departments d on d.id = m.department_id
            left join rooms rm on rm.id = m.room_id
            left join machine_types mt on mt.id = m.machine_type_id
            left join users u on u.id = r.filled_in_by
            where r.tasklist_id = ${tasklistId}
            order by lower(d.name) nulls first, lower(rm.name) nulls first, lower(m.name), m.id`,
      );
      return rows.map((r) => r.json);
    },

    /**
     * The machines at the task list's location that are not archived, each with what the plan
     * screen shows: place, type, its latest submitted report of the list's type, its
     * questionnaire of that type, whether it is on the list already (one statement).
     */
    async candidates(t: TasklistRow, tx: Executor = db): Promise<CandidateRow[]> {
      const rows = await rowsOf<{ json: CandidateRow }>(
        tx,
        sql`select json_build_object(
              'id', m.id, 'name', m.name, 'inventory_number', m.inventory_number, 'status', m.status,
              'department_id', m.department_id, 'department_name', d.name,
              'room_id', m.room_id, 'room_name', rm.name, 'machine_type_name', mt.name,
              'last_report_date', (
                select to_char(max(lr.submitted_at) at time zone 'Europe/Amsterdam', 'YYYY-MM-DD')
                from ${reports} lr join ${tasklists} lt on lt.id = lr.tasklist_id
                where lr.machine_id = m.id and lr.status = 'submitted' and lt.inspection_type = ${t.inspection_type}),
              'questionnaire_id', q.id, 'questionnaire_name', q.name,
              'questions', coalesce((
                select count(*) from questionnaire_categories qc
                join questionnaire_questions qq on qq.questionnaire_category_id = qc.id
                where qc.questionnaire_id = q.id), 0),
              'report_id', (select r.id from ${reports} r where r.tasklist_id = ${t.id} and r.machine_id = m.id),
              'open_malfunctions', (select count(*)::int from malfunctions f
                where f.machine_id = m.id and ${openMalfunction('f')})
            ) as json
            from machines m
            left join departments d on d.id = m.department_id
            left join rooms rm on rm.id = m.room_id
            left join machine_types mt on mt.id = m.machine_type_id
            left join machine_questionnaires mq on mq.machine_id = m.id and mq.inspection_type = ${t.inspection_type}
            left join questionnaires q on q.id = mq.questionnaire_id
            where m.location_id = ${t.location_id} and m.customer_id = ${t.customer_id} and m.archived_at is null
            order by lower(d.name) nulls first, lower(rm.name) nulls first, lower(m.name), m.id`,
      );
      return rows.map((r) => r.json);
    },

    /** The task list's own row; locked until the transaction ends when `lock` is given. */
    async row(id: number, tx: Executor = db, lock?: 'update' | 'no key update'): Promise<TasklistRow | undefined> {
      const query = tx
        .select({
          id: tasklists.id,
          customer_id: tasklists.customerId,
          location_id: tasklists.locationId,
          inspection_type: tasklists.inspectionType,
        })
        .from(tasklists)
        .where(eq(tasklists.id, id));
      const [row] = lock ? await query.for(lock) : await query;
      return row;
    },

    /**
     * Whether the customer exists (and is not archived) and the location is one of its: one
     * statement for the form's checks.
     */
    async references(customerId: number, locationId: number, tx: Executor = db) {
      const [row] = await rowsOf<{ customer: boolean; archived: boolean; location: boolean }>(
        tx,
        sql`select exists(select 1 from ${customers} where id = ${customerId}) as customer,
              exists(select 1 from ${customers} where id = ${customerId} and archived_at is not null) as archived,
              exists(select 1 from ${locations} where id = ${locationId} and customer_id = ${customerId}) as location`,
      );
      return row!;
    },

    async insert(values: typeof tasklists.$inferInsert, tx: Executor = db): Promise<number> {
      const [row] = await tx.insert(tasklists).values(values).returning({ id: tasklists.id });
      return row!.id;
    },

    async update(id: number, values: Partial<typeof tasklists.$inferInsert>, tx: Executor): Promise<void> {
      await tx
        .update(tasklists)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tasklists.id, id));
    },

    /** How many reports the list has, and how many of them were worked on (answers, submitted). */
    async reportsState(tasklistId: number, tx: Executor) {
      const [row] = await rowsOf<{ reports: number; worked: number }>(
        tx,
        sql`select count(*)::int as reports,
              (count(*) filter (where r.status = 'submitted'
                or exists(select 1 from report_answers a where a.report_id = r.id)))::int as worked
            from ${reports} r where r.tasklist_id = ${tasklistId}`,
      );
      return row!;
    },

    async delete(id: number, tx: Executor): Promise<void> {
      await tx.delete(tasklists).where(eq(tasklists.id, id));
    },

    /** Per asked machine id what planning it on the list depends on (one statement). */
    async planChecks(t: TasklistRow, machineIds: number[], tx: Executor): Promise<PlanCheck[]> {
      return rowsOf<PlanCheck>(
        tx,
        sql`select ids.id, m.name,
              case when m.id is null then null else (m.customer_id = ${t.customer_id} and m.location_id = ${t.location_id}) end as at_location,
              coalesce(m.archived_at is not null, false) as archived, m.status,
              mq.questionnaire_id,
              (select count(*)::int from questionnaire_categories qc
                join questionnaire_questions qq on qq.questionnaire_category_id = qc.id
                where qc.questionnaire_id = mq.questionnaire_id) as questions,
              exists(select 1 from ${reports} r where r.tasklist_id = ${t.id} and r.machine_id = ids.id) as planned
            from unnest(${`{${machineIds.join(',')}}`}::int[]) with ordinality as ids(id, n)
            left join machines m on m.id = ids.id
            left join machine_questionnaires mq on mq.machine_id = m.id and mq.inspection_type = ${t.inspection_type}
            order by ids.n`,
      );
    },

    /**
     * Plans machines: a report per machine with a copy of its questionnaire of the list's type
     * (categories with questions, in order, positions renumbered 1..n), in one statement whatever
     * the number of machines, categories and questions. Machines already on the list are left
     * as they are. Returns the new reports' machine ids.
     */
    async plan(t: TasklistRow, machineIds: number[], tx: Executor): Promise<number[]> {
      const rows = await rowsOf<{ machine_id: number }>(
        tx,
        sql`with new_reports as (
              insert into ${reports} (tasklist_id, customer_id, inspection_type, machine_id, questionnaire_id, questionnaire_name)
              select ${t.id}, ${t.customer_id}, ${t.inspection_type}, mq.machine_id, q.id, q.name
              from machine_questionnaires mq join questionnaires q on q.id = mq.questionnaire_id
              where mq.machine_id = any(${`{${machineIds.join(',')}}`}::int[]) and mq.inspection_type = ${t.inspection_type}
              on conflict (tasklist_id, machine_id) do nothing
              returning id, machine_id, questionnaire_id
            ), cats as (
              select nr.id as report_id, qc.id as qc_id, c.name,
                row_number() over (partition by nr.id order by qc.position, qc.id)::int as position
              from new_reports nr
              join questionnaire_categories qc on qc.questionnaire_id = nr.questionnaire_id
              join categories c on c.id = qc.category_id
              where exists(select 1 from questionnaire_questions qq where qq.questionnaire_category_id = qc.id)
            ), new_cats as (
              insert into report_categories (report_id, name, position)
              select report_id, name, position from cats
              returning id, report_id, position
            ), new_questions as (
              insert into report_questions (report_id, report_category_id, name, answer_options, memo_title, position)
              select nc.report_id, nc.id, qs.name, qs.answer_options, qs.memo_title,
                row_number() over (partition by nc.id order by qq.position, qq.id)::int
              from new_cats nc
              join cats on cats.report_id = nc.report_id and cats.position = nc.position
              join questionnaire_questions qq on qq.questionnaire_category_id = cats.qc_id
              join questions qs on qs.id = qq.question_id
              returning id
            )
            select machine_id from new_reports`,
      );
      return rows.map((r) => r.machine_id);
    },

    /** The report of a machine on the list, locked until the transaction ends, with whether it was worked on. */
    async plannedReport(tasklistId: number, machineId: number, tx: Executor) {
      const [report] = await tx
        .select({ id: reports.id, status: reports.status })
        .from(reports)
        .where(and(eq(reports.tasklistId, tasklistId), eq(reports.machineId, machineId)))
        .for('update');
      if (!report) return undefined;
      const [row] = await rowsOf<{ answered: boolean }>(
        tx,
        sql`select exists(select 1 from report_answers where report_id = ${report.id}) as answered`,
      );
      return { ...report, worked: report.status === 'submitted' || row!.answered };
    },

    async deleteReport(reportId: number, tx: Executor): Promise<void> {
      await tx.delete(reports).where(eq(reports.id, reportId));
    },
  };
}

export type TasklistsRepository = ReturnType<typeof createTasklistsRepository>;
