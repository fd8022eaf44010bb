import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { loginAttempts, sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { hmac, randomToken } from '../../lib/tokens';

export type UserRow = typeof users.$inferSelect & { customerName: string | null };

export type Session = {
  /** The stored (HMAC'd) id, never the cookie value. */
  id: string;
  csrfToken: string;
  user: UserRow | null;
};

/** How often a session's last-seen time is written: not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** Sessions in the database, so any number of server processes share them. */
export function createSessionStore(db: Db, opts: { secret: string; idleMs: number; absoluteMs: number }) {
  const idOf = (cookieValue: string) => hmac(opts.secret, cookieValue);
  // Every /api request with a cookie runs this: built once, not per request.
  const loadStatement = db
    .select({ session: sessions, user: users, customerName: customers.name })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('session_load');

  return {
    /** A new session (a visitor's when userId is null); returns the cookie value. */
    async create(userId: number | null): Promise<{ cookie: string; session: Session }> {
      const cookie = randomToken();
      const id = idOf(cookie);
      const csrfToken = randomToken();
      await db.insert(sessions).values({ id, userId, csrfToken, expiresAt: new Date(Date.now() + opts.absoluteMs) });
      return { cookie, session: { id, csrfToken, user: null } };
    },

    /** The live session behind a cookie, with its (not archived) user; touches it now and then. */
    async load(cookie: string): Promise<Session | null> {
      const now = Date.now();
      const id = idOf(cookie);
      const [row] = await loadStatement.execute({
        id,
        now: new Date(now).toISOString(),
        idleSince: new Date(now - opts.idleMs).toISOString(),
      });
      if (!row) return null;
      if (row.session.userId !== null && (!row.user || row.user.archivedAt)) return null;
      if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, id));
      }
      return {
        id,
        csrfToken: row.session.csrfToken,
        user: row.user ? { ...row.user, customerName: row.customerName } : null,
      };
    },

    async destroy(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every session of a user (archived, password changed), except `keepId`. */
    async destroyForUser(userId: number, keepId?: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined));
    },

    /** Removes expired sessions and login attempts older than an hour. Safe in every process. */
    async prune(): Promise<void> {
      const now = Date.now();
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - opts.idleMs))));
      await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now - 3_600_000)));
    },

    /** Number of live visitor sessions: used by tests. */
    async countAnonymous(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(isNull(sessions.userId));
      return row?.n ?? 0;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
