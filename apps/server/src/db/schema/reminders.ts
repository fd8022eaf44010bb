import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users';
import { createdAt, ownerRef } from './columns';

/** The reminder mails (modules/reminders): the weekly one to the office, the monthly one to customer users. */
export const REMINDER_KINDS = ['office_weekly', 'customer_monthly'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * A reminder mail queued: one row per kind, period ('2026-W48' for a week, '2026-12' for a
 * month) and user, written in the transaction that queues the mail, so a second run of the same
 * period (two processes, a retried job) finds the key taken and sends nothing (migration 0026).
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    kind: text('kind').$type<ReminderKind>().notNull(),
    period: text('period').notNull(),
    userId: ownerRef('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'reminder_sends_pk', columns: [t.kind, t.period, t.userId] }),
    index('reminder_sends_user_idx').on(t.userId),
    check('reminder_sends_kind_check', sql`${t.kind} in ('office_weekly', 'customer_monthly')`),
  ],
);
