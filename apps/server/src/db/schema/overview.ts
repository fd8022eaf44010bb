import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * The office home's Verlopen per customer, kept by PostgreSQL triggers (migration 0025) as of
 * `overview_clock.day`: machines in use, not afgekeurd, whose next due date is on or before that
 * day (`overdue`), and due rows (machine_due, not rejected) likewise (`overdue_rows`). When the
 * Dutch day moves on, the first reader moves the clock (`overview_clock_set(day)`); a repair is
 * `overview_counts_rebuild(day)`. Never written by the app otherwise.
 */
export const overviewClock = pgTable(
  'overview_clock',
  {
    id: boolean('id').primaryKey().default(true),
    day: date('day', { mode: 'string' }).notNull(),
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
  },
  (t) => [
    index('overview_counts_overdue_idx')
      .on(t.overdue.desc(), t.customerId)
      .where(sql`${t.overdue} > 0`),
  ],
);
