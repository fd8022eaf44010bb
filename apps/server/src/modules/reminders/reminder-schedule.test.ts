import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dutchToday } from '@keurwijzer/shared/format';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPglite, openPostgres, type Database } from '../../db/client';
import { machines } from '../../db/schema/machines';
import { createMemoryMailer } from '../../lib/mailer';
import { createDiskStorage } from '../../lib/storage';
import { createPostgresDatabase, TEST_MAIL_QUEUE, TEST_SESSION_SECRET } from '../../test/build-test-app';
import { createMachine, createPlacementChain, createUser } from '../../test/factories';
import { REMINDER_SCHEDULES } from './reminder-schedule';
import { addDays } from '@keurwijzer/shared/compliance';
import { isoWeek } from './reminders.service';

/**
 * The reminders' schedules with several app instances on ONE database (on PostgreSQL each with a
 * pool of its own, as server processes; PGlite is one process's, so shared): one pgboss.schedule
 * row per reminder whatever the number of instances, a scheduled job worked by one instance and
 * sent once whichever instance works it, and nothing at all with REMINDERS=0.
 */

/** A fresh database opened `count` times (PostgreSQL: a pool each). */
async function freshDatabases(count: number): Promise<{ dbs: Database[]; close(): Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'pg') {
    const db = await openPglite(null);
    return { dbs: Array.from({ length: count }, () => db), close: () => db.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  const dbs: Database[] = [];
  for (let i = 0; i < count; i++) dbs.push(await openPostgres(url, 5, { onIdleError: () => {} }));
  return {
    dbs,
    async close() {
      for (const db of dbs) await db.close();
      await drop();
    },
  };
}

const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-reminders-'));
afterAll(() => fs.rmSync(uploadDir, { recursive: true, force: true }));

/** The real app on `database` with REMINDERS as given. */
async function appOn(database: Database, reminders: '1' | '0') {
  const config = loadConfig({
    NODE_ENV: 'test',
    SCRYPT_LOG_N: '10',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    REMINDERS: reminders,
  });
  const mailer = createMemoryMailer();
  const app = await buildApp({
    config,
    database,
    mailer,
    sessionSecret: TEST_SESSION_SECRET,
    storage: createDiskStorage(uploadDir),
    logger: false,
    pressure: false,
    mailQueue: TEST_MAIL_QUEUE,
  });
  await app.ready();
  return { app, mailer };
}

const schedules = async (db: Database) =>
  (await db.sql.query('select name, cron, timezone from pgboss.schedule order by name')).rows;

describe('three app instances on one database', () => {
  let databases: Awaited<ReturnType<typeof freshDatabases>>;
  const apps: { app: FastifyInstance; mailer: ReturnType<typeof createMemoryMailer> }[] = [];
  beforeAll(async () => {
    databases = await freshDatabases(3);
    // Started at the same time, as processes of one deployment are.
    apps.push(...(await Promise.all(databases.dbs.map((db) => appOn(db, '1')))));
  });
  afterAll(async () => {
    for (const { app } of apps) await app.close();
    await databases?.close();
  });

  it('register each schedule once: Mondays and the 1st at 07:00 Dutch time', async () => {
    expect(await schedules(databases.dbs[0]!)).toEqual([
      { name: REMINDER_SCHEDULES.customer_monthly.queue, cron: '0 7 1 * *', timezone: 'Europe/Amsterdam' },
      { name: REMINDER_SCHEDULES.office_weekly.queue, cron: '0 7 * * 1', timezone: 'Europe/Amsterdam' },
    ]);
    // A restart registers them again: still one row each.
    const again = await appOn(databases.dbs[1]!, '1');
    await again.app.close();
    expect(await schedules(databases.dbs[0]!)).toHaveLength(2);
  });

  it('work a scheduled job in one instance; the same week worked by the others sends nothing more', async () => {
    const db = databases.dbs[0]!.db;
    const c = await createPlacementChain(db);
    const m = await createMachine(db, c);
    const day = addDays(dutchToday(), 7);
    await db
      .update(machines)
      .set({ nextDueDate: addDays(day, -1) })
      .where(eq(machines.id, m.id));
    const office = await Promise.all([createUser(db, 'admin'), createUser(db, 'super_admin')]);

    // Two jobs of the same week at once (a duplicate of the schedule, a retry), on two instances.
    const [first, second] = await Promise.all([
      apps[0]!.app.reminders.trigger('office_weekly', day),
      apps[1]!.app.reminders.trigger('office_weekly', day),
    ]);
    expect(first.period).toBe(isoWeek(day));
    expect(first.queued + second.queued).toBe(2);
    const third = await apps[2]!.app.reminders.trigger('office_weekly', day);
    expect(third).toMatchObject({ queued: 0, alreadySent: 2 });

    for (const { app } of apps) await app.mailQueue.drain();
    const sent = apps.flatMap(({ mailer }) => mailer.sent);
    for (const u of office) {
      const theirs = sent.filter((mail) => mail.to === u.email);
      expect(theirs, u.email).toHaveLength(1);
      expect(theirs[0]!.text).toContain(m.name);
    }
  });
});

describe('REMINDERS=0', () => {
  let databases: Awaited<ReturnType<typeof freshDatabases>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    databases = await freshDatabases(1);
    ({ app } = await appOn(databases.dbs[0]!, '0'));
  });
  afterAll(async () => {
    await app?.close();
    await databases?.close();
  });

  it('registers no schedule and works no job; a run called directly still works', async () => {
    expect(await schedules(databases.dbs[0]!)).toEqual([]);
    await expect(app.reminders.trigger('office_weekly')).rejects.toThrow(/REMINDERS=0/);
    expect(await app.reminders.run('customer_monthly', '2026-12-01')).toMatchObject({
      period: '2026-12',
      queued: 0,
    });
  });
});
