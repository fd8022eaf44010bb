import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, timestamps } from './columns';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every e-mail the app sends, as queued: the job queue (lib/mail-queue.ts) delivers it and
 * records the outcome here, so admins see the mails that keep failing.
 */
export const mails = pgTable(
  'mails',
  {
    id: serialId(),
    /** What the mail is for, e.g. 'invitation', 'password_reset', 'malfunction_reported'. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    ...timestamps(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mails_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
    index('mails_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);
