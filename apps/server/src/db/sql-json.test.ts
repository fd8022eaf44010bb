import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/build-test-app';
import { createMachine, createMalfunction, createPlacementChain, createUser } from '../test/factories';
import type { Database } from './client';
import { officeEmails, openMalfunction } from './shared-facts';
import { fullName, isoOf, jsonObject, rowsOf } from './sql-json';

/** The read side's SQL kit (db/sql-json.ts) and the facts modules share (db/shared-facts.ts). */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the SQL-JSON kit', () => {
  it('writes a timestamp as Date.toISOString() does, and keeps null', async () => {
    const at = new Date('2026-03-29T01:30:00.123Z');
    const [row] = await rowsOf<{ at: string; none: string | null }>(
      database.db,
      sql`select ${isoOf(sql`${at.toISOString()}::timestamptz`)} as at, ${isoOf(sql`null::timestamptz`)} as none`,
    );
    expect(row).toEqual({ at: at.toISOString(), none: null });
  });

  it('joins first name, preposition and last name, and gives null for a name of empty parts', async () => {
    const rows = await rowsOf<{ name: string | null }>(
      database.db,
      sql`select ${fullName('u')} as name from (values ('Jan', 'van', 'Dijk'), ('Ans', null, 'Bos'), (null, null, null))
          as u(first_name, preposition, last_name)`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Jan van Dijk', 'Ans Bos', null]);
  });

  it('builds a JSON object of a field map', async () => {
    const [row] = await rowsOf<{ json: unknown }>(
      database.db,
      sql`select ${jsonObject({ id: sql`${7}::int`, name: sql`${"O'Brien"}::text`, none: sql`null` })} as json`,
    );
    expect(row!.json).toEqual({ id: 7, name: "O'Brien", none: null });
  });
});

describe('facts that modules share', () => {
  it('counts Open and In behandeling as open, Opgelost not', async () => {
    const chain = await createPlacementChain(database.db);
    const machine = await createMachine(database.db, chain);
    for (const status of ['open', 'in_progress', 'resolved'] as const) {
      await createMalfunction(database.db, machine, { status });
    }
    const [row] = await rowsOf<{ open: number; openOfAlias: number }>(
      database.db,
      sql`select (select count(*)::int from malfunctions where machine_id = ${machine.id} and ${openMalfunction()}) as open,
        (select count(*)::int from malfunctions f where f.machine_id = ${machine.id} and ${openMalfunction('f')}) as "openOfAlias"`,
    );
    expect(row).toEqual({ open: 2, openOfAlias: 2 });
  });

  it("lists the office's addresses: active admins and super admins only", async () => {
    const admin = await createUser(database.db, 'admin');
    const superAdmin = await createUser(database.db, 'super_admin');
    await createUser(database.db, 'admin', { archivedAt: new Date() });
    await createUser(database.db, 'admin', { activatedAt: null });
    await createUser(database.db, 'mechanic');
    await createUser(database.db, 'customer');
    expect(await officeEmails(database.db)).toEqual([admin.email, superAdmin.email]);
  });
});
