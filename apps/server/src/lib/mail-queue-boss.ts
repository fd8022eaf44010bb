import PgBoss from 'pg-boss';
import type { SqlClient, SqlExecutor } from '../db/client';

/*
 * pg-boss on the app's own database (lib/mail-queue.ts): its statements go through
 * `Database.sql`, and the ones it does not await are kept so that stop can wait for them.
 */

/** The queue of the mails' jobs. */
export const QUEUE = 'mail';
/**
 * pg-boss's dead letters of QUEUE: a job that failed for good lands here. Its worker marks a
 * mail `failed` that the mail worker could not mark itself (its process died during the last
 * attempt and pg-boss failed the expired job).
 */
export const DEAD = 'mail-failed';
export type JobData = { mailId: number; base: number };
export type MailJob = PgBoss.JobWithMetadata<JobData>;

/** pg-boss's error text of a failed attempt, kept short for the admins' list. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export function createBoss(
  sql: SqlClient,
  maintenanceIntervalSeconds: number,
  log: { error(obj: object, msg: string): void },
) {
  // pg-boss does not await its own completion statements: the pending ones are waited for at stop.
  const pending = new Set<Promise<unknown>>();
  const adapter = {
    executeSql(text: string, values?: unknown[]) {
      const run = sql.query(text, values);
      pending.add(run);
      void run.finally(() => pending.delete(run)).catch(() => {});
      return run;
    },
  };
  const boss = new PgBoss({
    db: adapter,
    migrate: false,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => log.error({ err }, 'mail queue error'));
  return { boss, pending };
}

/** pg-boss's `db` option for a statement inside the caller's transaction. */
export const onTx = (tx: SqlExecutor) => ({
  executeSql: (text: string, values?: unknown[]) => tx.query(text, values),
});

/** Batches being sent (by the worker or the dead letters' worker); `whenIdle` resolves when none is. */
export function createBusyCount() {
  let sending = 0;
  let idle: { promise: Promise<void>; resolve(): void } | null = null;
  return {
    begin() {
      sending++;
    },
    end() {
      sending--;
      if (sending === 0 && idle) {
        idle.resolve();
        idle = null;
      }
    },
    busy: () => sending !== 0,
    whenIdle(): Promise<void> {
      if (sending === 0) return Promise.resolve();
      if (!idle) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        idle = { promise, resolve };
      }
      return idle.promise;
    },
  };
}
export type BusyCount = ReturnType<typeof createBusyCount>;
