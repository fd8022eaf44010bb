import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createPostgresDatabase } from './postgres-database';

export { createPostgresDatabase };
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database, type OpenOptions } from '../db/client';
import type { ImageDecoder } from '../lib/image-intake';
import type { MailQueueOptions } from '../lib/mail-queue';
import { createMailer, createMemoryMailer } from '../lib/mailer';
import { createS3Storage } from '../lib/s3-storage';
import { createDiskStorage } from '../lib/storage';
import type { PressureOptions } from '../plugins/pressure';

/** The migrated template of this run (test/global-setup.ts), loaded once per test file. */
async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  return file ? new Blob([await fs.promises.readFile(file)]) : undefined;
}

/**
 * A fresh database for one test file, migrated: in-memory PGlite loaded from the run's migrated
 * template, or (TEST_DB_DRIVER=pg) a new database on the TEST_DATABASE_URL server copied from the
 * run's migrated template database, dropped afterwards. Without a template (a test run outside
 * the suite's global setup) the migrations run here.
 */
export async function freshDatabase(opts: OpenOptions = {}): Promise<Database> {
  if (process.env.TEST_DB_DRIVER !== 'pg') return openPglite(null, { ...opts, template: await pgliteTemplate() });
  const { url, drop } = await createPostgresDatabase(inject('pgTemplate') || undefined);
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
    // S3_* in `env` (a test's own S3 server, test/s3-server.ts): the files go to its bucket.
    storage: config.s3 ? createS3Storage(config.s3) : createDiskStorage(uploadDir),
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
