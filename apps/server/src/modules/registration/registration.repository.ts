import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { userTokens, users } from '../../db/schema/users';
import { lockOpenToken, openToken, usersWithOpenToken } from '../../db/user-tokens';

/**
 * The open activation link of a self-registered account: an unused, unexpired invitation token
 * (the same tokens as an admin's invitation, users.service.ts) of a user that chose its password
 * at registration and is not activated yet.
 */
const openInvitation = (tokenHash: string) => openToken('invitation', tokenHash);

/** Queries of self-registration; the new user and its token go through the users repository. */
export function createRegistrationRepository(db: Db) {
  return {
    /**
     * The self-registered, not yet activated user of this open link, locked with its token (user
     * first, then the token: the order of account.repository.ts and users.service.ts), so two
     * requests with one link cannot both use it. Run it inside a transaction.
     */
    async lockOpenRegistration(tokenHash: string, tx: Executor) {
      const [user] = await tx
        .select({ userId: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(
          and(
            inArray(users.id, usersWithOpenToken(tx, 'invitation', tokenHash)),
            isNotNull(users.passwordHash),
            isNull(users.activatedAt),
            isNull(users.archivedAt),
          ),
        )
        .for('no key update');
      return lockOpenToken(tx, 'invitation', tokenHash, user);
    },

    /**
     * What the open activation link with this hash is, without locking or spending it (the check
     * of the activate screen): a self-registered account waiting for its click (password set, not
     * activated: `lockOpenRegistration`'s rows), any other open invitation of a user that is not
     * archived (what POST /api/activate accepts), or undefined.
     */
    async findOpenLinkKind(tokenHash: string): Promise<'registration' | 'invitation' | undefined> {
      const [row] = await db
        .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null`, activatedAt: users.activatedAt })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(and(openInvitation(tokenHash), isNull(users.archivedAt)))
        .limit(1);
      if (!row) return undefined;
      return row.hasPassword && row.activatedAt === null ? 'registration' : 'invitation';
    },

    /** Spends the link and activates the account (its password is already set). */
    async activate(userId: number, tokenId: number, tx: Executor): Promise<void> {
      await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, tokenId));
      await tx.update(users).set({ activatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
