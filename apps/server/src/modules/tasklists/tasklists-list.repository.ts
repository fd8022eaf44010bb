import { and, sql, type SQL } from 'drizzle-orm';
import { TASKLIST_STATUSES, type TasklistListQuery } from '@keurwijzer/shared/tasklists';
import type { Db } from '../../db/client';
import { customers, locations } from '../../db/schema/customers';
import { tasklistStatusOrder, tasklists } from '../../db/schema/tasklists';
import { users } from '../../db/schema/users';
import { fullName, rowsOf } from '../../db/sql-json';
import { likePattern, pageMeta, preparedByShape } from '../../lib/list-query';
import { STATS, TASKLIST_JSON, TASKLIST_SORT, TODAY, todayFirst } from './tasklists.presenter';

/*
 * The task lists' overview: a page of lists (a prepared statement per shape, or a search), its
 * filters, sort and totals (kept counts where they can answer). Spread into the repository.
 */

/** The task lists with the names they show, as rows `tl` (the filters go in `where`). */
export const named = (where: SQL | undefined) => sql`(
  select t.id, t.customer_id, c.name as customer_name, t.location_id, l.name as location_name,
    t.inspection_type, t.planned_date, t.remarks, t.created_by, ${fullName('u')} as created_by_name,
    t.created_at, t.updated_at, t.planned_count, t.submitted_count, t.questions_count, t.status
  from ${tasklists} t
  join ${customers} c on c.id = t.customer_id
  join ${locations} l on l.id = t.location_id
  left join ${users} u on u.id = t.created_by
  ${where ? sql`where ${where}` : sql``}
) tl`;

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

/** The overview's page query of the task lists' repository (spread into it). */
export function tasklistListQueries(db: Db) {
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
  };
}
