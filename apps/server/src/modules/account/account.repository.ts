import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { userTokens, users } from '../../db/schema/users';

/** An invitation token with this hash that is neither used nor expired. */
const openInvitation = (tokenHash: string) =>
  and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.type, 'invitation'),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
  );

/** Queries of the account lifecycle: invitation tokens and the password they set. */
export function createAccountRepository(db: Db) {
  return {
    /**
     * The user of the unused, unexpired invitation with this token hash (not locked): whose
     * password is about to be set, for the strength check before the hashing and the transaction.
     */
    async findOpenInvitation(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(and(openInvitation(tokenHash), isNull(users.archivedAt)))
        .limit(1);
      return row;
    },

    /**
     * The unused, unexpired invitation with this token hash and its user, locked (FOR UPDATE) so
     * two requests with the same link cannot both use it. Run it inside a transaction. The user
     * is locked first, then the token: the order in which a resend or an edit of the user locks
     * them (users.service.ts), so an activation and a resend at once wait for each other in turn
     * instead of in a circle (a deadlock, which PostgreSQL ends with an error).
     */
    async lockOpenInvitation(tokenHash: string, tx: Executor = db) {
      const [user] = await tx
        .select({ userId: users.id, archivedAt: users.archivedAt })
        .from(users)
        .where(
          inArray(users.id, tx.select({ id: userTokens.userId }).from(userTokens).where(openInvitation(tokenHash))),
        )
        .for('no key update');
      if (!user) return undefined;
      const [token] = await tx
        .select({ tokenId: userTokens.id })
        .from(userTokens)
        .where(and(openInvitation(tokenHash), eq(userTokens.userId, user.userId)))
        .for('update');
      return token && { tokenId: token.tokenId, ...user };
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
