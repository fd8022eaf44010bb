import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { createdAt } from './columns';

/**
 * Server-side sessions. `id` is an HMAC of the cookie value, so a copy of this table does not
 * hand out live sessions. A session without user is a visitor's (it carries the login CSRF token).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry: created_at + SESSION_ABSOLUTE_HOURS. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The password (or Google) was right but the second factor is still to come: the session
     * knows its user, yet the app treats it as logged out except for POST /api/2fa.
     */
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
