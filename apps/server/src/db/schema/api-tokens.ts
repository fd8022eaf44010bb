import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { createdAt, ownerRef, serialId } from './columns';

/**
 * Personal API tokens: a user's credential for an ERP or BI tool, sent as
 * `Authorization: Bearer kw_...`. Only the SHA-256 of the token is kept; it is shown once.
 * A request made with one is its user's, with the user's permissions; a read token only reads.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serialId(),
    userId: ownerRef('user_id', () => users.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute (like a session's last-seen time). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Revoked tokens stay (with their last use) for the trail; they admit nobody. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Why it was revoked: 'owner' (their own "Intrekken": it leaves their list) or 'archived' (the
     * user or their customer was archived: it stays in their list as revoked, and a restore does
     * not bring it back). Null with revoked_at: revoked by its owner before the reason was kept.
     */
    revokedReason: text('revoked_reason', { enum: ['owner', 'archived'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.id),
    check('api_tokens_scope_check', sql`${t.scope} IN ('read', 'write')`),
    check(
      'api_tokens_revoked_reason_check',
      sql`${t.revokedReason} IS NULL OR (${t.revokedReason} IN ('owner', 'archived') AND ${t.revokedAt} IS NOT NULL)`,
    ),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
