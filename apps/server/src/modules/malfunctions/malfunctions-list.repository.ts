import { sql, type SQL } from 'drizzle-orm';
import {
  MALFUNCTION_STATUSES,
  type MalfunctionListQuery,
  type MalfunctionStatus,
  type OwnMalfunctionListQuery,
} from '@keurwijzer/shared/malfunctions';
import type { Db } from '../../db/client';
import { likePattern, pageMeta } from '../../lib/list-query';
import { MALFUNCTION_JSON, OWN_MALFUNCTION_JSON, lateMalfunction, statusOrder } from './malfunctions.presenter';
import { openMalfunction } from '../../db/shared-facts';
import { fullName, rowsOf } from '../../db/sql-json';

/*
 * The office's and the customer's malfunction lists. A page of the office's list picks its ids first from the malfunction's
 * own row (newest first from malfunctions_created_idx, a status filter from
 * malfunctions_status_created_idx, a customer from malfunctions_customer_created_idx), and only
 * those rows get their names; a search is conditions on the row (hashed sub-plans over the small
 * tables of names), a sort by a name joins only that table.
 */

/**
 * The office list's default order: the active urgent ones, then the other active ones, then the
 * rest (always in that order), each newest first. malfunctions_priority_idx holds the same
 * expression, so a page is read from the index as the plain newest-first one is.
 */
export const PRIORITY = sql`(case when f.status in ('open', 'in_progress') then (case when f.urgent then 2 else 1 end) else 0 end)`;

/** `indexed`: a page is read from an index in this order, so its total is counted apart (or kept). */
const SORT: Record<MalfunctionListQuery['sortKey'], { join: SQL; order: SQL; indexed?: boolean }> = {
  urgency: { join: sql``, order: sql`${PRIORITY} desc, f.created_at`, indexed: true },
  reported_at: { join: sql``, order: sql`f.created_at`, indexed: true },
  respond_by: { join: sql``, order: sql`f.respond_by`, indexed: true },
  updated_at: { join: sql``, order: sql`f.updated_at` },
  status: { join: sql``, order: statusOrder(sql`f.status`) },
  customer: { join: sql`join customers c on c.id = f.customer_id`, order: sql`lower(c.name)` },
  machine: { join: sql`join machines m on m.id = f.machine_id`, order: sql`lower(m.name)` },
};

function officeConditions(q: MalfunctionListQuery): SQL {
  const filters: SQL[] = [sql`true`];
  if (q.status !== undefined) filters.push(sql`f.status = ${q.status}`);
  if (q.customer_id !== undefined) filters.push(sql`f.customer_id = ${q.customer_id}`);
  if (q.late) filters.push(lateMalfunction('f'));
  if (q.assigned_to !== undefined) filters.push(sql`f.assigned_to = ${q.assigned_to}`);
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(sql`(f.description ilike ${p} or f.reporter_name ilike ${p}
      or f.customer_id in (select sc.id from customers sc where sc.name ilike ${p})
      or f.machine_id in (select sm.id from machines sm where sm.name ilike ${p} or sm.inventory_number ilike ${p}
        or sm.location_id in (select sl.id from locations sl where sl.name ilike ${p}))
      or f.reported_by in (select su.id from users su
        where ${fullName('su')} ilike ${p}))`);
  }
  return sql.join(filters, sql` and `);
}

function ownConditions(customerId: number, q: OwnMalfunctionListQuery): SQL {
  const filters: SQL[] = [sql`f.customer_id = ${customerId}`];
  if (q.status !== undefined) filters.push(sql`f.status = ${q.status}`);
  if (q.machine_id !== undefined) filters.push(sql`f.machine_id = ${q.machine_id}`);
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(sql`(f.description ilike ${p}
      or f.machine_id in (select sm.id from machines sm where sm.customer_id = ${customerId}
        and (sm.name ilike ${p} or sm.inventory_number ilike ${p})))`);
  }
  return sql.join(filters, sql` and `);
}

/**
 * The total of the office list without a search or a customer: the number of malfunctions of the
 * status, or of every status, as kept by triggers (kept_counts, migration 0021): exact at once and
 * a primary-key read, where an index-only count of the 10,000 Open ones took ~1.3 ms of a ~1.8 ms
 * page and the whole list's total (50,000) was PostgreSQL's estimate (pg_class.reltuples) that
 * lagged until the next ANALYZE. A customer or a search is counted.
 */
const keptTotal = (status: MalfunctionStatus | undefined) =>
  sql`(select sum(n)::int from kept_counts where key in (${sql.join(
    (status ? [status] : MALFUNCTION_STATUSES).map((s) => sql`${`malfunctions:${s}`}`),
    sql`, `,
  )}))`;

/** One page as JSON text with its total (one statement: the total is a scalar sub-select). */
async function page(
  db: Db,
  json: SQL,
  where: SQL,
  sort: { join: SQL; order: SQL; indexed?: boolean },
  q: { page: number; itemsPerPage: number; sortOrder: 'asc' | 'desc'; search?: string },
  /** The total when it is kept (keptTotal) instead of counted. */
  kept?: SQL,
) {
  const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  const order = sql`${sort.order} ${dir}, f.id ${dir}`;
  const limit = q.itemsPerPage;
  const offset = (q.page - 1) * q.itemsPerPage;
  // Newest first, a page reads its entries from an index and counts apart (an index-only count);
  // a search or another sort reads every match anyway, so it counts them in the same pass
  // (a window count) instead of evaluating the conditions twice.
  const onePass = Boolean(q.search) || !sort.indexed;
  const rows = await rowsOf<{ json: string; total: number }>(
    db,
    onePass
      ? sql`select ${json}::text as json, p.total
          from (select f.id, row_number() over (order by ${order}) as n, count(*) over ()::int as total
                from malfunctions f ${sort.join} where ${where}
                order by ${order} limit ${limit} offset ${offset}) p
          join malfunctions f on f.id = p.id
          order by p.n`
      : sql`select ${json}::text as json, ${kept ?? sql`(select count(*)::int from malfunctions f where ${where})`} as total
          from (select f.id, row_number() over (order by ${order}) as n
                from malfunctions f ${sort.join} where ${where}
                order by ${order} limit ${limit} offset ${offset}) p
          join malfunctions f on f.id = p.id
          order by p.n`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from malfunctions f where ${where}`,
    );
    total = row?.total ?? 0;
  }
  return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, count: rows.length, meta: pageMeta(total, q) };
}

/** The lists and the one malfunction the customer reads, and the office's open count. */
export function createMalfunctionLists(db: Db) {
  return {
    /** A malfunction of the customer as its customer sees it (one statement). */
    async own(customerId: number, id: number): Promise<unknown> {
      const [row] = await rowsOf<{ json: unknown }>(
        db,
        sql`select ${OWN_MALFUNCTION_JSON} as json from malfunctions f where f.id = ${id} and f.customer_id = ${customerId}`,
      );
      return row?.json;
    },

    ownList: (customerId: number, q: OwnMalfunctionListQuery) =>
      page(
        db,
        OWN_MALFUNCTION_JSON,
        ownConditions(customerId, q),
        q.sortKey === 'status' ? SORT.status : SORT.reported_at,
        q,
      ),

    list: (q: MalfunctionListQuery) =>
      page(
        db,
        MALFUNCTION_JSON,
        officeConditions(q),
        SORT[q.sortKey],
        q,
        q.search || q.customer_id !== undefined || q.late || q.assigned_to !== undefined
          ? undefined
          : keptTotal(q.status),
      ),

    /** Open and In behandeling, and how many of them are late (malfunctions_awaiting_idx). */
    async openCount(): Promise<{ count: number; late: number }> {
      const [row] = await rowsOf<{ count: number; late: number }>(
        db,
        sql`select (select count(*)::int from malfunctions where ${openMalfunction()}) as count,
              (select count(*)::int from malfunctions f where ${lateMalfunction('f')}) as late`,
      );
      return { count: row?.count ?? 0, late: row?.late ?? 0 };
    },
  };
}
