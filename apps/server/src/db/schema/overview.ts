import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * The office home's numbers per customer, kept by PostgreSQL triggers (migrations 0025, 0042) as of
 * `overview_clock.day` and its window (`window_days`): machines in use, not afgekeurd, whose next
 * due date is on or before that day (`overdue`) or in the window after it (`due_soon`); machines in
 * use that are afgekeurd (`rejected`); due rows (machine_due, not rejected) on or before the day
 * (`overdue_rows`). When the Dutch day moves on, the first reader moves the clock
 * (`overview_clock_set(day, window)`); a repair is `overview_counts_rebuild(day, window)`. Never
 * written by the app otherwise.
 */
export const overviewClock = pgTable(
  'overview_clock',
  {
    id: boolean('id').primaryKey().default(true),
    day: date('day', { mode: 'string' }).notNull(),
    windowDays: integer('window_days').notNull().default(28),
  },
  (t) => [check('overview_clock_one_row', sql`${t.id}`)],
);

export const overviewCounts = pgTable(
  'overview_counts',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    overdue: integer('overdue').notNull().default(0),
    overdueRows: integer('overdue_rows').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    dueSoon: integer('due_soon').notNull().default(0),
  },
  (t) => [
    index('overview_counts_overdue_idx')
      .on(t.overdue.desc(), t.customerId)
      .where(sql`${t.overdue} > 0`),
  ],
);
