import type PgBoss from 'pg-boss';
import type { Company } from './company';
import type { SqlClient, SqlExecutor } from '../db/client';
import { createBoss, createBusyCount, DEAD, onTx, QUEUE, type JobData } from './mail-queue-boss';
import { renderMail, type MailMessage } from './mail-templates';
import { createMailWorker } from './mail-worker';
import type { Mailer } from './mailer';

/**
 * The mail queue: every e-mail is a row of `mails` (what, to whom, status, attempts, last error)
 * and a pg-boss job that refers to it, written in one transaction. A worker in each server
 * process sends the mails through the transport (lib/mailer.ts: SMTP or the outbox) and records
 * the outcome; a failed attempt is retried with exponential backoff, and after the last one the
 * mail is `failed` and listed for the admins (GET /api/mails?status=failed), who can send it again.
 *
 * The request that asks for a mail only writes the two rows: it never waits for SMTP, and an SMTP
 * failure never reaches it. pg-boss runs on the app's own database, PostgreSQL or the embedded
 * PGlite (its tables come from migration 0015, pg-boss starts with `migrate: false`); its
 * statements go through `Database.sql`. Several processes on one PostgreSQL never send a mail
 * twice: pg-boss hands a job to one worker (FOR UPDATE SKIP LOCKED), and the worker claims the
 * attempt on the `mails` row before it sends (`attempts` must still be the attempt's number).
 */

/** One mail for the queue: a template's subject and body (lib/mail-templates.ts), its kind and address. */
export type OutgoingMail = MailMessage & {
  /** What the mail is for, e.g. 'invitation', 'password_reset', 'malfunction_reported'. */
  kind: string;
  to: string;
};

/** What services get: `await mail.send({ kind, to, ...someTemplate(...) })` queues it. */
export type MailSender = {
  /** Queues the mail (the `mails` row and its job); returns the row's id. Never waits for SMTP. */
  send(mail: OutgoingMail): Promise<number>;
  /** Queues all of them in one transaction (all or none); returns their rows' ids in order. */
  sendAll(mails: readonly OutgoingMail[], options?: SendAllOptions): Promise<number[]>;
};

export type SendAllOptions = {
  /**
   * Runs first in the transaction that queues the mails, with the caller's own statement (e.g.
   * a reminder claims its (kind, period, user) key, modules/reminders): false queues nothing
   * (sendAll answers []); its write commits with the mails or not at all.
   */
  onlyIf?: (tx: SqlExecutor) => Promise<boolean>;
};

export type MailQueueOptions = {
  /** Attempts after the first one. */
  retryLimit: number;
  /** The first retry's delay; with `retryBackoff` each next one doubles (with jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How often an idle worker looks for work (a mail queued in this process wakes it at once). */
  pollingIntervalSeconds: number;
  /** Mails one worker sends at the same time. */
  batchSize: number;
  /** How often pg-boss's upkeep runs (expiring the jobs of a dead process, archiving). */
  maintenanceIntervalSeconds: number;
  /** How often the worker of jobs that failed for good looks for work (they are rare). */
  deadLetterPollingIntervalSeconds: number;
};

export const DEFAULT_MAIL_QUEUE_OPTIONS: MailQueueOptions = {
  // 30 s, 1, 2, 4 and 8 minutes (each up to twice that with jitter): 15 to 30 minutes in all.
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  pollingIntervalSeconds: 2,
  batchSize: 10,
  maintenanceIntervalSeconds: 120,
  deadLetterPollingIntervalSeconds: 30,
};

export type RetryOutcome = 'queued' | 'not_found' | 'not_failed';

export type MailQueue = MailSender & {
  /** Starts this process's worker (the app's onReady). */
  start(): Promise<void>;
  /** Stops the worker after the mails it is sending (the app's onClose). */
  stop(): Promise<void>;
  /** Queues a failed mail again (admins): a new round of attempts. */
  retry(id: number): Promise<RetryOutcome>;
  /**
   * Tests: resolves once every mail queued so far had its attempt (nothing waits to be sent or
   * is being sent; a retry waiting for its backoff does not count).
   */
  drain(timeoutMs?: number): Promise<void>;
  /** This process's worker is running (between start and stop): /api/ready. */
  running(): boolean;
  /** The mails waiting to be sent (first attempt or a retry) and those failed for good: /api/metrics. */
  stats(): Promise<{ queued: number; failed: number }>;
};

/**
 * Mails a person waits for to get into their account (an invitation, an activation or reset link,
 * ...) go before notices to the office (malfunctions, accounts waiting to be linked): a burst of
 * notices must not hold up a login. pg-boss's job `priority` (higher first; its fetch orders by
 * priority, then age), so the worker takes these first from whatever is queued. Other kinds,
 * also new ones, are notices.
 */
export const ACCOUNT_MAIL_KINDS: ReadonlySet<string> = new Set([
  'invitation',
  'activation',
  'address_taken',
  'password_reset',
  'not_activated',
  'two_factor_reset',
  'account_ready',
]);
const priorityOf = (kind: string) => (ACCOUNT_MAIL_KINDS.has(kind) ? 10 : 0);

export function createMailQueue(deps: {
  sql: SqlClient;
  /** Sends one rendered mail: SMTP or the outbox (createMailer), or memory in tests. */
  transport: Mailer;
  company: Company;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  options?: Partial<MailQueueOptions>;
}): MailQueue {
  const { sql, transport, company, log } = deps;
  const options = { ...DEFAULT_MAIL_QUEUE_OPTIONS, ...deps.options };
  const jobOptions = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryBackoff,
    // Longer than the transport's own time-outs (lib/mailer.ts): a job is only given up as
    // expired (and tried again) when its process died.
    expireInSeconds: 15 * 60,
    deadLetter: DEAD,
  };

  const { boss, pending } = createBoss(sql, options.maintenanceIntervalSeconds, log);
  const busy = createBusyCount();
  const worker = createMailWorker({ sql, transport, boss, busy, log });
  let workerId: string | null = null;
  const wake = () => {
    if (workerId) boss.notifyWorker(workerId);
  };

  async function enqueue(tx: SqlExecutor, data: JobData, kind: string) {
    await boss.send(QUEUE, data, { ...jobOptions, priority: priorityOf(kind), db: onTx(tx) } as PgBoss.SendOptions);
  }

  /** Queues mails in one transaction: a row and a job each, all or none. */
  async function sendAll(mails: readonly OutgoingMail[], opts: SendAllOptions = {}): Promise<number[]> {
    if (mails.length === 0) return [];
    const ids = await sql.transaction(async (tx) => {
      const queued: number[] = [];
      if (opts.onlyIf && !(await opts.onlyIf(tx))) return queued;
      for (const mail of mails) {
        const rendered = renderMail(mail, company);
        const { rows } = await tx.query(
          `insert into mails (kind, to_address, subject, text, html) values ($1, $2, $3, $4, $5) returning id`,
          [mail.kind, mail.to, rendered.subject, rendered.text, rendered.html],
        );
        const mailId = Number(rows[0]!.id);
        await enqueue(tx, { mailId, base: 0 }, mail.kind);
        queued.push(mailId);
      }
      return queued;
    });
    if (ids.length > 0) wake();
    return ids;
  }

  return {
    async send(mail) {
      const [id] = await sendAll([mail]);
      return id!;
    },

    sendAll,

    async retry(id) {
      const outcome = await sql.transaction(async (tx): Promise<RetryOutcome> => {
        const { rows } = await tx.query(
          `update mails set status = 'queued', updated_at = now() where id = $1 and status = 'failed' returning attempts, kind`,
          [id],
        );
        if (rows.length === 0) {
          const exists = await tx.query('select 1 from mails where id = $1', [id]);
          return exists.rows.length ? 'not_failed' : 'not_found';
        }
        await enqueue(tx, { mailId: id, base: Number(rows[0]!.attempts) }, String(rows[0]!.kind));
        return 'queued';
      });
      if (outcome === 'queued') wake();
      return outcome;
    },

    async start() {
      await boss.start();
      workerId = await boss.work<JobData>(
        QUEUE,
        {
          batchSize: options.batchSize,
          pollingIntervalSeconds: options.pollingIntervalSeconds,
          includeMetadata: true,
        },
        worker.work,
      );
      await boss.createQueue(DEAD);
      await boss.work<JobData>(
        DEAD,
        { batchSize: 10, pollingIntervalSeconds: options.deadLetterPollingIntervalSeconds, includeMetadata: true },
        worker.buryAll,
      );
    },

    running: () => workerId !== null,

    async stats() {
      const { rows } = await sql.query(
        `select count(*) filter (where status = 'queued')::int as queued,
           count(*) filter (where status = 'failed')::int as failed
         from mails where status in ('queued', 'failed')`,
      );
      return { queued: Number(rows[0]!.queued), failed: Number(rows[0]!.failed) };
    },

    async stop() {
      workerId = null;
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      // pg-boss's stop does not wait for a fetch that was under way: its jobs still reach `work`
      // (or `buryAll`) and pg-boss completes them after. Wait, across turns of the event loop,
      // until no statement of pg-boss nor of ours is running, so none reaches a closed pool.
      for (;;) {
        await Promise.allSettled([...pending]);
        await new Promise((resolve) => setImmediate(resolve));
        if (pending.size === 0 && !busy.busy()) break;
        await busy.whenIdle();
      }
    },

    // The bound only catches a queue that never drains (a test's own time-out is 30 s): a busy
    // machine is slow, not stuck. A batch being sent is waited for as it ends, not polled.
    async drain(timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        await busy.whenIdle();
        const { rows } = await sql.query(
          `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'active') and start_after <= now()`,
          [QUEUE],
        );
        if (Number(rows[0]!.n) === 0 && !busy.busy()) return;
        if (Date.now() > until) throw new Error('mail queue not drained in time');
        if (!busy.busy()) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
