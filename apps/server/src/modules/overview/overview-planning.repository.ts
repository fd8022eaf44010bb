import { sql, type SQL } from 'drizzle-orm';
import type { DueListQuery } from '@keurwijzer/shared/overview';
import type { Db } from '../../db/client';
import { jsonObject, rowsOf } from '../../db/sql-json';
import { PLACEHOLDER_CLOCK, clockParams, dueStateSql, dueStateWhere, type DueClock } from '../../lib/due-state';
import { likePattern, pageMeta } from '../../lib/list-query';
import type { JsonPage } from '../../lib/responses';

/* The Keuringsplanning's SQL: how it picks its rows and counts its total is told in overview.repository.ts. */

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

/** The Keuringsplanning: pages of machine_due rows. */
export function duePlanning(db: Db) {
  /** The Keuringsplanning's prepared statements, one per state and scope (see `due`). */
  const prepared = new Map<
    string,
    { execute(params: Record<string, unknown>): Promise<{ json: string; total: number }[]> }
  >();
  return {
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
  };
}
