import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { userTokens, users } from '../../db/schema/users';

/** Queries of the account lifecycle: invitation tokens and the password they set. */
export function createAccountRepository(db: Db) {
  return {
    /**
     * The unused, unexpired invitation with this token hash and its user, locked (FOR UPDATE) so
     * two requests with the same link cannot both use it. Run it inside a transaction.
     */
    async lockOpenInvitation(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select({ tokenId: userTokens.id, userId: users.id, archivedAt: users.archivedAt })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(
          and(
            eq(userTokens.tokenHash, tokenHash),
            eq(userTokens.type, 'invitation'),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, new Date()),
          ),
        )
        .for('update')
        .limit(1);
      return row;
    },

    /** Marks the token as used: a link works once. */
    async spendToken(tokenId: number, tx: Executor = db): Promise<void> {
      await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, tokenId));
    },

    /** Sets the user's first password and marks the account as activated. */
    async activateUser(userId: number, passwordHash: string, tx: Executor = db): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, activatedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
