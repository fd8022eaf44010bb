import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/build-test-app';

/**
 * Migration 0017 (the snapshot of a submitted report): a database with submitted and open reports
 * made before it gets the snapshot of every submitted report from the data of that moment (the
 * backfill), none for an open one, and from then on a report gets its own when it is submitted.
 * Runs on the suite's driver: PGlite, or a fresh PostgreSQL database.
 */
const DRIZZLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const SNAPSHOT_MIGRATION = 17;

/** The migrations folder up to and including `idx`, in a temporary directory. */
function migrationsUpTo(idx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(DRIZZLE, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= idx);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(DRIZZLE, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

type Conn = {
  migrate(folder: string): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
};

async function open(): Promise<Conn> {
  if (process.env.TEST_DB_DRIVER === 'pg') {
    const { url, drop } = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
      query: async <T>(text: string) => (await client.query(text)).rows as T[],
      async close() {
        await client.end();
        await drop();
      },
    };
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  return {
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    close: () => client.close(),
  };
}

let conn: Conn;
beforeAll(async () => {
  conn = await open();
});
afterAll(async () => {
  await conn?.close();
});

type Snapshot = Record<string, string | number | null>;

describe('migration 0017: the snapshot of submitted reports', () => {
  // Every migration from the first, up to 0017 and then the rest: on a loaded machine that alone
  // can take longer than the suite's 30 s.
  it('backfills the submitted reports from the data of the moment, leaves the open ones, and snapshots a later submit', async () => {
    const before = migrationsUpTo(SNAPSHOT_MIGRATION - 1);
    await conn.migrate(before);
    const [made] = await conn.query<{ submitted: number; open: number }>(`
      with c as (insert into customers (name, customer_number) values ('Klant Oud', 'K-1') returning id),
      l as (insert into locations (customer_id, name, street, house_number, postcode, city)
        select id, 'Vestiging Oud', 'Straat', '1', '1234AB', 'Stad' from c returning id, customer_id),
      d as (insert into departments (location_id, name) select id, 'Afdeling Oud' from l returning id),
      rm as (insert into rooms (department_id, name) select id, 'Ruimte Oud' from d returning id),
      b as (insert into brands (name) values ('Merk Oud') returning id),
      bt as (insert into brand_types (brand_id, name) select id, 'Serie Oud' from b returning id),
      mt as (insert into machine_types (name) values ('Soort Oud') returning id),
      m as (insert into machines (customer_id, location_id, department_id, room_id, name, inventory_number,
          factory_number, manufacturer, manufacture_year, machine_type_id, brand_id, brand_type_id)
        select l.customer_id, l.id, d.id, rm.id, 'Kantbank Oud', 'INV-OUD', 'FAB-OUD', 'Maker Oud', 2011, mt.id, b.id, bt.id
        from l, d, rm, mt, b, bt returning id, customer_id, location_id),
      m2 as (insert into machines (customer_id, location_id, name, inventory_number)
        select customer_id, id, 'Zaag', 'INV-ZAAG' from l returning id),
      t as (insert into tasklists (customer_id, location_id, inspection_type, planned_date)
        select customer_id, location_id, 'inspection', '2026-01-05' from m returning id, customer_id),
      sub as (insert into reports (tasklist_id, customer_id, inspection_type, machine_id, questionnaire_name, status, submitted_at)
        select t.id, t.customer_id, 'inspection', m.id, 'Vragenlijst', 'submitted', now() from t, m returning id),
      op as (insert into reports (tasklist_id, customer_id, inspection_type, machine_id, questionnaire_name)
        select t.id, t.customer_id, 'inspection', m2.id, 'Vragenlijst' from t, m2 returning id)
      select (select id from sub) as submitted, (select id from op) as open`);

    await conn.migrate(DRIZZLE);
    const columns = `snapshot_customer_name, snapshot_location_name, snapshot_machine_name, snapshot_inventory_number,
      snapshot_factory_number, snapshot_manufacturer, snapshot_manufacture_year, snapshot_machine_type_name,
      snapshot_brand_name, snapshot_brand_type_name, snapshot_machine_location_name, snapshot_department_name,
      snapshot_room_name, snapshot_machine_status`;
    const read = async (id: number) =>
      (await conn.query<Snapshot>(`select ${columns} from reports where id = ${id}`))[0];
    expect(await read(made!.submitted)).toEqual({
      snapshot_customer_name: 'Klant Oud',
      snapshot_location_name: 'Vestiging Oud',
      snapshot_machine_name: 'Kantbank Oud',
      snapshot_inventory_number: 'INV-OUD',
      snapshot_factory_number: 'FAB-OUD',
      snapshot_manufacturer: 'Maker Oud',
      snapshot_manufacture_year: 2011,
      snapshot_machine_type_name: 'Soort Oud',
      snapshot_brand_name: 'Merk Oud',
      snapshot_brand_type_name: 'Serie Oud',
      snapshot_machine_location_name: 'Vestiging Oud',
      snapshot_department_name: 'Afdeling Oud',
      snapshot_room_name: 'Ruimte Oud',
      snapshot_machine_status: 'active',
    });
    const open = await read(made!.open);
    expect(Object.values(open!).every((v) => v === null)).toBe(true);

    // Renamed after the migration: the backfilled report keeps its names; the open one, submitted
    // now, takes the names of its submit (the trigger, in the submitting statement).
    await conn.query(`update customers set name = 'Klant Nieuw'`);
    await conn.query(`update machines set name = 'Zaag Nieuw' where inventory_number = 'INV-ZAAG'`);
    await conn.query(`update reports set status = 'submitted', submitted_at = now() where id = ${made!.open}`);
    expect(await read(made!.submitted)).toMatchObject({ snapshot_customer_name: 'Klant Oud' });
    expect(await read(made!.open)).toMatchObject({
      snapshot_customer_name: 'Klant Nieuw',
      snapshot_machine_name: 'Zaag Nieuw',
      snapshot_department_name: null,
      snapshot_machine_type_name: null,
    });
    // A submitted report without its snapshot cannot be: the check refuses it.
    await expect(
      conn.query(`update reports set snapshot_machine_name = null where id = ${made!.open}`),
    ).rejects.toThrow(/reports_snapshot_check/);
    fs.rmSync(before, { recursive: true, force: true });
  }, 180_000);
});
