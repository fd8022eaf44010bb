import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { userTokens, users } from '../../db/schema/users';
import { lockOpenToken, openToken, usersWithOpenToken } from '../../db/user-tokens';

const openInvitation = (tokenHash: string) => openToken('invitation', tokenHash);

/** The user is archived, or belongs to an archived customer (a login refuses both). */
const archivedOrCustomerArchived = sql<boolean>`(${users.archivedAt} is not null or exists (
  select 1 from ${customers} where ${customers.id} = ${users.customerId} and ${customers.archivedAt} is not null))`;

/** Queries of the account lifecycle: one-time tokens (invitation, reset) and the passwords they set. */
export function createAccountRepository(db: Db) {
  return {
    /**
     * The activated account with this e-mail that may get a reset link, or why not
     * (`archived`: it or its customer is; `activated`: null while the invitation is open).
     */
    async findByEmail(email: string) {
      const [row] = await db
        .select({
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          activatedAt: users.activatedAt,
          hasPassword: sql<boolean>`${users.passwordHash} is not null`,
          archived: archivedOrCustomerArchived,
        })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    /**
     * The user of the unused, unexpired reset token with this hash, if it may still reset
     * (activated, not archived, nor its customer): for the strength check before the hashing.
     */
    async findOpenReset(tokenHash: string) {
      const [row] = await db
        .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(and(openToken('password_reset', tokenHash), sql`not ${archivedOrCustomerArchived}`))
        .limit(1);
      return row;
    },

    /**
     * The unused, unexpired reset token with this hash and its user, locked as
     * `lockOpenInvitation` locks an invitation (the user first, then the token).
     */
    async lockOpenReset(tokenHash: string, tx: Executor) {
      const [user] = await tx
        .select({ userId: users.id, archived: archivedOrCustomerArchived })
        .from(users)
        .where(inArray(users.id, usersWithOpenToken(tx, 'password_reset', tokenHash)))
        .for('no key update', { of: users });
      return lockOpenToken(tx, 'password_reset', tokenHash, user);
    },

    /**
     * Locks the user (FOR NO KEY UPDATE, the lock order of user management: the user, then its
     * tokens) so two reset requests at once leave one live link: the second waits, then
     * replaces the first's token. Returns whether it may still get one.
     */
    async lockForReset(userId: number, tx: Executor): Promise<boolean> {
      const [row] = await tx
        .select({ archived: archivedOrCustomerArchived, activatedAt: users.activatedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update', { of: users });
      return !!row && !row.archived && row.activatedAt !== null;
    },

    /** The user's stored password hash (change-password checks the current one). */
    async passwordHashOf(userId: number): Promise<string | null> {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      return row?.hash ?? null;
    },

    /**
     * A new password; every open reset link of the user dies with the old one, and a password
     * change an admin required (users: require-password-change) is done with it.
     */
    async setPassword(userId: number, passwordHash: string, tx: Executor = db): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, passwordChangeRequired: false, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.type, 'password_reset')));
    },

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
        .where(inArray(users.id, usersWithOpenToken(tx, 'invitation', tokenHash)))
        .for('no key update');
      return lockOpenToken(tx, 'invitation', tokenHash, user);
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
