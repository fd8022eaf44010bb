import { sql } from 'drizzle-orm';
import {
  OVERVIEW_TOP_CUSTOMERS,
  OVERVIEW_WINDOW_DAYS,
  SUMMARY_ATTENTION_LIMIT,
  SUMMARY_COUNTS,
  SUMMARY_COUNT_FILTERS,
  type Overview,
  type OwnSummary,
  type SummaryCount,
} from '@keurwijzer/shared/overview';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-json';
import { openMalfunction, seenByCustomer } from '../../db/shared-facts';
import { dueFilterWhere, type DueClock } from '../../lib/due-state';
import { duePlanning } from './overview-planning.repository';

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

/**
 * Moves the kept counts' clock to today and the home's window (overview_clock_set: only the machines
 * whose due date lies between the days or in either window change sides; another window rebuilds).
 */
async function moveClock(db: Db, c: DueClock) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select overview_clock_set(${c.today}::date, ${OVERVIEW_WINDOW_DAYS}::int)`);
  });
}

/** The office home. */
function officeHome(db: Db) {
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
  };
}

/** The customer's own summary ("Mijn overzicht"). */
function customerSummary(db: Db) {
  return {
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

/** The overviews: the office home, the Keuringsplanning (overview-planning.repository.ts), the customer's summary. */
export function createOverviewRepository(db: Db) {
  return { ...officeHome(db), ...duePlanning(db), ...customerSummary(db) };
}

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
