import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { userRecoveryCodes, users } from '../../db/schema/users';

/**
 * The two-factor state of the users (users.totp_*) and their recovery codes. Every "once" is a
 * conditional UPDATE: whichever of two concurrent requests updates the row first wins, the other
 * updates nothing.
 */
export function createTwoFactorRepository(db: Db) {
  return {
    /** The stored (encrypted) secret, whether it is in use, and the last accepted time step. */
    async stateOf(userId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          secret: users.totpSecret,
          enabledAt: users.totpEnabledAt,
          lastStep: users.totpLastStep,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** A new, unconfirmed secret (replaces an earlier unconfirmed one); false when two-factor is on. */
    async startSetup(userId: number, sealedSecret: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpSecret: sealedSecret, totpEnabledAt: null, totpLastStep: null })
        .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /**
     * Turns two-factor on with the secret the user confirmed (still the stored one, not yet on)
     * and accepts the code's time step; false when another request changed it meanwhile.
     */
    async enable(userId: number, sealedSecret: string, step: number, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({ totpEnabledAt: sql`now()`, totpLastStep: step })
        .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, sealedSecret)))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /**
     * Accepts a code's time step once: only when it is later than the last accepted one, in one
     * statement (a concurrent request with the same code updates nothing). False: used already.
     */
    async acceptStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(users.id, userId),
            isNotNull(users.totpEnabledAt),
            or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
          ),
        )
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** Replaces the user's recovery codes with these (their SHA-256). */
    async replaceRecoveryCodes(userId: number, codeHashes: string[], tx: Executor): Promise<void> {
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Uses an unused recovery code, once (concurrent requests: one wins). False: unknown or used. */
    async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(userRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(userRecoveryCodes.userId, userId),
            eq(userRecoveryCodes.codeHash, codeHash),
            isNull(userRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: userRecoveryCodes.id });
      return rows.length === 1;
    },

    /** Turns two-factor off: the secret, its last step and the recovery codes go. */
    async disable(userId: number, tx: Executor): Promise<void> {
      await tx
        .update(users)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(users.id, userId));
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    },

    /** The user's unused recovery codes (tests, and the count a screen could show). */
    async unusedRecoveryCodes(userId: number): Promise<number> {
      return db.$count(userRecoveryCodes, and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
