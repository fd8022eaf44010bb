import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database, type OpenOptions } from '../db/client';
import type { ImageDecoder } from '../lib/image-intake';
import type { MailQueueOptions } from '../lib/mail-queue';
import { createMailer, createMemoryMailer } from '../lib/mailer';
import { createDiskStorage } from '../lib/storage';
import type { PressureOptions } from '../plugins/pressure';

/**
 * A fresh, empty database for one test file: in-memory PGlite, or (TEST_DB_DRIVER=pg) a new
 * database on the TEST_DATABASE_URL server that is dropped afterwards.
 */
export async function freshDatabase(opts: OpenOptions = {}): Promise<Database> {
  if (process.env.TEST_DB_DRIVER !== 'pg') return openPglite(null, opts);
  const { url, drop } = await createPostgresDatabase();
  // Dropping the database at the end terminates the pool's connections: expected, not news.
  const database = await openPostgres(url, 5, { onIdleError: () => {}, ...opts });
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/**
 * A new, empty database on the TEST_DATABASE_URL server: its URL, and `drop` to remove it (with
 * every connection still open to it).
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const name = `kw_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(server);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * The SQL statements the app sends, for "no query per row" tests: `record` collects the
 * statements of one piece of work (one request), whatever runs in between is not counted.
 */
export class QueryLog {
  private current: string[] | null = null;

  /** Hook for openPglite/openPostgres. */
  readonly onQuery = (sql: string) => {
    this.current?.push(sql);
  };

  /** Runs `work` and returns its result with the statements sent meanwhile. */
  async record<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    if (this.current) throw new Error('QueryLog.record does not nest');
    const statements: string[] = [];
    this.current = statements;
    try {
      return { result: await work(), statements };
    } finally {
      this.current = null;
    }
  }
}

/** The session secret of every test app (a test can seal cookies the app accepts). */
export const TEST_SESSION_SECRET = 'test-secret-'.padEnd(40, 'x');

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Tests retry a failed mail at once (twice), and an idle worker looks for work every 0.5 s. */
export const TEST_MAIL_QUEUE: Partial<MailQueueOptions> = {
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
};

/** The real app on a fresh database, with a memory mailer and cheap password hashing. */
export async function createTestApp(
  options: {
    logLevel?: string;
    logStream?: { write(line: string): void };
    /** The event-loop guard (plugins/pressure.ts): off unless a test tunes it (a busy CI box lags). */
    pressure?: PressureOptions;
    /**
     * Send the app's mail over SMTP to this server (a test's own, e.g. the `smtp-server` package)
     * instead of the memory mailer; `mailer.sent` then stays empty.
     */
    smtpUrl?: string;
    /** More environment for loadConfig (e.g. GOOGLE_CLIENT_ID / _SECRET / _ISSUER). */
    env?: Record<string, string>;
    /** The mail queue's options over the tests' (TEST_MAIL_QUEUE: quick retries). */
    mailQueue?: Partial<MailQueueOptions>;
    /** The image intake's decoder (lib/image-intake.ts), e.g. a fake that counts concurrency. */
    imageDecoder?: ImageDecoder;
  } = {},
) {
  const queries = new QueryLog();
  const database = await freshDatabase({ onQuery: queries.onQuery });
  const mailer = createMemoryMailer();
  const config = loadConfig({
    NODE_ENV: 'test',
    SCRYPT_LOG_N: '10',
    LOG_LEVEL: options.logLevel ?? 'silent',
    APP_URL: 'http://localhost:3000',
    // No reminder schedules unless a test turns them on (modules/reminders).
    REMINDERS: '0',
    ...options.env,
  });
  // Uploads of this test file go to a directory of its own, removed at close.
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-uploads-'));
  const app: FastifyInstance = await buildApp({
    config,
    database,
    mailer: options.smtpUrl
      ? createMailer({ from: config.mailFrom, smtpUrl: options.smtpUrl, outboxDir: uploadDir, log: { info() {} } })
      : mailer,
    sessionSecret: TEST_SESSION_SECRET,
    storage: createDiskStorage(uploadDir),
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    pressure: options.pressure ?? false,
    mailQueue: { ...TEST_MAIL_QUEUE, ...options.mailQueue },
    imageDecoder: options.imageDecoder,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    mailer,
    /**
     * The mail queue: mails reach `mailer.sent` (or the SMTP server) a moment after the request
     * that queued them; `await mails.drain()` waits until every mail queued so far had its attempt.
     */
    mails: {
      ...app.mailQueue,
      /** Work started after answers first (it may queue mail), then the queue. */
      async drain(timeoutMs?: number) {
        await app.afterResponse.settle();
        await app.mailQueue.drain(timeoutMs);
      },
    },
    config,
    queries,
    uploadDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}
