import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { auditedPglite, auditedPool } from './audit-tags';
import { acquireDirLock } from './dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<
  Db,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query' | '$count'
>;

/** A statement's rows, as `pg` and PGlite both answer. */
export type SqlResult = { rows: Record<string, unknown>[] };
/** Plain SQL next to Drizzle: for a library that brings its own statements (pg-boss, lib/mail-queue.ts). */
export type SqlExecutor = {
  /** One statement with `$1` parameters; without values also several statements at once. */
  query(text: string, values?: unknown[]): Promise<SqlResult>;
};
export type SqlClient = SqlExecutor & {
  /** `work` in one transaction (PGlite: the one connection's; PostgreSQL: a pooled connection's). */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The same database for plain SQL. */
  sql: SqlClient;
  /**
   * Routine upkeep: PGlite runs no autovacuum, so without this its planner statistics stay
   * empty (bad plans) and dead rows (sessions) are never reclaimed. PostgreSQL: nothing to do.
   */
  maintain(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now (in use, idle, requests waiting for one); PGlite has one connection and no pool. */
  pool?: () => { inUse: number; idle: number; waiting: number };
  /**
   * PGlite: a consistent copy of the whole database while the app runs (lib/backup.ts), as
   * PGlite's gzipped data directory. PostgreSQL has pg_dump for this.
   */
  snapshot?: () => Promise<Blob>;
};

/** Options of openPglite/openPostgres. */
export type OpenOptions = {
  /**
   * Called with every SQL statement the app's Drizzle instance sends (not migrations). Tests
   * count queries per request with it ("no query per row"); production leaves it unset.
   */
  onQuery?: (sql: string, params: unknown[]) => void;
  /**
   * PostgreSQL: an idle pooled connection that breaks (server restart, connection killed).
   * The pool drops it and opens a new one when needed; default: a line on stderr.
   */
  onIdleError?: (err: Error) => void;
  /**
   * PGlite in memory: start from this dump of an already migrated database (PGlite's
   * dumpDataDir) instead of an empty one. The test suite migrates once per run and loads the
   * dump for every test file (test/global-setup.ts); the migrations then find nothing to do.
   */
  template?: Blob;
  /**
   * false: the audit trail's triggers write nothing on this database's connections (the session
   * setting keurwijzer.audit=off). Only the bench, to measure what the trail costs; default on.
   */
  auditTrail?: boolean;
};

const loggerOf = (opts: OpenOptions) =>
  opts.onQuery ? { logQuery: (query: string, params: unknown[]) => opts.onQuery!(query, params) } : undefined;

/** Finds the drizzle/ folder from src/db (dev, tests) as well as from dist/ (the built server). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** The number of migrations this build brings (drizzle/meta/_journal.json). */
export function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Embedded PGlite in `dataDir` (null: in memory), locked against a second process. */
export async function openPglite(dataDir: string | null, opts: OpenOptions = {}): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDirLock(dataDir);
  }
  try {
    // pg_trgm backs the trigram index of the user search (migration 0001). One options object:
    // PGlite.create(undefined, options) ignores the options.
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      extensions: { pg_trgm },
      ...(opts.template && !dataDir ? { loadDataDir: opts.template } : {}),
    });
    if (opts.auditTrail === false) await client.exec("set keurwijzer.audit = 'off'");
    auditedPglite(client);
    const db = drizzlePglite({ client, schema, logger: loggerOf(opts) }) as unknown as Db;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
    const maintain = async () => {
      await client.exec('VACUUM (ANALYZE)');
    };
    // A template was analysed before it was dumped.
    if (!opts.template) await maintain();
    return {
      db,
      kind: 'pglite',
      sql: pgliteSql(client),
      maintain,
      snapshot: () => snapshotOf(client),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The data directory of a running PGlite, consistent: PGlite's own locks are held, so no
 * transaction is half done and no statement runs until the copy is made, and a checkpoint first
 * writes every changed page to the files (the copy needs no recovery, like PGlite's clone()).
 */
function snapshotOf(client: PGlite): Promise<Blob> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      await client.execProtocol(protocol.serialize.query('CHECKPOINT'));
      return client.dumpDataDir('gzip');
    }),
  );
}

/** Fills the empty `dataDir` (DATA_DIR) with a snapshot's database; the app migrates it at its next start. */
export async function restorePgliteSnapshot(dataDir: string, snapshot: Blob): Promise<void> {
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pgdata'),
    extensions: { pg_trgm },
    loadDataDir: snapshot,
  });
  await client.close();
}

/** A dump of a new in-memory PGlite database, migrated and analysed (the tests' template: OpenOptions.template). */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
    await client.exec('VACUUM (ANALYZE)');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** PostgreSQL through a pool; migrations run under an advisory lock so several processes may start at once. */
export async function openPostgres(url: string, poolSize = 10, opts: OpenOptions = {}): Promise<Database> {
  // JIT compilation pays off for long analytical queries, not for this app's short statements:
  // with PostgreSQL's default `jit=on` a statement whose estimated cost passes `jit_above_cost`
  // (a status filter over every task list) spent ~30 ms compiling before a 5 ms execution.
  // Off per connection, so it holds on any server whatever its configuration.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: opts.auditTrail === false ? '-c jit=off -c keurwijzer.audit=off' : '-c jit=off',
  });
  // Without a listener the pool's 'error' event (an idle connection lost) crashes the process.
  pool.on(
    'error',
    opts.onIdleError ?? ((err) => console.error(`PostgreSQL: idle connection lost (${err.message}); reconnecting`)),
  );
  // Before the first connection: every connection gets the tagging query (the migrations' one is reused).
  auditedPool(pool);
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg({ client: conn }), { migrationsFolder: migrationsFolder() });
  } finally {
    await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
    conn.release();
  }
  const db = drizzlePg({ client: pool, schema, logger: loggerOf(opts) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    sql: poolSql(pool),
    maintain: async () => {},
    close: () => pool.end(),
    pool: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

type PgliteLike = Pick<PGlite, 'query' | 'exec'>;
/** PGlite's `query` takes one statement; statements without parameters go through `exec` (several at once). */
const pgliteExecutor = (client: PgliteLike): SqlExecutor => ({
  async query(text, values) {
    if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  },
});

function pgliteSql(client: PGlite): SqlClient {
  return {
    ...pgliteExecutor(client),
    transaction: (work) => client.transaction((tx) => work(pgliteExecutor(tx))),
  };
}

function poolSql(pool: pg.Pool): SqlClient {
  return {
    query: (text, values) => pool.query(text, values),
    async transaction(work) {
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        const result = await work({ query: (text, values) => conn.query(text, values) });
        await conn.query('commit');
        return result;
      } catch (err) {
        await conn.query('rollback').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
    },
  };
}

export function openDatabase(
  opts: { databaseUrl?: string; databasePoolSize?: number; dataDir: string },
  open: OpenOptions = {},
): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.databasePoolSize, open)
    : openPglite(opts.dataDir, open);
}
