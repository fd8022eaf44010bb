import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { freshDatabase } from './build-test-app';
import { createUser } from './factories';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** pg_class.reltuples: -1 until the table was ever analyzed (PostgreSQL 14+). */
async function reltuples(table: string): Promise<number> {
  const res = await database.db.execute(sql`select reltuples::int as n from pg_class where relname = ${table}`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]!.n);
}

describe('database upkeep', () => {
  it('has pg_trgm and the list indexes of the users table', async () => {
    const res = await database.db.execute(
      sql`select indexname from pg_indexes where tablename = 'users' and indexname in ('users_search_idx', 'users_active_role_idx')`,
    );
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { indexname: string }[];
    expect(rows.map((r) => r.indexname).sort()).toEqual(['users_active_role_idx', 'users_search_idx']);
  });

  it('maintain() gathers planner statistics (PGlite has no autovacuum)', async () => {
    for (let i = 0; i < 30; i++) await createUser(database.db, 'mechanic');
    await database.maintain();
    if (database.kind === 'pglite') {
      expect(await reltuples('users')).toBe(30);
    } else {
      // PostgreSQL leaves it to autovacuum: maintain() is a no-op that must not fail.
      expect(await reltuples('users')).toBeGreaterThanOrEqual(-1);
    }
  });
});
