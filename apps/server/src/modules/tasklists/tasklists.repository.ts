import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { PlannedMachine } from '@keurwijzer/shared/reports';
import {
  TASKLIST_STATUSES,
  type Tasklist,
  type TasklistCandidate,
  type TasklistListQuery,
} from '@keurwijzer/shared/tasklists';
import type { Db, Executor } from '../../db/client';
import { customers, locations } from '../../db/schema/customers';
import { reports, tasklistStatusOrder, tasklists } from '../../db/schema/tasklists';
import { users } from '../../db/schema/users';
import { likePattern, pageMeta, preparedByShape } from '../../lib/list-query';
import { PLANNED_MACHINE_JSON, STATS, TASKLIST_JSON, TASKLIST_SORT, TODAY, todayFirst } from './tasklists.presenter';
import { isCurrentVersion, openMalfunction } from '../../db/shared-facts';
import { dueTypesOf } from '@keurwijzer/shared/compliance';
import { dueStateSql, dueStateWhere, type DueClock } from '../../lib/due-state';
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
type OwnSortKey = keyof typeof OWN_SORT;

/**
 * A value of a statement: the value itself, or (`PLACEHOLDER`) the named placeholder of a
 * prepared statement (the overview's pages, `preparedByShape`).
 */
type Bind = (name: string, value: unknown) => SQL;
const VALUE: Bind = (_name, value) => sql`${value}`;
const PLACEHOLDER: Bind = (name) => sql`${sql.placeholder(name)}`;

/** The statuses before Afgerond: the work in hand, a few hundred lists beside years of finished ones. */
const UNFINISHED = sql.raw(
  TASKLIST_STATUSES.filter((s) => s !== 'completed')
    .map((s) => `'${s}'`)
    .join(', '),
);

/**
 * The number of all task lists, kept by triggers (kept_counts, migration 0021): exact at once and
 * one primary-key read, where a count of 36,000 lists cost 1.6-20 ms (an index-only or sequential
 * scan) and PostgreSQL's figure of the table (pg_class.reltuples, used before) lagged until the
 * next ANALYZE.
 */
const KEPT_TOTAL = sql`(select n from kept_counts where key = 'tasklists')`;

/**
 * The overview's filters on the list's own columns (all but the search) as conditions on `t`.
 * The status is a literal (a shape of its own, see `list`): a plan for 400 lists In uitvoering is
 * not one for 35,000 Afgerond.
 */
function ownFilters(q: TasklistListQuery, actorId: number, b: Bind): SQL | undefined {
  return and(
    q.customer_id ? sql`t.customer_id = ${b('customer_id', q.customer_id)}` : undefined,
    q.inspection_type ? sql`t.inspection_type = ${b('inspection_type', q.inspection_type)}` : undefined,
    q.mine ? sql`t.created_by = ${b('actor', actorId)}` : undefined,
    q.status ? sql`t.status = ${sql.raw(`'${TASKLIST_STATUSES.find((s) => s === q.status)!}'`)}` : undefined,
  );
}

/** The kept number of the actor's own lists (`mine`; kept_counts, migration 0021). */
const keptMine = (actor: SQL) =>
  sql`coalesce((select n from kept_counts where key = 'tasklists:created_by:' || ${actor}::int), 0)`;

/**
 * The total of the overview without a search, from the kept numbers where it can: all lists, or
 * the actor's own (`mine`), as kept; with the status Afgerond (nearly every list) that number
 * minus the unfinished lists, which are few (an index range of tasklists_status_idx each), instead
 * of counting 35,000 finished ones; any other filter counts the lists alone (their own columns, no
 * names).
 */
function ownTotal(q: TasklistListQuery, actorId: number, b: Bind): SQL {
  const filters = ownFilters(q, actorId, b);
  if (!filters) return KEPT_TOTAL;
  if (!q.customer_id && !q.inspection_type && (!q.status || q.status === 'completed')) {
    const kept = q.mine ? sql`(${keptMine(b('actor', actorId))})` : KEPT_TOTAL;
    if (!q.status) return kept;
    const mine = q.mine ? sql`t.created_by = ${b('actor', actorId)} and` : sql``;
    return sql`(${kept} - (select count(*)::int from ${tasklists} t where ${mine} t.status in (${UNFINISHED})))`;
  }
  return sql`(select count(*)::int from ${tasklists} t where ${filters})`;
}

/**
 * The ids of a page of the overview without a search (`n` its order) and the total, from the
 * list's own columns: an index gives the page, and only its rows get names and figures.
 *
 * `today_first` puts the finished lists (not of today) last, the newest first: nearly every list,
 * and sorting all of them by the computed key cost ~200 ms on 36,000 lists. So the key sorts the
 * lists that are unfinished or of today (the work in hand, few) together with only the first
 * offset + limit finished ones, read in their order (planned date) from tasklists_status_idx
 * (tasklists_created_by_status_idx for `mine`, a mechanic's default page).
 */
function ownPicked(q: TasklistListQuery & { sortKey: OwnSortKey }, actorId: number, b: Bind): SQL {
  const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  const filters = ownFilters(q, actorId, b);
  const total = ownTotal(q, actorId, b);
  const limit = sql`limit ${b('limit', q.itemsPerPage)} offset ${b('offset', (q.page - 1) * q.itemsPerPage)}`;
  if (q.sortKey !== 'today_first') {
    const order = sql`${OWN_SORT[q.sortKey]} ${dir}, t.id ${dir}`;
    return sql`select t.id, row_number() over (order by ${order}) as n, ${total} as total
      from ${tasklists} t ${filters ? sql`where ${filters}` : sql``} order by ${order} ${limit}`;
  }
  const also = filters ? sql`${filters} and` : sql``;
  const key = OWN_SORT.today_first;
  // The finished lists in the key's order: the newest planned date first (ascending), then id.
  const finishedOrder =
    q.sortOrder === 'desc' ? sql`t.planned_date asc, t.id desc` : sql`t.planned_date desc, t.id asc`;
  const firstRows = sql`${b('limit', q.itemsPerPage)}::int + ${b('offset', (q.page - 1) * q.itemsPerPage)}::int`;
  const order = sql`u.k ${dir}, u.id ${dir}`;
  return sql`select u.id, row_number() over (order by ${order}) as n, ${total} as total
    from (
      (select t.id, ${key} as k from ${tasklists} t where ${also} t.status in (${UNFINISHED}))
      union all
      (select t.id, ${key} as k from ${tasklists} t
        where ${also} t.status = 'completed' and t.planned_date = ${TODAY})
      union all
      (select t.id, ${key} as k from ${tasklists} t
        where ${also} t.status = 'completed' and t.planned_date <> ${TODAY}
        order by ${finishedOrder} limit ${firstRows})
    ) u
    order by ${order} ${limit}`;
}

/** The search (customer, location, creator, remarks) as a condition on the named rows. */
function searchOf(q: TasklistListQuery): SQL | undefined {
  if (!q.search) return undefined;
  const p = likePattern(q.search);
  return sql`(c.name ilike ${p} or l.name ilike ${p}
    or ${fullName('u')} ilike ${p} or t.remarks ilike ${p})`;
}

/**
 * The due date and rejected flag of machine `m` for an inspection type, as row `du` (a lateral
 * join over machine_due): for Keuring + onderhoud the earlier date of the two and rejected when
 * either is. No machine_due row (no interval): a null date, not rejected.
 */
const dueOfType = (type: InspectionType) => sql`left join lateral (
    select min(md.due_date) as due_date, coalesce(bool_or(md.rejected), false) as rejected
    from machine_due md
    where md.machine_id = m.id and md.inspection_type = any(${`{${dueTypesOf(type).join(',')}}`}::text[])
  ) du on true`;

/** A due row `du` that "Alle verlopen inplannen" plans: Afgekeurd, Verlopen or Binnenkort. */
const isDue = (clock: DueClock) =>
  sql`(${sql.join(
    (['rejected', 'overdue', 'due_soon'] as const).map((state) =>
      dueStateWhere(state, sql`du.due_date`, sql`du.rejected`, clock),
    ),
    sql` or `,
  )})`;

export function createTasklistsRepository(db: Db) {
  /*
   * A page without a search is a named prepared statement per shape (sort, direction, which
   * filters, the status): Drizzle builds its SQL once and PostgreSQL parses it once per connection
   * instead of on every request, as the completed reports and machines lists do.
   */
  const prepared = preparedByShape<ReturnType<typeof buildOwnPage>>('tasklists_page');
  function buildOwnPage(q: TasklistListQuery & { sortKey: OwnSortKey }, actorId: number, name: string) {
    return db
      .select({ json: sql<string>`${TASKLIST_JSON}::text`, total: sql<number>`p.total` })
      .from(
        sql`(${ownPicked(q, actorId, PLACEHOLDER)}) p cross join lateral ${named(sql`t.id = p.id`)} cross join ${STATS}`,
      )
      .orderBy(sql`p.n`)
      .prepare(name);
  }
  const isOwn = (q: TasklistListQuery): q is TasklistListQuery & { sortKey: OwnSortKey } =>
    !q.search && q.sortKey in OWN_SORT;

  return {
    /** One page of the overview as one JSON array text, with the meta (one statement). */
    async list(q: TasklistListQuery, actorId: number) {
      let rows: { json: string; total: number }[];
      if (isOwn(q)) {
        const shape = [
          q.sortKey,
          q.sortOrder,
          q.customer_id ? 'customer' : '',
          q.inspection_type ? 'type' : '',
          q.mine ? 'mine' : '',
          q.status ?? '',
        ].join(':');
        rows = await prepared(shape, (name) => buildOwnPage(q, actorId, name)).execute({
          customer_id: q.customer_id,
          inspection_type: q.inspection_type,
          actor: actorId,
          limit: q.itemsPerPage,
          offset: (q.page - 1) * q.itemsPerPage,
        });
      } else {
        // A search or a sort by a name: the named rows are picked, then the page's figures.
        const inner = named(and(ownFilters(q, actorId, VALUE), searchOf(q)));
        const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
        const order = sql`${TASKLIST_SORT[q.sortKey]} ${dir} nulls last, tl.id ${dir}`;
        const limit = sql`limit ${q.itemsPerPage} offset ${(q.page - 1) * q.itemsPerPage}`;
        const picked = sql`select tl.*, (count(*) over ())::int as total, row_number() over (order by ${order}) as n
          from ${inner} cross join ${STATS} order by ${order} ${limit}`;
        rows = await rowsOf<{ json: string; total: number }>(
          db,
          sql`select ${TASKLIST_JSON}::text as json, tl.total from (${picked}) tl cross join ${STATS} order by tl.n`,
        );
      }
      // Past the last page no row carries the total: ask for it (rare).
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && q.page > 1) {
        const inner = named(and(ownFilters(q, actorId, VALUE), searchOf(q)));
        const [row] = await rowsOf<{ total: number }>(
          db,
          isOwn(q)
            ? sql`select ${ownTotal(q, actorId, VALUE)} as total`
            : sql`select count(*)::int as total from ${inner}`,
        );
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
            where r.tasklist_id = ${tasklistId} and ${isCurrentVersion('r')}
            order by lower(d.name) nulls first, lower(rm.name) nulls first, lower(m.name), m.id`,
      );
      return rows.map((r) => r.json);
    },

    /**
     * The machines at the task list's location that are not archived, each with what the plan
     * screen shows: place, type, its latest submitted report of the list's type, its
     * questionnaire of that type, whether it is on the list already (one statement).
     */
    async candidates(
      t: TasklistRow,
      due: { clock: DueClock; only: boolean },
      tx: Executor = db,
    ): Promise<CandidateRow[]> {
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
              'report_id', (select r.id from ${reports} r where r.tasklist_id = ${t.id} and r.machine_id = m.id
                order by r.version desc limit 1),
              'open_malfunctions', (select count(*)::int from malfunctions f
                where f.machine_id = m.id and ${openMalfunction('f')}),
              'due_date', to_char(du.due_date, 'YYYY-MM-DD'),
              'due_state', ${dueStateSql(sql`du.due_date`, sql`du.rejected`, due.clock)}
            ) as json
            from machines m
            left join departments d on d.id = m.department_id
            left join rooms rm on rm.id = m.room_id
            left join machine_types mt on mt.id = m.machine_type_id
            left join machine_questionnaires mq on mq.machine_id = m.id and mq.inspection_type = ${t.inspection_type}
            left join questionnaires q on q.id = mq.questionnaire_id
            ${dueOfType(t.inspection_type)}
            where m.location_id = ${t.location_id} and m.customer_id = ${t.customer_id} and m.archived_at is null
              ${due.only ? sql`and ${isDue(due.clock)}` : sql``}
            order by ${due.only ? sql`du.rejected desc, du.due_date asc nulls last,` : sql``}
              lower(d.name) nulls first, lower(rm.name) nulls first, lower(m.name), m.id`,
      );
      return rows.map((r) => r.json);
    },

    /**
     * The machines of the task list's location that are due for its type (Afgekeurd, Verlopen,
     * Binnenkort) and not on the list yet, by due date: what "Alle verlopen inplannen" plans.
     */
    async dueMachineIds(t: TasklistRow, clock: DueClock, tx: Executor): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        tx,
        sql`select m.id from machines m ${dueOfType(t.inspection_type)}
            where m.location_id = ${t.location_id} and m.customer_id = ${t.customer_id} and m.archived_at is null
              and ${isDue(clock)}
              and not exists(select 1 from ${reports} r where r.tasklist_id = ${t.id} and r.machine_id = m.id)
            order by du.rejected desc, du.due_date asc nulls last, lower(m.name), m.id`,
      );
      return rows.map((r) => r.id);
    },

    /**
     * How many machines of a location are due for an inspection type (the create form's line);
     * undefined for a location that does not exist. machine_due holds only machines in use.
     */
    async dueCount(locationId: number, type: InspectionType, clock: DueClock): Promise<number | undefined> {
      const [row] = await rowsOf<{ count: number }>(
        db,
        sql`select (select count(*)::int from (
                select md.machine_id as id, min(md.due_date) as due_date, bool_or(md.rejected) as rejected
                from machine_due md
                where md.location_id = l.id and md.inspection_type = any(${`{${dueTypesOf(type).join(',')}}`}::text[])
                group by md.machine_id) du
              where ${isDue(clock)}) as count
            from ${locations} l where l.id = ${locationId}`,
      );
      return row?.count;
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
              on conflict (tasklist_id, machine_id, version) do nothing
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
              insert into report_questions (report_id, report_category_id, name, answer_options, memo_title, position,
                kind, answer_judgements, unit, min_value, max_value)
              select nc.report_id, nc.id, qs.name, qs.answer_options, qs.memo_title,
                row_number() over (partition by nc.id order by qq.position, qq.id)::int,
                qs.kind, qs.answer_judgements, qs.unit, qs.min_value, qs.max_value
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
