import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';
import { auditEvents } from '../../db/schema/audit';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';

/** The queries of the personal API tokens (api-tokens.service.ts). */
export function createApiTokensRepository(db: Db) {
  // Every request with a token runs this: built once.
  const liveStatement = db
    .select({
      token: { id: apiTokens.id, scope: apiTokens.scope, lastUsedAt: apiTokens.lastUsedAt },
      user: users,
      customerName: customers.name,
      customerArchivedAt: customers.archivedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('hash')),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('api_token_load');

  const live = (userId: number, now: Date) =>
    and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now));

  return {
    /** The live (not revoked, not expired) token with this hash, with its user and the user's customer. */
    async findLive(hash: string, now: Date) {
      const [row] = await liveStatement.execute({ hash, now: now.toISOString() });
      return row;
    },

    async touch(id: number, at: Date): Promise<void> {
      await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
    },

    /**
     * The user's tokens, newest first: those not revoked (expired ones too: the owner sees they
     * expired) and those an archive revoked (the owner sees why their program stopped); the ones
     * they revoked themselves are gone.
     */
    list: (userId: number) =>
      db
        .select()
        .from(apiTokens)
        .where(
          and(eq(apiTokens.userId, userId), or(isNull(apiTokens.revokedAt), eq(apiTokens.revokedReason, 'archived'))),
        )
        .orderBy(desc(apiTokens.id)),

    /**
     * Inserts the token unless the user has `max` live ones already ('limit'), in a transaction
     * that locks the user's row first: two requests at once cannot both pass the count, and a user
     * archived meanwhile (whose tokens the archive revoked under the same lock) gets none
     * ('archived').
     */
    async insertWithin(values: typeof apiTokens.$inferInsert, max: number, now: Date) {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ archivedAt: users.archivedAt })
          .from(users)
          .where(eq(users.id, values.userId))
          .for('update');
        if (!user || user.archivedAt) return 'archived' as const;
        const [counted] = await tx.select({ n: count() }).from(apiTokens).where(live(values.userId, now));
        if ((counted?.n ?? 0) >= max) return 'limit' as const;
        const [row] = await tx.insert(apiTokens).values(values).returning();
        return row!;
      });
    },

    /** Revokes the user's own token; false when the user has no such (unrevoked) token. */
    async revoke(userId: number, id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(apiTokens)
        .set({ revokedAt: at, revokedReason: 'owner' })
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },

    /** One trail row for a request made with a token: which route, what it answered. */
    async recordUse(use: { tokenId: number; userId: number; route: string; status: number }): Promise<void> {
      await db.insert(auditEvents).values({
        actorId: use.userId,
        apiTokenId: use.tokenId,
        entity: 'api_token',
        entityId: use.tokenId,
        action: 'use',
        changes: { request: [null, use.route], status_code: [null, use.status] },
      });
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
