import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database, type SqlClient } from '../db/client';
import { createPostgresDatabase } from '../test/build-test-app';
import { startSmtpServer } from '../test/smtp-server';
import { createMailQueue, type MailQueue, type MailQueueOptions } from './mail-queue';
import { createMailer, type Mail, type Mailer } from './mailer';
import { invitationMail } from './mail-templates';

/**
 * The mail queue itself (pg-boss on the app's database): retries with backoff against a real SMTP
 * server, exactly one delivery with two workers on one database (two pools on PostgreSQL, as two
 * server processes have), and the outbox when there is no SMTP server.
 *
 * The tests wait for events, never for time: for the statement the queue runs when a mail's
 * outcome is recorded (`watch`), for a transport's call, or for a gate the test opens; a busy
 * machine makes them slower, not red.
 */
const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' });
const quiet = { warn() {}, error() {} };
const QUICK: Partial<MailQueueOptions> = {
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
};

/**
 * A fresh database, opened `connections` times: on PostgreSQL (TEST_DB_DRIVER=pg) each opening
 * is a pool of its own, like a server process; PGlite is one process's, so it is shared.
 */
async function freshDatabases(connections: number): Promise<{ dbs: Database[]; close(): Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'pg') {
    const db = await openPglite(null);
    return { dbs: Array.from({ length: connections }, () => db), close: () => db.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  const dbs: Database[] = [];
  for (let i = 0; i < connections; i++) dbs.push(await openPostgres(url, 5, { onIdleError: () => {} }));
  return {
    dbs,
    async close() {
      for (const db of dbs) await db.close();
      await drop();
    },
  };
}

/** Counts, per statement pattern, what `watch`ed clients completed; `seen` resolves at a count. */
class StatementLog {
  private readonly done: string[] = [];
  private readonly waiters = new Set<{ pattern: RegExp; count: number; resolve(): void }>();
  record(text: string) {
    this.done.push(text);
    for (const w of this.waiters) {
      if (this.count(w.pattern) >= w.count) {
        this.waiters.delete(w);
        w.resolve();
      }
    }
  }
  count(pattern: RegExp) {
    return this.done.filter((text) => pattern.test(text)).length;
  }
  /** Resolves once `count` statements matching `pattern` have completed (counted from the start). */
  seen(pattern: RegExp, count = 1): Promise<void> {
    if (this.count(pattern) >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add({ pattern, count, resolve }));
  }
}

/** The queue's statements that record a mail's outcome (lib/mail-queue.ts). */
const SENT = /set status = 'sent'/;
const ATTEMPT_FAILED = /set last_error = \$2/;
const BURIED = /set status = 'failed', last_error = coalesce/;

/** `sql` as the queue gets it: every completed statement is recorded in `log`. */
function watch(sql: SqlClient, log: StatementLog): SqlClient {
  return {
    async query(text, values) {
      const result = await sql.query(text, values);
      log.record(text);
      return result;
    },
    transaction: (work) => sql.transaction(work),
  };
}

/** A promise with its resolve function outside (a gate a test opens). */
function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const mailRow = async (db: Database, id: number) =>
  (await db.sql.query('select status, attempts, last_error, sent_at from mails where id = $1', [id])).rows[0] as {
    status: string;
    attempts: number;
    last_error: string | null;
    sent_at: Date | null;
  };

describe('retries', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let databases: Awaited<ReturnType<typeof freshDatabases>>;
  let queue: MailQueue;
  const log = new StatementLog();
  beforeAll(async () => {
    // The first attempt to every address is refused; the next one is taken.
    smtp = await startSmtpServer({ refuse: (_address, attempt) => attempt === 1 });
    databases = await freshDatabases(1);
    queue = createMailQueue({
      sql: watch(databases.dbs[0]!.sql, log),
      transport: createMailer({ from: config.mailFrom, smtpUrl: smtp.url, outboxDir: os.tmpdir(), log: { info() {} } }),
      company: config.company,
      log: quiet,
      // Backoff from 1 s: the retry waits 1 to 2 s.
      options: { ...QUICK, retryDelaySeconds: 1, retryBackoff: true },
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await databases.close();
    await smtp.close();
  });

  it('retries a refused mail after a backoff and delivers it once; the row records both attempts', async () => {
    const to = 'eerst.niet@example.com';
    const started = Date.now();
    const id = await queue.send({
      kind: 'invitation',
      to,
      ...invitationMail({ firstName: 'Ans' }, 'http://x/activate/abc'),
    });
    const db = databases.dbs[0]!;
    // The refused attempt is recorded.
    await log.seen(ATTEMPT_FAILED);
    expect(await mailRow(db, id)).toMatchObject({ attempts: 1, status: 'queued' });
    expect((await mailRow(db, id)).last_error).toContain('Mailbox unavailable');
    // The retry went out and is recorded.
    await log.seen(SENT);
    // The retry waited for its backoff (at least the 1 s delay), then went out.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const row = await mailRow(db, id);
    expect(row.attempts).toBe(2);
    expect(row.sent_at).not.toBeNull();
    const received = smtp.received.filter((m) => m.to.includes(to));
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe('Uitnodiging voor Keurwijzer');
    expect(received[0]!.text).toContain('http://x/activate/abc');
    expect(received[0]!.html).toContain('href="http://x/activate/abc"');
    expect(received[0]!.text).toContain(config.company.name);
  });
});

describe('several workers on one database', () => {
  let databases: Awaited<ReturnType<typeof freshDatabases>>;
  const queues: MailQueue[] = [];
  const deliveries: { worker: number; mail: Mail }[] = [];
  const log = new StatementLog();
  beforeAll(async () => {
    databases = await freshDatabases(2);
    databases.dbs.forEach((db, worker) => {
      // A transport that takes a moment (a turn of the event loop), so both workers are busy at the same time.
      const transport: Mailer = {
        async send(mail) {
          await new Promise((resolve) => setImmediate(resolve));
          deliveries.push({ worker, mail });
        },
      };
      queues.push(
        createMailQueue({
          sql: watch(db.sql, log),
          transport,
          company: config.company,
          log: quiet,
          options: { ...QUICK, batchSize: 5 },
        }),
      );
    });
    for (const q of queues) await q.start();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await databases.close();
  });

  it('deliver each of 60 mails, queued through both, exactly once', async () => {
    const N = 60;
    const ids = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        queues[i % 2]!.send({
          kind: 'test',
          to: `ontvanger.${i}@example.com`,
          subject: `Bericht ${i}`,
          body: [`Nummer ${i}`],
        }),
      ),
    );
    await log.seen(SENT, N);
    for (const q of queues) await q.drain();
    const { rows: sent } = await databases.dbs[0]!.sql.query(
      `select count(*)::int as n from mails where status = 'sent'`,
    );
    expect(sent[0]!.n).toBe(N);
    expect(deliveries).toHaveLength(N);
    const subjects = deliveries.map((d) => d.mail.subject).sort();
    expect(new Set(subjects).size).toBe(N);
    // Both workers took part.
    expect(new Set(deliveries.map((d) => d.worker)).size).toBe(2);
    const { rows } = await databases.dbs[1]!.sql.query('select attempts from mails where id = any($1::int[])', [ids]);
    expect(rows.map((r) => r.attempts)).toEqual(Array.from({ length: N }, () => 1));
  });

  it('sends a mail queued twice (its job handed out twice) once: the attempt is claimed on the row', async () => {
    const before = deliveries.length;
    const sentBefore = log.count(SENT);
    const id = await queues[0]!.send({ kind: 'test', to: 'dubbel@example.com', subject: 'Dubbel', body: ['Eén keer'] });
    // A second job for the same attempt of the same mail, as a job expired and handed out again would be.
    await databases.dbs[1]!.sql.query(
      `insert into pgboss.job (name, data, retry_limit) values ('mail', json_build_object('mailId', $1::int, 'base', 0), 0)`,
      [id],
    );
    await log.seen(SENT, sentBefore + 1);
    for (const q of queues) await q.drain();
    expect((await mailRow(databases.dbs[0]!, id)).status).toBe('sent');
    expect(deliveries.slice(before).filter((d) => d.mail.subject === 'Dubbel')).toHaveLength(1);
    expect((await mailRow(databases.dbs[0]!, id)).attempts).toBe(1);
  });
});

describe('a process that dies during the last attempt', () => {
  let databases: Awaited<ReturnType<typeof freshDatabases>>;
  let queue: MailQueue;
  const sent: Mail[] = [];
  const log = new StatementLog();
  beforeAll(async () => {
    databases = await freshDatabases(1);
    queue = createMailQueue({
      sql: watch(databases.dbs[0]!.sql, log),
      transport: {
        async send(mail) {
          sent.push(mail);
        },
      },
      company: config.company,
      log: quiet,
      // pg-boss's upkeep (which fails expired jobs) every second, the dead letters looked at often.
      options: { ...QUICK, maintenanceIntervalSeconds: 1, deadLetterPollingIntervalSeconds: 0.5 },
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await databases.close();
  });

  it('leaves a mail that pg-boss fails as expired marked failed, through the dead letters', async () => {
    const db = databases.dbs[0]!;
    // What a process that died while sending leaves: the attempt claimed on the row, its job
    // active since long ago, no retries left.
    const { rows } = await db.sql.query(
      `insert into mails (kind, to_address, subject, text, attempts, updated_at)
       values ('test', 'gestorven@example.com', 'Halverwege', 'tekst', 1, now() - interval '1 hour') returning id`,
    );
    const id = Number(rows[0]!.id);
    await db.sql.query(
      `insert into pgboss.job (name, data, state, retry_limit, started_on, expire_in, dead_letter)
       values ('mail', json_build_object('mailId', $1::int, 'base', 0), 'active', 0,
               now() - interval '1 hour', interval '1 second', 'mail-failed')`,
      [id],
    );
    // pg-boss's upkeep fails the expired job; the dead letters' worker marks the mail.
    await log.seen(BURIED);
    expect((await mailRow(db, id)).status).toBe('failed');
    expect((await mailRow(db, id)).last_error).toBe('Niet verstuurd: de laatste poging is afgebroken');
    expect(sent).toEqual([]);
  });
});

describe('without SMTP_URL: the outbox', () => {
  let databases: Awaited<ReturnType<typeof freshDatabases>>;
  let queue: MailQueue;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-outbox-'));
  beforeAll(async () => {
    databases = await freshDatabases(1);
    queue = createMailQueue({
      sql: databases.dbs[0]!.sql,
      transport: createMailer({ from: config.mailFrom, outboxDir: outbox, log: { info() {} } }),
      company: config.company,
      log: quiet,
      options: QUICK,
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await databases.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('writes each mail as an .eml file (text and HTML) named after its recipient', async () => {
    await queue.send({
      kind: 'invitation',
      to: 'post.bus@example.com',
      ...invitationMail({ firstName: 'Piet' }, 'http://x/activate/p1'),
    });
    await queue.send({
      kind: 'invitation',
      to: 'post.bus@example.com',
      ...invitationMail({ firstName: 'Piet' }, 'http://x/activate/p2'),
    });
    await queue.drain();
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('-post.bus@example.com.eml'));
    expect(files).toHaveLength(2);
    const parsed = await Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
    expect(parsed.map((p) => p.subject)).toEqual(['Uitnodiging voor Keurwijzer', 'Uitnodiging voor Keurwijzer']);
    expect(parsed.map((p) => /activate\/(p\d)/.exec(p.text ?? '')?.[1]).sort()).toEqual(['p1', 'p2']);
    expect(parsed[0]!.html).toContain('Wachtwoord kiezen');
    expect(parsed[0]!.from?.text).toContain(config.mailFrom.replace(/^.*<|>$/g, ''));
  });
});

describe('stopping while mails are on their way', () => {
  let databases: Awaited<ReturnType<typeof freshDatabases>>;
  beforeAll(async () => {
    databases = await freshDatabases(1);
  });
  afterAll(async () => {
    await databases.close();
  });

  it('finishes what a worker fetched before stop, so nothing runs on a closed database', async () => {
    const rejections: unknown[] = [];
    const onRejection = (err: unknown) => rejections.push(err);
    process.on('unhandledRejection', onRejection);
    const db = databases.dbs[0]!;
    try {
      for (let round = 0; round < 8; round++) {
        // This round's database: once closed (after stop), any statement is a mistake.
        let closed = false;
        const late: string[] = [];
        const log = new StatementLog();
        /** Set by the test: called as pg-boss's next fetch of jobs starts, which waits for `go`. */
        let onFetch: { started(): void; go: Promise<void> } | null = null;
        const guarded: SqlClient = {
          query(text, values) {
            if (closed) {
              late.push(text);
              return Promise.reject(new Error('statement after the database was closed'));
            }
            if (onFetch && /SKIP LOCKED/i.test(text)) {
              const { started, go } = onFetch;
              onFetch = null;
              started();
              return go.then(() => db.sql.query(text, values));
            }
            return db.sql.query(text, values);
          },
          transaction: (work) => (closed ? Promise.reject(new Error('closed')) : db.sql.transaction(work)),
        };
        // A transport that holds every mail until the test opens the gate, as a slow SMTP server
        // does: stop comes while mails are being sent.
        const gate = deferred();
        const started: Mail[] = [];
        const sent: Mail[] = [];
        const first = deferred();
        const held: Mailer = {
          async send(mail) {
            started.push(mail);
            first.resolve();
            await gate.promise;
            sent.push(mail);
          },
        };
        const queue = createMailQueue({
          sql: watch(guarded, log),
          transport: held,
          company: config.company,
          log: quiet,
          options: { ...QUICK, batchSize: 3 },
        });
        await queue.start();
        const link = 'http://localhost:3000/activate/x';
        for (let i = 0; i < 12; i++) {
          await queue.send({
            kind: 'invitation',
            to: `stop${round}.${i}@example.com`,
            ...invitationMail({ firstName: 'Stop' }, link),
          });
        }
        // The worker holds its first batch (what it fetched before the rest was queued, or a full one).
        await first.promise;
        let stopping: Promise<void>;
        if (round % 3 === 0) {
          // Stop while the batch is held, then let it go.
          stopping = queue.stop();
          gate.resolve();
        } else if (round % 3 === 1) {
          // Let it go, then stop at once: the outcomes are being recorded.
          gate.resolve();
          stopping = queue.stop();
        } else {
          // Let it go and stop just as the worker fetches its next batch: pg-boss's stop does not
          // wait for that fetch, whose jobs still reach the worker after stop began.
          // The fetch is held for some turns of the event loop after stop began: long enough for
          // pg-boss's stop (no I/O) to find no jobs in hand and finish.
          const fetching = deferred();
          const go = deferred();
          onFetch = { started: () => fetching.resolve(), go: go.promise };
          gate.resolve();
          await fetching.promise;
          stopping = queue.stop();
          for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
          go.resolve();
        }
        await stopping;
        closed = true;
        // Whatever the worker took before stop went out in full: sent, and recorded as sent.
        expect(sent.length, `round ${round}`).toBeGreaterThanOrEqual(1);
        expect(sent.length, `round ${round}`).toBe(started.length);
        expect(log.count(SENT), `round ${round}`).toBe(sent.length);
        const { rows } = await db.sql.query(`select count(*)::int as n from mails where status = 'sent'`);
        expect(Number(rows[0]!.n), `round ${round}`).toBe(sent.length);
        // A turn of the event loop for anything still on its way to the closed database.
        await new Promise((resolve) => setImmediate(resolve));
        expect(late, `round ${round}`).toEqual([]);
        // The next round starts from an empty queue.
        await db.sql.query(`delete from pgboss.job; delete from mails`);
      }
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
