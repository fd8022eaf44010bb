import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { activeUser } from '../../lib/active-user';
import { hmac, randomToken } from '../../lib/tokens';
import { createLoginAttemptsRepository, type LoginAttemptsRepository } from './login-attempts.repository';
import { createSessionsRepository, type SessionsRepository } from './sessions.repository';

export type Session = {
  /** The stored (HMAC'd) id, never the cookie value; a visitor's starts with `v.` and is not stored. */
  id: string;
  csrfToken: string;
  user: UserRow | null;
  /**
   * The user of a session whose password (or Google sign-in) was right but whose second factor
   * is still to come: `user` is null until POST /api/2fa turns it into a full session.
   */
  pendingUser?: UserRow;
};

/**
 * A visitor (not logged in) has no stored session: its cookie is `v.` and 256 random bits, and
 * its CSRF token is the HMAC of that cookie with the session secret (a signed double-submit
 * token), computed again on every request. So `GET /api/token` writes nothing, and anonymous
 * traffic cannot grow the sessions table; the login that follows starts a stored session with a
 * new cookie and a new random token. A session cookie (base64url) never contains a dot.
 */
const VISITOR = 'v.';
const VISITOR_COOKIE = /^v\.[A-Za-z0-9_-]{43}$/;

/** How long a session waiting for its second factor lives. */
const TWO_FACTOR_PENDING_MS = 10 * 60_000;

/** How often a session's last-seen time is written: not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** The repositories the store runs on: the composition root passes its own, the bench none. */
export type SessionStoreRepositories = { sessions: SessionsRepository; loginAttempts: LoginAttemptsRepository };

/** Sessions in the database, so any number of server processes share them. */
export function createSessionStore(
  db: Db,
  opts: { secret: string; idleMs: number; absoluteMs: number },
  {
    sessions = createSessionsRepository(db),
    loginAttempts = createLoginAttemptsRepository(db),
  }: Partial<SessionStoreRepositories> = {},
) {
  const idOf = (cookieValue: string) => hmac(opts.secret, cookieValue);
  const visitorSession = (cookie: string): Session => ({
    id: VISITOR + idOf(cookie),
    csrfToken: hmac(opts.secret, `csrf:${cookie}`),
    user: null,
  });

  return {
    /**
     * A new session: a user's is stored, a visitor's (userId null) is only a cookie and the token
     * derived from it (see VISITOR). Returns the cookie value.
     */
    async create(
      userId: number | null,
      { twoFactorPending = false }: { twoFactorPending?: boolean } = {},
    ): Promise<{ cookie: string; session: Session }> {
      if (userId === null) {
        const cookie = VISITOR + randomToken();
        return { cookie, session: visitorSession(cookie) };
      }
      const cookie = randomToken();
      const id = idOf(cookie);
      const csrfToken = randomToken();
      // A half-logged-in session lives as long as a login form is worth filling in: 10 minutes.
      const lifetime = twoFactorPending ? Math.min(opts.absoluteMs, TWO_FACTOR_PENDING_MS) : opts.absoluteMs;
      await sessions.insert({ id, userId, csrfToken, twoFactorPending, expiresAt: new Date(Date.now() + lifetime) });
      return { cookie, session: { id, csrfToken, user: null } };
    },

    /**
     * The live session behind a cookie, with its user (not archived, nor of an archived
     * customer); touches it now and then. A visitor's cookie costs no query.
     */
    async load(cookie: string): Promise<Session | null> {
      if (cookie.startsWith(VISITOR)) return VISITOR_COOKIE.test(cookie) ? visitorSession(cookie) : null;
      const now = Date.now();
      const id = idOf(cookie);
      const row = await sessions.findLive(id, new Date(now), new Date(now - opts.idleMs));
      if (!row) return null;
      const user = activeUser(row);
      if (row.session.userId !== null && !user) return null;
      if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await sessions.touch(id, new Date(now));
      if (row.session.twoFactorPending && user) {
        return { id, csrfToken: row.session.csrfToken, user: null, pendingUser: user };
      }
      return { id, csrfToken: row.session.csrfToken, user };
    },

    /** Ends a session (a visitor's has nothing stored to end). */
    destroy: async (id: string): Promise<void> => {
      if (!id.startsWith(VISITOR)) await sessions.delete(id);
    },

    /** Ends every session of a user (archived, role or password changed), except `keepId`. */
    destroyForUser: (userId: number, keepId?: string): Promise<void> => sessions.deleteForUser(userId, keepId),

    /** Ends every session of the users of a customer (the customer was archived). */
    destroyForCustomer: (customerId: number): Promise<void> => sessions.deleteForCustomer(customerId),

    /** Removes expired sessions and login attempts older than an hour. Safe in every process. */
    async prune(): Promise<void> {
      const now = Date.now();
      await sessions.deleteDead(new Date(now), new Date(now - opts.idleMs));
      await loginAttempts.deleteBefore(new Date(now - 3_600_000));
    },

    /** Number of stored sessions without a user (none since visitors have no stored session): tests. */
    countAnonymous: (): Promise<number> => sessions.countAnonymous(),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
