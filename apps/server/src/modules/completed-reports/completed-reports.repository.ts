import { sql, type SQL } from 'drizzle-orm';
import type {
  CompletedReportExportQuery,
  CompletedReportListQuery,
  CompletedReportSortKey,
} from '@keurwijzer/shared/reports';
import type { Db, Executor } from '../../db/client';
import { likePattern, pageMeta } from '../../lib/list-query';
import {
  COMPLETED_REPORT_EXPORT_JSON,
  COMPLETED_REPORT_JSON,
  COMPLETED_REPORT_SORT,
  fullName,
  type CompletedReportExportRow,
} from './completed-reports.presenter';

/*
 * The submitted reports of every customer (the office's "Afgeronde rapporten"). A page is one
 * statement whose rows PostgreSQL builds as the API's JSON, with the total in every row.
 *
 * The page's ids are picked first and only those rows get names (customer, location, machine,
 * mechanic, by scalar sub-selects) and their skipped categories. Newest first (the default), the
 * ids come in order from the partial index reports_submitted_idx (submitted_at, id) where status
 * = 'submitted', so page 1 reads 25 index entries; the filters and the search are conditions on
 * the report's own row: its copies of the list's customer and type (one range of the partial
 * indexes reports_submitted_customer_idx / _type_idx, newest first), the flag (the partial
 * reports_submitted_flag_idx), and the machine's and the mechanic's through their ids (hashed
 * sub-plans over those small tables), so they never join the names of every report. A sort by a
 * name joins only the table of that name, and sorts every match.
 *
 * The total: counting 320,000 submitted reports on every request costs more than the page itself
 * (docs/architecture.md has the figures). The whole list (no filter, no search) takes
 * PostgreSQL's own figure of the partial index's entries (pg_class.reltuples, kept by VACUUM and
 * ANALYZE: an estimate) once it says more than COUNT_CAP, and is counted otherwise (a new
 * installation, or statistics not gathered yet). Filtered by customer and/or type only, the total
 * is exact without counting reports: the sum of those task lists' submitted_count (kept by
 * triggers in every submit's transaction; tasklists_type_idx makes a type's sum index-only over
 * ~5,000 lists instead of a count over ~95,000 reports). Any other filter or a search is counted.
 */

/** Above this many submitted reports (by the statistics) the whole list's total is PostgreSQL's estimate. */
export const COUNT_CAP = 10_000;

/** Rows per query of the export: bounded memory whatever the number of reports. */
const EXPORT_BATCH = 1000;

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

type Selection = CompletedReportExportQuery;

/** The joins a sort by a name needs (only that name's table). */
const SORT_JOINS: Record<CompletedReportSortKey, SQL> = {
  submitted_at: sql``,
  customer: sql`join tasklists t on t.id = r.tasklist_id join customers c on c.id = t.customer_id`,
  location: sql`join tasklists t on t.id = r.tasklist_id join locations l on l.id = t.location_id`,
  machine: sql`join machines m on m.id = r.machine_id`,
  inspection_type: sql`join tasklists t on t.id = r.tasklist_id`,
  mechanic: sql`left join users u on u.id = r.filled_in_by`,
};

/** The filters and the search, as conditions on the report's own row `r`. */
function conditions(q: Selection) {
  const filters: SQL[] = [sql`r.status = 'submitted'`];
  // The report's copies of its list's customer and type: one range of reports_submitted_customer_idx / _type_idx.
  if (q.customer_id !== undefined) filters.push(sql`r.customer_id = ${q.customer_id}`);
  if (q.inspection_type !== undefined) filters.push(sql`r.inspection_type = ${q.inspection_type}`);
  if (q.mechanic_id !== undefined) filters.push(sql`r.filled_in_by = ${q.mechanic_id}`);
  if (q.not_at_location !== undefined) filters.push(sql`r.not_at_location = ${q.not_at_location}`);
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(sql`(r.machine_id in (select sm.id from machines sm where sm.name ilike ${p} or sm.inventory_number ilike ${p})
      or r.tasklist_id in (select st.id from tasklists st
        where st.customer_id in (select sc.id from customers sc where sc.name ilike ${p})
          or st.location_id in (select sl.id from locations sl where sl.name ilike ${p}))
      or r.filled_in_by in (select su.id from users su where ${fullName('su')} ilike ${p}))`);
  }
  return { where: sql.join(filters, sql` and `), narrowed: filters.length > 1 };
}

/** The total of a selection as one scalar sub-select (see the comment at the top). */
function totalOf(q: Selection, cap: number): SQL {
  const { where, narrowed } = conditions(q);
  const byListOnly =
    (q.customer_id !== undefined || q.inspection_type !== undefined) &&
    q.mechanic_id === undefined &&
    q.not_at_location === undefined &&
    !q.search;
  if (byListOnly) {
    // Filtered by customer and/or type only: the task lists' own submitted_count (kept by the
    // triggers of migration 0010 in the same transaction as every submit), summed over the
    // customer's or the type's lists, is the exact total without counting the reports.
    const lists: SQL[] = [];
    if (q.customer_id !== undefined) lists.push(sql`ft.customer_id = ${q.customer_id}`);
    if (q.inspection_type !== undefined) lists.push(sql`ft.inspection_type = ${q.inspection_type}`);
    return sql`(select coalesce(sum(ft.submitted_count), 0)::int from tasklists ft where ${sql.join(lists, sql` and `)})`;
  }
  const counted = sql`(select count(*)::int from reports r where ${where})`;
  if (narrowed) return counted;
  // The count is an InitPlan in a CASE branch: PostgreSQL runs it only when that branch is taken.
  return sql`(select case when e.n > ${cap} then e.n::int else ${counted} end
    from (select reltuples as n from pg_class where oid = 'reports_submitted_idx'::regclass) e)`;
}

/**
 * The statement of one page (or export batch) of a selection: `json` per row in the list's
 * order, with the total when a cap is given.
 */
function pageStatement(q: Selection, json: SQL, limit: number, offset: number, cap: number | null): SQL {
  const { where } = conditions(q);
  const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  const total = cap === null ? sql`null::int` : totalOf(q, cap);
  const order =
    q.sortKey === 'submitted_at'
      ? sql`r.submitted_at ${dir}, r.id ${dir}`
      : sql`${COMPLETED_REPORT_SORT[q.sortKey]} ${dir} nulls last, r.id ${dir}`;
  const picked = sql`select r.id, row_number() over (order by ${order}) as n
    from reports r ${SORT_JOINS[q.sortKey]} where ${where}
    order by ${order} limit ${limit} offset ${offset}`;
  return sql`select ${json}::text as json, ${total} as total
    from (${picked}) p
    join reports r on r.id = p.id
    join tasklists t on t.id = r.tasklist_id
    order by p.n`;
}

/** `countCap`: COUNT_CAP unless a test wants to pass it with a few reports. */
export function createCompletedReportsRepository(db: Db, { countCap = COUNT_CAP }: { countCap?: number } = {}) {
  return {
    /** One page of the completed reports as one JSON array text, with the meta (one statement). */
    async list(q: CompletedReportListQuery) {
      const rows = await rowsOf<{ json: string; total: number }>(
        db,
        pageStatement(q, COMPLETED_REPORT_JSON, q.itemsPerPage, (q.page - 1) * q.itemsPerPage, countCap),
      );
      // Past the last page no row carries the total: ask for it (rare).
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && q.page > 1) {
        const [row] = await rowsOf<{ total: number }>(db, sql`select ${totalOf(q, countCap)} as total`);
        total = row?.total ?? 0;
      }
      return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, count: rows.length, meta: pageMeta(total, q) };
    },

    /** The reports of the export in the list's order, a batch at a time. */
    async *exportRows(q: CompletedReportExportQuery): AsyncGenerator<CompletedReportExportRow[]> {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const rows = await rowsOf<{ json: string }>(
          db,
          pageStatement(q, COMPLETED_REPORT_EXPORT_JSON, EXPORT_BATCH, offset, null),
        );
        if (rows.length === 0) return;
        yield JSON.parse(`[${rows.map((r) => r.json).join(',')}]`) as CompletedReportExportRow[];
        if (rows.length < EXPORT_BATCH) return;
      }
    },
  };
}

export type CompletedReportsRepository = ReturnType<typeof createCompletedReportsRepository>;
