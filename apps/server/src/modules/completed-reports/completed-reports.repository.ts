import { sql, type SQL } from 'drizzle-orm';
import type { CompletedReportExportQuery, CompletedReportListQuery } from '@keurwijzer/shared/reports';
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
 * mechanic) and their skipped categories. Newest first without a search (the default page, with
 * or without filters), the ids come in order from the partial index reports_submitted_idx
 * (submitted_at, id) where status = 'submitted', so page 1 reads 25 index entries. A search or a
 * sort by a name needs the names of every match first.
 *
 * The total: counting 400,000 submitted reports on every request costs more than the page
 * itself (docs/architecture.md has the figures), so PostgreSQL counts at most COUNT_CAP + 1
 * matches; up to COUNT_CAP the total is exact. Beyond it an unfiltered list takes PostgreSQL's
 * own figure of the partial index's entries (pg_class.reltuples, kept by VACUUM and ANALYZE:
 * an estimate, never below COUNT_CAP + 1), and a filtered or searched list is counted exactly
 * (only then: the count sits in a CASE branch that runs when the cap is passed).
 */

/** Up to this many matches the total is counted exactly on every request. */
export const COUNT_CAP = 10_000;

/** Rows per query of the export: bounded memory whatever the number of reports. */
const EXPORT_BATCH = 1000;

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A report `r` with its task list, customer, location, machine and who filled it in. */
const NAMED = sql`reports r
  join tasklists t on t.id = r.tasklist_id
  join customers c on c.id = t.customer_id
  join locations l on l.id = t.location_id
  join machines m on m.id = r.machine_id
  left join users u on u.id = r.filled_in_by`;

type Selection = CompletedReportExportQuery;

/** The filters, on the report's own row (the task list's through its id), and the search on the names. */
function conditions(q: Selection) {
  const filters: SQL[] = [sql`r.status = 'submitted'`];
  if (q.customer_id !== undefined)
    filters.push(sql`r.tasklist_id in (select ft.id from tasklists ft where ft.customer_id = ${q.customer_id})`);
  if (q.inspection_type !== undefined)
    filters.push(
      sql`r.tasklist_id in (select ft.id from tasklists ft where ft.inspection_type = ${q.inspection_type})`,
    );
  if (q.mechanic_id !== undefined) filters.push(sql`r.filled_in_by = ${q.mechanic_id}`);
  if (q.not_at_location !== undefined) filters.push(sql`r.not_at_location = ${q.not_at_location}`);
  const filtered = filters.length > 1;
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(sql`(c.name ilike ${p} or l.name ilike ${p} or m.name ilike ${p} or m.inventory_number ilike ${p}
      or ${fullName('u')} ilike ${p})`);
  }
  return { where: sql.join(filters, sql` and `), filtered, searched: Boolean(q.search) };
}

/** The total of a selection as one scalar sub-select (see the comment at the top). */
function totalOf(q: Selection, cap: number): SQL {
  const { where, filtered, searched } = conditions(q);
  const from = searched ? NAMED : sql`reports r`;
  const beyondCap =
    filtered || searched
      ? sql`(select count(*) from ${from} where ${where})`
      : sql`(select reltuples from pg_class where oid = 'reports_submitted_idx'::regclass)`;
  return sql`(select case when k.n <= ${cap} then k.n else greatest(${cap + 1}, ${beyondCap})::int end
    from (select count(*)::int as n from (select 1 from ${from} where ${where} limit ${cap + 1}) capped) k)`;
}

/**
 * The statement of one page (or export batch) of a selection: `json` per row in the list's
 * order, with the total when asked.
 */
function pageStatement(q: Selection, json: SQL, limit: number, offset: number, cap: number | null): SQL {
  const { where, searched } = conditions(q);
  const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  const total = cap === null ? sql`null::int` : totalOf(q, cap);
  const page = sql`limit ${limit} offset ${offset}`;
  let picked: SQL;
  if (!searched && q.sortKey === 'submitted_at') {
    // Newest (or oldest) first from the partial index; the filters are on the report's row.
    const order = sql`r.submitted_at ${dir}, r.id ${dir}`;
    picked = sql`select r.id, row_number() over (order by ${order}) as n from reports r where ${where}
      order by ${order} ${page}`;
  } else {
    const order = sql`${COMPLETED_REPORT_SORT[q.sortKey]} ${dir} nulls last, r.id ${dir}`;
    picked = sql`select r.id, row_number() over (order by ${order}) as n from ${NAMED} where ${where}
      order by ${order} ${page}`;
  }
  return sql`select ${json}::text as json, ${total} as total
    from (${picked}) p
    join reports r on r.id = p.id
    join tasklists t on t.id = r.tasklist_id
    join customers c on c.id = t.customer_id
    join locations l on l.id = t.location_id
    join machines m on m.id = r.machine_id
    left join users u on u.id = r.filled_in_by
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
