import type PgBoss from 'pg-boss';
import type { SqlClient } from '../db/client';
import { errorText, QUEUE, type BusyCount, type MailJob } from './mail-queue-boss';
import type { Mailer } from './mailer';

/*
 * The sending side of the mail queue (lib/mail-queue.ts): the worker's attempts at the jobs'
 * mails, and the dead letters' worker that marks the mails whose jobs failed for good.
 */

export function createMailWorker(deps: {
  sql: SqlClient;
  transport: Mailer;
  boss: PgBoss;
  busy: BusyCount;
  log: { warn(obj: object, msg: string): void };
}) {
  const { sql, transport, boss, busy, log } = deps;

  /** One attempt at one job's mail. Throws when the transport fails. */
  async function deliver(job: MailJob) {
    const { mailId, base } = job.data;
    // The claim: only the worker whose attempt number matches sends (a job handed out twice, or a
    // mail queued twice, goes out once); a sent or failed mail is left alone.
    const claimed = await sql.query(
      `update mails set attempts = attempts + 1, updated_at = now()
       where id = $1 and status = 'queued' and attempts = $2
       returning to_address, subject, text, html`,
      [mailId, base + job.retryCount],
    );
    const row = claimed.rows[0] as
      { to_address: string; subject: string; text: string; html: string | null } | undefined;
    if (!row) return;
    try {
      await transport.send({ to: row.to_address, subject: row.subject, text: row.text, html: row.html ?? undefined });
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      await sql.query(
        `update mails set last_error = $2, status = case when $3::boolean then 'failed' else status end, updated_at = now()
         where id = $1`,
        [mailId, errorText(err), last],
      );
      throw err;
    }
    await sql.query(`update mails set status = 'sent', sent_at = now(), updated_at = now() where id = $1`, [mailId]);
  }

  return {
    async work(jobs: MailJob[]) {
      busy.begin();
      try {
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await deliver(job);
            } catch (err) {
              log.warn(
                { err, mailId: job.data.mailId, attempt: job.retryCount + 1, retryLimit: job.retryLimit },
                'mail not sent',
              );
              // This job alone goes to retry (or failed); pg-boss completes the rest of the batch.
              await boss.fail(QUEUE, job.id, { message: errorText(err) });
            }
          }),
        );
      } finally {
        busy.end();
      }
    },

    /**
     * A mail whose job failed for good: `failed`, unless the row changed after the job failed (an
     * admin queued it again) or the mail worker marked it already.
     */
    async buryAll(jobs: MailJob[]) {
      busy.begin();
      try {
        for (const job of jobs) {
          await sql.query(
            `update mails set status = 'failed', last_error = coalesce(last_error, $3), updated_at = now()
             where id = $1 and status = 'queued' and updated_at <= $2::timestamptz`,
            [job.data.mailId, job.createdOn, 'Niet verstuurd: de laatste poging is afgebroken'],
          );
        }
      } finally {
        busy.end();
      }
    },
  };
}
