import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema/sessions';

/** Failed logins (login-throttle.ts counts them; the session store prunes old ones). */
export function createLoginAttemptsRepository(db: Db) {
  return {
    /** Failures of this e-mail from this IP after `since`. */
    async countForPair(email: string, ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({
          pair: count(),
        })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip), gt(loginAttempts.attemptedAt, since)));
      return row?.pair ?? 0;
    },

    /** Failures of this e-mail from any IP after `since`. */
    countForEmail: (email: string, since: Date): Promise<number> =>
      db.$count(loginAttempts, and(eq(loginAttempts.email, email), gt(loginAttempts.attemptedAt, since))),

    async insert(email: string, ip: string): Promise<void> {
      await db.insert(loginAttempts).values({ email, ip });
    },

    async deleteForPair(email: string, ip: string): Promise<void> {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
    },

    async deleteBefore(before: Date): Promise<void> {
      await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, before));
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
