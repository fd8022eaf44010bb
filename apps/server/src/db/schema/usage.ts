import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { ownerRef } from './columns';

/**
 * Uploads and exports a user started, counted per fixed window of an hour (modules/usage): one
 * row per user and kind, `reset_at` ends the window. A request adds one in one statement
 * (INSERT ... ON CONFLICT DO UPDATE, as the login throttle), so parallel requests, in any
 * process, each get their own count and cannot pass the limit together.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: ownerRef('user_id', () => users.id),
    kind: text('kind', { enum: ['upload', 'export'] }).notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
