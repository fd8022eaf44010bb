import { eq } from 'drizzle-orm';
import type { MailListQuery, QueuedMail } from '@keurwijzer/shared/mails';
import type { Db } from '../../db/client';
import { mails } from '../../db/schema/mails';
import { allOf, orderBy, paginate, searchCondition } from '../../lib/list-query';
import { iso } from '../../lib/presenters';

const present = (row: typeof mails.$inferSelect): QueuedMail => ({
  id: row.id,
  kind: row.kind,
  to: row.toAddress,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  last_error: row.lastError,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
  sent_at: row.sentAt ? iso(row.sentAt) : null,
});

const SORT_COLUMNS = {
  created_at: mails.createdAt,
  to: mails.toAddress,
  subject: mails.subject,
  attempts: mails.attempts,
};

/** The `mails` rows the queue (lib/mail-queue.ts) writes, as the admins read them. */
export function createMailsRepository(db: Db) {
  return {
    list(q: MailListQuery) {
      const where = allOf(
        q.status ? eq(mails.status, q.status) : undefined,
        searchCondition(q.search, [mails.toAddress, mails.subject]),
      );
      return paginate(
        q,
        () => db.$count(mails, where),
        async (limit, offset) =>
          (
            await db
              .select()
              .from(mails)
              .where(where)
              .orderBy(...orderBy(q.sortKey, q.sortOrder, SORT_COLUMNS, mails.id))
              .limit(limit)
              .offset(offset)
          ).map(present),
      );
    },

    async find(id: number): Promise<QueuedMail | undefined> {
      const [row] = await db.select().from(mails).where(eq(mails.id, id));
      return row ? present(row) : undefined;
    },

    /** How many mails failed for good (a badge for the admins' menu). */
    failedCount: () => db.$count(mails, eq(mails.status, 'failed')),
  };
}

export type MailsRepository = ReturnType<typeof createMailsRepository>;
