import { and, count, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PageMeta, SortOrder } from '@keurwijzer/shared/api';
import type { Db, Executor } from '../db/client';
import { conflict, fieldError, isForeignKeyViolation, isUniqueViolation, notFound } from './errors';
import { allOf, orderBy, paginate, searchCondition } from './list-query';

/** A table the CRUD helpers can serve: an integer id and timestamps. */
export type CrudTable = PgTable & { id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

/** The 409 text when something referring to an item appeared after its in-use check. */
const IN_USE = 'Dit item wordt nog gebruikt en kan niet worden verwijderd.';

type ListParams = { page: number; itemsPerPage: number; search?: string; sortKey: string; sortOrder: SortOrder };

export type CrudRepositoryConfig<TRow, TOut, TIn, TQuery extends ListParams> = {
  db: Db;
  table: CrudTable;
  /** The select shape; may hold count sub-queries (one query for a whole page, no query per row). */
  select: Record<string, PgColumn | SQL | SQL.Aliased>;
  present: (row: TRow) => TOut;
  /** The columns an input writes. */
  values: (input: TIn) => Record<string, unknown>;
  sortColumns: Record<TQuery['sortKey'], AnyColumn | SQL>;
  searchColumns: (AnyColumn | SQL)[];
  /** Extra list filters of this entity (status, type ...). */
  filters?: (query: TQuery) => SQL | undefined;
  /** The parent id column of a nested resource (brand types: brand_id). */
  scopeColumn?: PgColumn;
  /** A name that must be unique (within the scope), compared without case. */
  unique?: {
    column: PgColumn;
    field: string;
    message: string;
    /** Its unique index, for the race the check cannot see. */ constraint: string;
  };
  /** Why an item cannot be deleted (409), or null when it is unused. */
  inUse?: (id: number, tx: Executor) => Promise<string | null>;
};

/**
 * List, read, create, update and delete of one table, for the many alike master-data entities:
 * each declares its columns, presenter, search and sort whitelist, uniqueness and in-use rule.
 * `scope` is the parent id of a nested resource; a row outside the scope does not exist (404).
 */
export function createCrudRepository<TRow, TOut, TIn, TQuery extends ListParams>(
  config: CrudRepositoryConfig<TRow, TOut, TIn, TQuery>,
) {
  const { db, table } = config;
  const inScope = (scope?: number) =>
    config.scopeColumn && scope !== undefined ? eq(config.scopeColumn, scope) : undefined;

  async function assertUnique(input: TIn, scope: number | undefined, exceptId: number | undefined, tx: Executor) {
    if (!config.unique) return;
    const value = config.values(input)[columnKey(table, config.unique.column)];
    if (typeof value !== 'string') return;
    const [row] = await tx
      .select({ n: count() })
      .from(table)
      .where(
        allOf(
          sql`lower(${config.unique.column}) = lower(${value})`,
          inScope(scope),
          exceptId !== undefined ? ne(table.id, exceptId) : undefined,
        ),
      );
    if ((row?.n ?? 0) > 0) throw fieldError(config.unique.field, config.unique.message);
  }

  async function find(id: number, scope: number | undefined, tx: Executor = db): Promise<TOut> {
    const rows = (await tx
      .select(config.select)
      .from(table)
      .where(and(eq(table.id, id), inScope(scope)))
      .limit(1)) as TRow[];
    if (!rows[0]) throw notFound();
    return config.present(rows[0]);
  }

  /**
   * Locks the row for the rest of the transaction, or 404 when it is not there (in the scope). A
   * concurrent delete or update of the same row waits for this transaction and then sees what it
   * left: of ten deletes at once one deletes, the others find nothing (404). A delete locks FOR
   * UPDATE, which also waits for rows being added that refer to it (their foreign-key check), so
   * the in-use check sees them; an update locks FOR NO KEY UPDATE, which lets those go on.
   */
  async function lock(id: number, scope: number | undefined, tx: Executor, strength: 'update' | 'no key update') {
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), inScope(scope)))
      .for(strength);
    if (!row) throw notFound();
  }

  /** A concurrent insert of the same name passes the check but hits the unique index: same 422. */
  async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (config.unique && isUniqueViolation(err, config.unique.constraint)) {
        throw fieldError(config.unique.field, config.unique.message);
      }
      throw err;
    }
  }

  return {
    async list(query: TQuery, scope?: number) {
      const where = allOf(inScope(scope), searchCondition(query.search, config.searchColumns), config.filters?.(query));
      return paginate(
        query,
        async () => (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0,
        async (limit, offset) => {
          const rows = (await db
            .select(config.select)
            .from(table)
            .where(where)
            .orderBy(...orderBy(query.sortKey as TQuery['sortKey'], query.sortOrder, config.sortColumns, table.id))
            .limit(limit)
            .offset(offset)) as TRow[];
          return rows.map(config.present);
        },
      );
    },

    get: (id: number, scope?: number) => find(id, scope),

    async create(input: TIn, scope?: number): Promise<TOut> {
      try {
        return await guardUnique(() =>
          db.transaction(async (tx) => {
            await assertUnique(input, scope, undefined, tx);
            const values = {
              ...config.values(input),
              ...(config.scopeColumn ? { [columnKey(table, config.scopeColumn)]: scope } : {}),
            };
            const [row] = (await tx.insert(table).values(values).returning({ id: table.id })) as { id: number }[];
            return find(row!.id, scope, tx);
          }),
        );
      } catch (err) {
        // The parent was deleted by a concurrent request after the route checked it: 404, not 500.
        if (config.scopeColumn && isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
    },

    async update(id: number, input: TIn, scope?: number): Promise<TOut> {
      return guardUnique(() =>
        db.transaction(async (tx) => {
          await lock(id, scope, tx, 'no key update');
          await assertUnique(input, scope, id, tx);
          await tx
            .update(table)
            .set({ ...config.values(input), updatedAt: new Date() })
            .where(eq(table.id, id));
          return find(id, scope, tx);
        }),
      );
    },

    async remove(id: number, scope?: number): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          await lock(id, scope, tx, 'update');
          const reason = await config.inUse?.(id, tx);
          if (reason) throw conflict(reason);
          const deleted = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
          if (deleted.length === 0) throw notFound();
        });
      } catch (err) {
        // Something referring to it was added by a concurrent request after the in-use check
        // (the foreign key refuses the delete): the same 409, with the reason as it is now.
        if (!isForeignKeyViolation(err)) throw err;
        throw conflict((await config.inUse?.(id, db)) ?? IN_USE);
      }
    },
  };
}

export type CrudRepository<TOut, TIn, TQuery> = {
  list(query: TQuery, scope?: number): Promise<{ data: TOut[]; meta: PageMeta }>;
  get(id: number, scope?: number): Promise<TOut>;
  create(input: TIn, scope?: number): Promise<TOut>;
  update(id: number, input: TIn, scope?: number): Promise<TOut>;
  remove(id: number, scope?: number): Promise<void>;
};

/** The property name of a column in its table object (values() returns property names). */
function columnKey(table: PgTable, column: PgColumn): string {
  for (const [key, value] of Object.entries(table)) if (value === column) return key;
  throw new Error(`column ${column.name} is not in table`);
}
