import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema/login-throttle';

/** Which counter: an e-mail from one IP, from any client without a device cookie, from one device. */
export type CounterKind = (typeof loginThrottle.kind.enumValues)[number];

/** One counter: `client` is the IP ('pair'), '' ('account') or the device id ('device'). */
export type CounterKey = { kind: CounterKind; email: string; client: string };

const keyIs = ({ kind, email, client }: CounterKey) =>
  and(eq(loginThrottle.kind, kind), eq(loginThrottle.email, email), eq(loginThrottle.client, client));

/** The login throttle's counters (login-throttle.ts uses them; the session store prunes old ones). */
export function createLoginAttemptsRepository(db: Db) {
  return {
    /**
     * Adds one to a counter and returns the new count, in one statement: a new window (count 1,
     * ending `windowMs` from now) when there is no row or its window has ended. INSERT ... ON
     * CONFLICT DO UPDATE locks the row, so concurrent calls each get their own count (1, 2, 3,
     * ...): no two requests can both read "4" and both go on. Times are the database's.
     */
    async increment(key: CounterKey, windowMs: number): Promise<number> {
      const expired = sql`${loginThrottle.resetAt} <= now()`;
      const [row] = await db
        .insert(loginThrottle)
        .values({ ...key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
        .onConflictDoUpdate({
          target: [loginThrottle.kind, loginThrottle.email, loginThrottle.client],
          set: {
            count: sql`case when ${expired} then 1 else ${loginThrottle.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${loginThrottle.resetAt} end`,
          },
        })
        .returning({ count: loginThrottle.count });
      return row!.count;
    },

    /** Takes one back from a counter whose window still runs (a reserved attempt that succeeded). */
    async decrement(key: CounterKey): Promise<void> {
      await db
        .update(loginThrottle)
        .set({ count: sql`greatest(${loginThrottle.count} - 1, 0)` })
        .where(and(keyIs(key), gt(loginThrottle.resetAt, sql`now()`)));
    },

    async delete(key: CounterKey): Promise<void> {
      await db.delete(loginThrottle).where(keyIs(key));
    },

    /** Counters whose window ended before `before`. */
    async deleteBefore(before: Date): Promise<void> {
      await db.delete(loginThrottle).where(lt(loginThrottle.resetAt, before));
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
