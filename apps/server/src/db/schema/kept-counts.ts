import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Row counts the lists show as their total, kept by PostgreSQL triggers in the transaction of
 * every change (migration 0021), so a total is one primary-key read instead of a count over tens
 * of thousands of index entries on every request. Keys: `tasklists` (every task list),
 * `tasklists:created_by:<user id>` (a user's own lists, the overview's `mine`) and
 * `malfunctions:<status>` (open, in_progress, resolved). Never written by the app.
 */
export const keptCounts = pgTable('kept_counts', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
});
