import PgBoss from 'pg-boss';
import { DUTCH_TIME_ZONE, dutchToday } from '@keurwijzer/shared/format';
import type { SqlClient } from '../../db/client';
import type { ReminderKind } from '../../db/schema/reminders';
import type { ReminderRun, RemindersService } from './reminders.service';

/*
 * When the reminders run: pg-boss schedules on the app's database (its tables from migration
 * 0015, the queues from 0026). Every process with REMINDERS on registers the two schedules
 * (an upsert of one row per name in pgboss.schedule, so however many processes start there is
 * one row each) and works the two queues. pg-boss's timekeeper turns a schedule into one job
 * (only one process a minute evaluates the crons: pgboss.version.cron_on), the job goes to one
 * worker (FOR UPDATE SKIP LOCKED), and the run itself is idempotent per period (reminder_sends),
 * so a duplicate job or a retry sends nothing twice.
 *
 * A pg-boss instance of its own beside the mail queue's (lib/mail-queue.ts, which has no
 * timekeeper): no maintenance here (the mail queue's instance expires and archives every queue).
 */

export const REMINDER_SCHEDULES: Record<ReminderKind, { queue: string; cron: string }> = {
  /** Mondays at 07:00 Dutch time. */
  office_weekly: { queue: 'reminders-office-weekly', cron: '0 7 * * 1' },
  /** The 1st of the month at 07:00 Dutch time. */
  customer_monthly: { queue: 'reminders-customer-monthly', cron: '0 7 1 * *' },
};

/** A job's data: a fixed Dutch day ("YYYY-MM-DD") for `trigger`; a scheduled job has none. */
type JobData = { today?: string };

export type Reminders = {
  /** Registers the schedules and starts the workers (the app's onReady); nothing with REMINDERS=0. */
  start(): Promise<void>;
  /** Stops the workers after the run under way (the app's preClose, before the mail queue stops). */
  stop(): Promise<void>;
  /** One run now, in this process (tests; `today` pins the Dutch day). */
  run(kind: ReminderKind, today?: string): Promise<ReminderRun>;
  /**
   * Queues a job as the schedule does and wakes this process's worker (tests: the worker path);
   * resolves with the run's outcome (the job's output) once a worker of any process completed
   * it. Only with REMINDERS on.
   */
  trigger(kind: ReminderKind, today?: string): Promise<ReminderRun>;
};

export function createReminders(deps: {
  sql: SqlClient;
  service: RemindersService;
  /** config.reminders (REMINDERS): schedules and workers on. */
  enabled: boolean;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): Reminders {
  const { sql, service, enabled, log } = deps;

  const run = (kind: ReminderKind, today?: string) =>
    kind === 'office_weekly' ? service.officeWeekly(today) : service.customerMonthly(today);

  // pg-boss does not await its own completion statements: the pending ones are waited for at stop.
  const pending = new Set<Promise<unknown>>();
  const adapter = {
    executeSql(text: string, values?: unknown[]) {
      const query = sql.query(text, values);
      pending.add(query);
      void query.finally(() => pending.delete(query)).catch(() => {});
      return query;
    },
  };
  let boss: PgBoss | null = null;
  let running = 0;
  /** This process's worker of each reminder (`trigger` wakes it). */
  const workers = new Map<ReminderKind, string>();

  /** A batch of one job (batchSize 1): its run's outcome is the job's output. */
  async function handle(kind: ReminderKind, jobs: PgBoss.JobWithMetadata<JobData>[]): Promise<ReminderRun | undefined> {
    running++;
    try {
      let outcome: ReminderRun | undefined;
      for (const job of jobs) {
        // The day the schedule fired (a job picked up late or retried stays in its period).
        const today = job.data?.today ?? dutchToday(job.createdOn);
        try {
          outcome = await run(kind, today);
          log.info({ ...outcome }, 'reminders sent');
        } catch (err) {
          log.error({ err, kind }, 'reminders failed');
          throw err;
        }
      }
      return outcome;
    } finally {
      running--;
    }
  }

  return {
    run,

    async start() {
      if (!enabled) return;
      boss = new PgBoss({
        db: adapter,
        migrate: false,
        schedule: true,
        supervise: false,
        // The timekeeper's own queue (a fired schedule becomes a job through it): looked at every
        // 30 s, not pg-boss's 5 s, in every process; a reminder may go out half a minute late.
        cronWorkerIntervalSeconds: 30,
      } as PgBoss.ConstructorOptions);
      boss.on('error', (err) => log.error({ err }, 'reminders queue error'));
      await boss.start();
      for (const [kind, { queue, cron }] of Object.entries(REMINDER_SCHEDULES) as [
        ReminderKind,
        { queue: string; cron: string },
      ][]) {
        await boss.schedule(queue, cron, {}, { tz: DUTCH_TIME_ZONE });
        const worker = await boss.work<JobData>(
          queue,
          { includeMetadata: true, pollingIntervalSeconds: 30, batchSize: 1 },
          (jobs) => handle(kind, jobs),
        );
        workers.set(kind, worker);
      }
    },

    async stop() {
      if (!boss) return;
      const stopping = boss;
      boss = null;
      await stopping.stop({ graceful: true, wait: true, timeout: 30_000 });
      // As the mail queue: no statement of pg-boss's or of a run may reach a closed pool.
      for (;;) {
        await Promise.allSettled([...pending]);
        await new Promise((resolve) => setImmediate(resolve));
        if (pending.size === 0 && running === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    async trigger(kind, today) {
      if (!boss) throw new Error('reminders are off (REMINDERS=0) or not started');
      const { queue } = REMINDER_SCHEDULES[kind];
      const data: JobData = today ? { today } : {};
      const id = await boss.send(queue, data, { retryLimit: 0 });
      if (!id) throw new Error('reminder job not queued');
      // A new job wakes this process's worker at once (no wait for its polling interval).
      const worker = workers.get(kind);
      if (worker) boss.notifyWorker(worker);
      // Any process's worker may take it: its state is in the database (a test's bound, 20 s).
      const until = Date.now() + 20_000;
      for (;;) {
        const job = await boss.getJobById<JobData>(queue, id);
        if (job?.state === 'completed') return job.output as unknown as ReminderRun;
        if (job?.state === 'failed') throw new Error(`reminder job failed: ${JSON.stringify(job.output)}`);
        if (Date.now() > until) throw new Error('reminder job not done in time');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
