import { sql, type SQL } from 'drizzle-orm';
import type {
  CompletedReportExportQuery,
  CompletedReportListQuery,
  CompletedReportSortKey,
} from '@keurwijzer/shared/reports';
import type { Db } from '../../db/client';
import { likePattern, pageMeta, preparedByShape } from '../../lib/list-query';
import {
  COMPLETED_MEASUREMENT_JSON,
  COMPLETED_REPORT_EXPORT_JSON,
  COMPLETED_REPORT_JSON,
  COMPLETED_REPORT_SORT,
  type CompletedMeasurementRow,
  type CompletedReportExportRow,
} from './completed-reports.presenter';
import { fullName, rowsOf } from '../../db/sql-json';
import { isCurrentVersion } from '../../db/shared-facts';

/*
 * The submitted reports of every customer (the office's "Afgeronde rapporten"). A page is one
 * statement whose rows PostgreSQL builds as the API's JSON, with the total in every row.
 *
 * The page's ids are picked first and only those rows get the mechanic's name (a scalar
 * sub-select) and their skipped categories; customer, location and machine are the report's
 * snapshot (migration 0017: as they were when it was submitted). Newest first (the default), the
 * ids come in order from the partial index reports_submitted_idx (submitted_at, id) where status
 * = 'submitted', so page 1 reads 25 index entries; the filters and the search are conditions on
 * the report's own row: its copies of the list's customer and type (one range of the partial
 * indexes reports_submitted_customer_idx / _type_idx, newest first), the flag (the partial
 * reports_submitted_flag_idx), the snapshot's names (what the list shows, so a report is found by
 * the names it shows, not by a machine's or customer's name of today), and the mechanic through
 * the ids (a hashed sub-plan over users). A sort by a snapshot name joins nothing, a sort by the
 * mechanic joins users; either sorts every match.
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

type Selection = CompletedReportExportQuery;

/** The joins a sort by a name needs (only that name's table). */
const SORT_JOINS: Record<CompletedReportSortKey, SQL> = {
  submitted_at: sql``,
  // The names of a submitted report are its snapshot columns: no join.
  customer: sql``,
  location: sql``,
  machine: sql``,
  inspection_type: sql`join tasklists t on t.id = r.tasklist_id`,
  mechanic: sql`left join users u on u.id = r.filled_in_by`,
};

/**
 * A value of the statement: the value itself, or (`PLACEHOLDER`) the named placeholder of a
 * prepared statement, given when it runs.
 */
type Bind = (name: string, value: unknown) => SQL;
const VALUE: Bind = (_name, value) => sql`${value}`;
const PLACEHOLDER: Bind = (name) => sql`${sql.placeholder(name)}`;

/** The filters and the search, as conditions on the report's own row `r`. */
function conditions(q: Selection, b: Bind = VALUE) {
  // Only current versions: a version replaced by a submitted correction is no longer the report.
  const filters: SQL[] = [sql`r.status = 'submitted'`, isCurrentVersion('r')];
  // The report's copies of its list's customer and type: one range of reports_submitted_customer_idx / _type_idx.
  if (q.customer_id !== undefined) filters.push(sql`r.customer_id = ${b('customer_id', q.customer_id)}`);
  if (q.inspection_type !== undefined)
    filters.push(sql`r.inspection_type = ${b('inspection_type', q.inspection_type)}`);
  if (q.mechanic_id !== undefined) filters.push(sql`r.filled_in_by = ${b('mechanic_id', q.mechanic_id)}`);
  // Every submitted report has a verdict (the report_verdict trigger): one range of
  // reports_submitted_verdict_idx (verdict, submitted_at, id), newest first (migration 0030).
  if (q.verdict !== undefined) filters.push(sql`r.verdict = ${b('verdict', q.verdict)}`);
  // The flag as a literal (part of a prepared statement's shape): a plan for a parameter could not
  // use the partial index reports_submitted_flag_idx.
  if (q.not_at_location !== undefined)
    filters.push(q.not_at_location ? sql`r.not_at_location` : sql`not r.not_at_location`);
  if (q.search) {
    const p = b('search', likePattern(q.search));
    // The customer, location and machine as the list shows them: the report's snapshot.
    filters.push(sql`(r.snapshot_machine_name ilike ${p} or r.snapshot_inventory_number ilike ${p}
      or r.snapshot_customer_name ilike ${p} or r.snapshot_location_name ilike ${p}
      or r.filled_in_by in (select su.id from users su where ${fullName('su')} ilike ${p}))`);
  }
  // (The status and the current version are every selection's; more narrows it.)
  return { where: sql.join(filters, sql` and `), narrowed: filters.length > 2 };
}

/** The total of a selection as one scalar sub-select (see the comment at the top). */
function totalOf(q: Selection, cap: number, b: Bind = VALUE): SQL {
  const { where, narrowed } = conditions(q, b);
  const byListOnly =
    (q.customer_id !== undefined || q.inspection_type !== undefined) &&
    q.mechanic_id === undefined &&
    q.verdict === undefined &&
    q.not_at_location === undefined &&
    !q.search;
  if (byListOnly) {
    // Filtered by customer and/or type only: the task lists' own submitted_count (kept by the
    // triggers of migration 0010 in the same transaction as every submit), summed over the
    // customer's or the type's lists, is the exact total without counting the reports.
    const lists: SQL[] = [];
    if (q.customer_id !== undefined) lists.push(sql`ft.customer_id = ${b('customer_id', q.customer_id)}`);
    if (q.inspection_type !== undefined)
      lists.push(sql`ft.inspection_type = ${b('inspection_type', q.inspection_type)}`);
    return sql`(select coalesce(sum(ft.submitted_count), 0)::int from tasklists ft where ${sql.join(lists, sql` and `)})`;
  }
  const counted = sql`(select count(*)::int from reports r where ${where})`;
  if (narrowed) return counted;
  // The count is an InitPlan in a CASE branch: PostgreSQL runs it only when that branch is taken.
  return sql`(select case when e.n > ${b('cap', cap)} then e.n::int else ${counted} end
    from (select reltuples as n from pg_class where oid = 'reports_submitted_idx'::regclass) e)`;
}

/**
 * One page (or export batch) of a selection: `json` per row and the total (when a cap is given)
 * as columns over `from`, in the list's order `p.n`.
 */
function pageParts(q: Selection, json: SQL, limit: number, offset: number, cap: number | null, b: Bind = VALUE) {
  const { where } = conditions(q, b);
  const dir = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  const total = cap === null ? sql`null::int` : totalOf(q, cap, b);
  const order =
    q.sortKey === 'submitted_at'
      ? sql`r.submitted_at ${dir}, r.id ${dir}`
      : sql`${COMPLETED_REPORT_SORT[q.sortKey]} ${dir} nulls last, r.id ${dir}`;
  const picked = sql`select r.id, row_number() over (order by ${order}) as n
    from reports r ${SORT_JOINS[q.sortKey]} where ${where}
    order by ${order} limit ${b('limit', limit)} offset ${b('offset', offset)}`;
  const from = sql`(${picked}) p
    join reports r on r.id = p.id
    join tasklists t on t.id = r.tasklist_id`;
  return { json: sql`${json}::text`, total, from };
}

/** The statement of one page (or export batch) of a selection (see pageParts). */
function pageStatement(q: Selection, json: SQL, limit: number, offset: number, cap: number | null): SQL {
  const parts = pageParts(q, json, limit, offset, cap);
  return sql`select ${parts.json} as json, ${parts.total} as total from ${parts.from} order by p.n`;
}

/** `countCap`: COUNT_CAP unless a test wants to pass it with a few reports. */
export function createCompletedReportsRepository(db: Db, { countCap = COUNT_CAP }: { countCap?: number } = {}) {
  /*
   * A page without a search is a named prepared statement per shape (sort, direction, which
   * filters, the flag's value): Drizzle builds its SQL once and PostgreSQL parses it once per
   * connection (and may keep a generic plan) instead of on every request. A search keeps a
   * statement of its own values: a generic plan cannot judge a LIKE pattern.
   */
  const prepared = preparedByShape<ReturnType<typeof buildPage>>('completed_reports_page');
  function buildPage(q: Selection, name: string) {
    const parts = pageParts(q, COMPLETED_REPORT_JSON, 0, 0, countCap, PLACEHOLDER);
    return db
      .select({ json: sql<string>`${parts.json}`, total: sql<number>`${parts.total}` })
      .from(parts.from)
      .orderBy(sql`p.n`)
      .prepare(name);
  }

  async function page(q: CompletedReportListQuery): Promise<{ json: string; total: number }[]> {
    const limit = q.itemsPerPage;
    const offset = (q.page - 1) * q.itemsPerPage;
    if (q.search) return rowsOf(db, pageStatement(q, COMPLETED_REPORT_JSON, limit, offset, countCap));
    const shape = [
      q.sortKey,
      q.sortOrder,
      q.customer_id !== undefined ? 'customer' : '',
      q.inspection_type !== undefined ? 'type' : '',
      q.mechanic_id !== undefined ? 'mechanic' : '',
      q.verdict !== undefined ? 'verdict' : '',
      q.not_at_location === undefined ? '' : `flag-${q.not_at_location}`,
    ].join(':');
    return prepared(shape, (name) => buildPage(q, name)).execute({
      customer_id: q.customer_id,
      inspection_type: q.inspection_type,
      mechanic_id: q.mechanic_id,
      verdict: q.verdict,
      limit,
      offset,
      cap: countCap,
    });
  }

  return {
    /** One page of the completed reports as one JSON array text, with the meta (one statement). */
    async list(q: CompletedReportListQuery) {
      const rows = await page(q);
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

    /**
     * The measurements of the export's reports (the "Metingen" sheet), in the list's order and
     * then the report's (category, question), a batch of reports at a time: the same selection
     * read a second time, after the reports' sheet is written, so memory stays flat. Measurements
     * of skipped categories and without a value are left out.
     */
    async *exportMeasurements(q: CompletedReportExportQuery): AsyncGenerator<CompletedMeasurementRow[]> {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const parts = pageParts(q, sql`null`, EXPORT_BATCH, offset, null);
        const rows = await rowsOf<{ json: string | null; n: number }>(
          db,
          sql`select p.n, case when rq.id is null then null else (${COMPLETED_MEASUREMENT_JSON})::text end as json
            from ${parts.from}
            left join report_questions rq on rq.report_id = r.id and rq.kind = 'measurement'
              and not exists (select 1 from report_categories rc where rc.id = rq.report_category_id and rc.skipped)
              and exists (select 1 from report_answers a where a.report_question_id = rq.id and a.value is not null)
            left join report_answers ra on ra.report_question_id = rq.id
            order by p.n, (select rc.position from report_categories rc where rc.id = rq.report_category_id),
              rq.position, rq.id`,
        );
        if (rows.length === 0) return;
        // A report without measurements is one row without json (it still counts toward the batch).
        const measured = rows.filter((r) => r.json !== null);
        if (measured.length > 0) {
          yield JSON.parse(`[${measured.map((r) => r.json).join(',')}]`) as CompletedMeasurementRow[];
        }
        // A batch of reports is done when fewer than a batch of report rows came back.
        if (new Set(rows.map((r) => r.n)).size < EXPORT_BATCH) return;
      }
    },
  };
}

export type CompletedReportsRepository = ReturnType<typeof createCompletedReportsRepository>;
