import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema/sessions';

/** 5 failures a minute per e-mail and IP (Laravel), 100 an hour per account whatever the IP (ASVS 2.2.1). */
export const THROTTLE = { perMinute: 5, perHour: 100 } as const;

/** Failed-login counters in the database, shared by every server process. */
export function createLoginThrottle(db: Db) {
  const since = (ms: number) => gt(loginAttempts.attemptedAt, new Date(Date.now() - ms));
  return {
    async isBlocked(email: string, ip: string): Promise<boolean> {
      const [row] = await db
        .select({
          pair: count(),
        })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip), since(60_000)));
      if ((row?.pair ?? 0) >= THROTTLE.perMinute) return true;
      const perAccount = await db.$count(loginAttempts, and(eq(loginAttempts.email, email), since(3_600_000)));
      return perAccount >= THROTTLE.perHour;
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await db.insert(loginAttempts).values({ email, ip });
    },
    async clear(email: string, ip: string): Promise<void> {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
