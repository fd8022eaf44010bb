import { sql, type SQL } from 'drizzle-orm';
import {
  OVERVIEW_TOP_CUSTOMERS,
  OVERVIEW_WINDOW_DAYS,
  SUMMARY_ATTENTION_LIMIT,
  SUMMARY_COUNTS,
  SUMMARY_COUNT_FILTERS,
  type DueListQuery,
  type Overview,
  type OwnSummary,
  type SummaryCount,
} from '@keurwijzer/shared/overview';
import type { Db } from '../../db/client';
import { jsonObject, rowsOf } from '../../db/sql-json';
import { openMalfunction, seenByCustomer } from '../../db/shared-facts';
import {
  PLACEHOLDER_CLOCK,
  clockParams,
  dueFilterWhere,
  dueStateSql,
  dueStateWhere,
  type DueClock,
} from '../../lib/due-state';
import { likePattern, pageMeta } from '../../lib/list-query';
import type { JsonPage } from '../../lib/responses';

/*
 * The overviews' SQL. Every state is computed by PostgreSQL from a due date, the rejected flag and
 * today (lib/due-state.ts); every count is kept or an index range:
 * - The home counts machines once, in their worst state, on the machine's summary columns
 *   (machines.next_due_date, due_rejected, kept by refresh_machine_due). Verlopen, "Binnen 4 weken"
 *   and Afgekeurd per customer are kept by triggers in overview_counts as of overview_clock's day
 *   and window (migrations 0025, 0042): the home reads one narrow row per customer, not every
 *   machine it counts. Open follow-ups and open malfunctions: kept_counts (migrations 0021, 0042).
 * - The Keuringsplanning reads machine_due rows in (due_date, machine_id, type) order: a page picks
 *   its keys from the index of its filters (machine_due_due_idx for a state without a customer,
 *   machine_due_customer_idx with a customer, machine_due_location_idx with a location), then
 *   joins names for those rows only; its total is a count over the same range, or for Verlopen
 *   (of all or one customer) the kept overview_counts.overdue_rows.
 */

function dueConditions(q: DueListQuery, c: DueClock): SQL {
  const where: SQL[] = [sql`true`];
  if (q.state) where.push(dueStateWhere(q.state, sql`d.due_date`, sql`d.rejected`, c));
  if (q.customer_id !== undefined) where.push(sql`d.customer_id = ${q.customer_id}`);
  if (q.location_id !== undefined) where.push(sql`d.location_id = ${q.location_id}`);
  if (q.inspection_type) where.push(sql`d.inspection_type = ${q.inspection_type}`);
  if (q.search) {
    const p = likePattern(q.search);
    where.push(sql`(d.machine_id in (select sm.id from machines sm where sm.name ilike ${p} or sm.inventory_number ilike ${p})
      or d.customer_id in (select sc.id from customers sc where sc.name ilike ${p}))`);
  }
  if (q.due_within_days !== undefined) {
    where.push(
      sql`(not d.rejected and d.due_date > ${c.today}::date and d.due_date <= (${c.today}::date + ${q.due_within_days}::int))`,
    );
  }
  return sql.join(where, sql` and `);
}

const dueRowJson = (c: DueClock) =>
  jsonObject({
    machine_id: sql`d.machine_id`,
    machine_name: sql`m.name`,
    inventory_number: sql`m.inventory_number`,
    customer_id: sql`d.customer_id`,
    customer_name: sql`cu.name`,
    location_id: sql`d.location_id`,
    location_name: sql`l.name`,
    inspection_type: sql`d.inspection_type`,
    interval_months: sql`d.interval_months`,
    last_report_id: sql`d.last_report_id`,
    last_date: sql`to_char(d.last_date, 'YYYY-MM-DD')`,
    last_verdict: sql`d.last_verdict`,
    due_date: sql`to_char(d.due_date, 'YYYY-MM-DD')`,
    state: dueStateSql(sql`d.due_date`, sql`d.rejected`, c),
  });

/**
 * Moves the kept counts' clock to today and the home's window (overview_clock_set: only the machines
 * whose due date lies between the days or in either window change sides; another window rebuilds).
 */
async function moveClock(db: Db, c: DueClock) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select overview_clock_set(${c.today}::date, ${OVERVIEW_WINDOW_DAYS}::int)`);
  });
}

/**
 * The Keuringsplanning's statement: the page's keys from the index of its filters, the names joined
 * for those rows only, and the total: a count over the same range, or for Verlopen (of all or one
 * customer) the kept overview_counts.overdue_rows while their clock is today.
 */
function dueStatement(q: DueListQuery, c: DueClock, p: { customerId: unknown; limit: unknown; offset: unknown }) {
  const where = dueConditions({ ...q, customer_id: undefined }, c);
  const scoped = p.customerId === undefined ? where : sql`${where} and d.customer_id = ${p.customerId}`;
  const counted = sql`(select count(*)::int from machine_due d where ${scoped})`;
  const keptOverdue =
    q.state === 'overdue' &&
    !q.search &&
    q.location_id === undefined &&
    !q.inspection_type &&
    q.due_within_days === undefined;
  const total = keptOverdue
    ? sql`(case when (select oc.day from overview_clock oc) = ${c.today}::date
        then (select coalesce(sum(k.overdue_rows), 0)::int from overview_counts k
              ${p.customerId !== undefined ? sql`where k.customer_id = ${p.customerId}` : sql``})
        else ${counted} end)`
    : counted;
  return {
    json: sql`${dueRowJson(c)}::text`,
    total,
    from: sql`(select d.machine_id, d.inspection_type, d.due_date from machine_due d where ${scoped}
              order by d.due_date, d.machine_id, d.inspection_type limit ${p.limit} offset ${p.offset}) p
        join machine_due d on d.machine_id = p.machine_id and d.inspection_type = p.inspection_type
        join machines m on m.id = d.machine_id
        join customers cu on cu.id = d.customer_id
        join locations l on l.id = d.location_id`,
    order: sql`p.due_date, p.machine_id, p.inspection_type`,
  };
}

export function createOverviewRepository(db: Db) {
  /** The Keuringsplanning's prepared statements, one per state and scope (see `due`). */
  const prepared = new Map<
    string,
    { execute(params: Record<string, unknown>): Promise<{ json: string; total: number }[]> }
  >();
  return {
    /**
     * The office home in one statement. Verlopen per customer comes from overview_counts (kept by
     * triggers as of overview_clock's day, migration 0025); when the Dutch day has moved on, the
     * clock is moved first (once a day, by the first reader) and the statement runs again.
     */
    async overview(c: DueClock): Promise<Overview> {
      const read = async () =>
        (
          await rowsOf<{ json: Overview; clock: string | null }>(
            db,
            sql`with k as (
              select coalesce(sum(k.overdue), 0)::int as overdue, count(*) filter (where k.overdue > 0)::int as customers,
                coalesce(sum(k.due_soon), 0)::int as due_soon, coalesce(sum(k.rejected), 0)::int as rejected
              from overview_counts k)
            select json_build_object(
              'today', ${c.today}::text,
              'overdue', k.overdue,
              'overdue_customer_count', k.customers,
              'overdue_per_customer', (select coalesce(json_agg(json_build_object(
                  'customer_id', top.customer_id, 'customer_name', cu.name, 'count', top.overdue)
                  order by top.overdue desc, top.customer_id), '[]'::json)
                from (select k.customer_id, k.overdue from overview_counts k where k.overdue > 0
                      order by k.overdue desc, k.customer_id limit ${OVERVIEW_TOP_CUSTOMERS}) top
                join customers cu on cu.id = top.customer_id),
              'due_within_window', k.due_soon,
              'rejected', k.rejected,
              'open_followups', (select coalesce(sum(n.n), 0)::int from kept_counts n where n.key = 'followups:open'),
              'open_malfunctions', (select coalesce(sum(n.n), 0)::int from kept_counts n
                where n.key in ('malfunctions:in_progress', 'malfunctions:open')),
              'malfunctions_open', (select coalesce(sum(n.n), 0)::int from kept_counts n
                where n.key = 'malfunctions:open'),
              'malfunctions_in_progress', (select coalesce(sum(n.n), 0)::int from kept_counts n
                where n.key = 'malfunctions:in_progress')
            ) as json, (select to_char(oc.day, 'YYYY-MM-DD') || '/' || oc.window_days from overview_clock oc) as clock
            from k`,
          )
        )[0]!;
      const row = await read();
      if (row.clock === `${c.today}/${OVERVIEW_WINDOW_DAYS}`) return row.json;
      await moveClock(db, c);
      return (await read()).json;
    },

    /**
     * A page of the Keuringsplanning as JSON text with its total (one statement). The common shape
     * (a state, of everyone or of one customer: the home's links) runs as a named prepared
     * statement per state and scope, with today, the customer and the page as parameters: planning
     * its joins cost more than running them.
     */
    async due(q: DueListQuery, c: DueClock): Promise<JsonPage> {
      const common = !q.search && q.location_id === undefined && !q.inspection_type && q.due_within_days === undefined;
      let rows: { json: string; total: number }[];
      if (common) {
        const key = `${q.state ?? 'all'}_${q.customer_id === undefined ? 'all' : 'customer'}`;
        let statement = prepared.get(key);
        if (!statement) {
          const p = dueStatement(q, PLACEHOLDER_CLOCK, {
            customerId: q.customer_id === undefined ? undefined : sql.placeholder('customerId'),
            limit: sql.placeholder('limit'),
            offset: sql.placeholder('offset'),
          });
          statement = db
            .select({ json: sql<string>`${p.json}`, total: sql<number>`${p.total}` })
            .from(p.from)
            .orderBy(p.order)
            .prepare(`due_list_${key}`);
          prepared.set(key, statement);
        }
        rows = await statement.execute({
          ...clockParams(c),
          customerId: q.customer_id,
          limit: q.itemsPerPage,
          offset: (q.page - 1) * q.itemsPerPage,
        });
      } else {
        const p = dueStatement(q, c, {
          customerId: q.customer_id,
          limit: q.itemsPerPage,
          offset: (q.page - 1) * q.itemsPerPage,
        });
        rows = await rowsOf<{ json: string; total: number }>(
          db,
          sql`select ${p.json} as json, ${p.total} as total from ${p.from} order by ${p.order}`,
        );
      }
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && q.page > 1) {
        const count = dueStatement(q, c, { customerId: q.customer_id, limit: 0, offset: 0 }).total;
        const [r] = await rowsOf<{ total: number }>(db, sql`select ${count} as total`);
        total = r?.total ?? 0;
      }
      return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, meta: pageMeta(total, q) };
    },

    /**
     * The customer's summary in one statement. Every number counts the machines the customer sees
     * (`seenByCustomer`, the rule of "Mijn machines") with the list's own due-state filter
     * (`dueFilterWhere` of SUMMARY_COUNT_FILTERS): a number and the list it opens are the same
     * statement's rows. The per-location counts are one narrow grouping of those machines (no join,
     * no sort of wide rows); the attention list is the first SUMMARY_ATTENTION_LIMIT of two limited
     * reads in (next_due_date, id) order on machines_customer_due_idx (afgekeurd; overdue and not
     * afgekeurd), merged in the list's order (afgekeurd first, then due date, id); locations are
     * joined for those rows only. attention_total = the locations' overdue + rejected (each machine
     * once, in its worst state). Location names are key lookups per group (machines.location_id is
     * a not-null foreign key), not a hash join over every location (the grouping's row estimate is
     * far too high for that).
     */
    async summary(customerId: number, c: DueClock): Promise<OwnSummary> {
      const seen = sql`m.customer_id = ${customerId} and ${seenByCustomer('m')}`;
      const counted = (count: SummaryCount) => {
        const filter = SUMMARY_COUNT_FILTERS[count];
        const where = filter ? dueFilterWhere(filter, sql`m.next_due_date`, sql`m.due_rejected`, c) : sql`true`;
        return sql`count(*) filter (where ${where})::int as ${sql.identifier(count)}`;
      };
      const attentionColumns = sql`m.id, m.name, m.inventory_number, m.location_id, m.next_due_date, m.due_rejected`;
      const [row] = await rowsOf<{ json: OwnSummary }>(
        db,
        sql`with g as (
              select m.location_id, ${sql.join(SUMMARY_COUNTS.map(counted), sql`, `)}
              from machines m
              where ${seen}
              group by m.location_id),
            a as (
              select * from (
                (select ${attentionColumns} from machines m
                 where ${seen} and ${dueFilterWhere('rejected', sql`m.next_due_date`, sql`m.due_rejected`, c)}
                 order by m.next_due_date, m.id limit ${SUMMARY_ATTENTION_LIMIT})
                union all
                (select ${attentionColumns} from machines m
                 where ${seen} and ${dueFilterWhere('overdue', sql`m.next_due_date`, sql`m.due_rejected`, c)}
                 order by m.next_due_date, m.id limit ${SUMMARY_ATTENTION_LIMIT})) u
              order by u.due_rejected desc, u.next_due_date, u.id
              limit ${SUMMARY_ATTENTION_LIMIT})
            select json_build_object(
              'today', ${c.today}::text,
              'locations', (select coalesce(json_agg(json_build_object(
                  'location_id', n.location_id, 'location_name', n.location_name, 'machines', n.machines,
                  'in_order', n.in_order, 'overdue', n.overdue, 'rejected', n.rejected, 'no_interval', n.no_interval)
                  order by n.location_name, n.location_id), '[]'::json)
                from (select g.*, (select l.name from locations l where l.id = g.location_id) as location_name
                      from g) n),
              'attention', (select coalesce(json_agg(json_build_object(
                  'machine_id', a.id, 'machine_name', a.name, 'inventory_number', a.inventory_number,
                  'location_name', l.name,
                  'state', case when a.due_rejected then 'rejected' else 'overdue' end,
                  'due_date', to_char(a.next_due_date, 'YYYY-MM-DD'))
                  order by a.due_rejected desc, a.next_due_date, a.id), '[]'::json)
                from a join locations l on l.id = a.location_id),
              'attention_total', (select coalesce(sum(g.overdue + g.rejected), 0)::int from g),
              'open_malfunctions', (select count(*)::int from malfunctions f
                where f.customer_id = ${customerId} and ${openMalfunction('f')})
            ) as json`,
      );
      return row!.json;
    },
  };
}
export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
