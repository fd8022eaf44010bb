import { createHash } from 'node:crypto';
import { and, asc, desc, getTableName, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PageMeta, SortOrder } from '@keurwijzer/shared/api';

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `col1 ILIKE %s% OR col2 ILIKE %s% ...`, or undefined without a search term. */
export function searchCondition(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** ORDER BY the whitelisted column, then the tiebreaker so pages never overlap. */
export function orderBy<K extends string>(
  sortKey: K,
  sortOrder: SortOrder,
  columns: Record<K, AnyColumn | SQL>,
  tiebreaker: AnyColumn,
): SQL[] {
  const dir = sortOrder === 'desc' ? desc : asc;
  return [dir(columns[sortKey]), dir(tiebreaker)];
}

export const allOf = (...conditions: (SQL | undefined)[]): SQL | undefined => and(...conditions.filter(Boolean));

/** The list meta of the API conventions (`total`, `page`, `itemsPerPage`, `lastPage`). */
export const pageMeta = (total: number, query: { page: number; itemsPerPage: number }): PageMeta => ({
  total,
  page: query.page,
  itemsPerPage: query.itemsPerPage,
  lastPage: Math.max(1, Math.ceil(total / query.itemsPerPage)),
});

/**
 * Runs the count and the page query side by side and builds the list meta. For small lists;
 * a busy list carries its total in the page statement instead (`totalOf`).
 */
export async function paginate<T>(
  query: { page: number; itemsPerPage: number },
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ data: T[]; meta: PageMeta }> {
  const { page, itemsPerPage } = query;
  const [total, data] = await Promise.all([count(), rows(itemsPerPage, (page - 1) * itemsPerPage)]);
  return { data, meta: pageMeta(total, query) };
}

/**
 * The total of a list whose page rows carry it (a `count(*)` sub-select in the page statement:
 * one round trip and one connection, not two). Past the last page no row carries it: then the
 * list's first row is asked for it (rare).
 */
export async function totalOf(
  rows: { total: number }[],
  page: number,
  firstRow: () => Promise<{ total: number }[]>,
): Promise<number> {
  return rows[0]?.total ?? (page > 1 ? ((await firstRow())[0]?.total ?? 0) : 0);
}

/**
 * A column with its table name, for correlated sub-selects: Drizzle leaves columns unqualified
 * in a one-table select, where "id" would then mean the sub-select's own id.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * Prepared list statements by shape. A list's SQL depends only on its shape (the sort, which
 * filters are set, search or not); its values are placeholders. Each shape is built once and kept
 * as a named prepared statement: Drizzle does not build the SQL again, and PostgreSQL parses and
 * plans it once per connection instead of for every request. The name comes from the shape key,
 * so every repository (and every connection) gives one shape one name. The number of shapes is
 * bounded by the combinations of sort keys and filters.
 */
export function preparedByShape<T>(prefix: string): (shape: string, build: (name: string) => T) => T {
  const shapes = new Map<string, T>();
  return (shape, build) => {
    let prepared = shapes.get(shape);
    if (!prepared) {
      prepared = build(`${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`);
      shapes.set(shape, prepared);
    }
    return prepared;
  };
}
