import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { hmac, randomToken } from '../../lib/tokens';
import { createLoginAttemptsRepository, type LoginAttemptsRepository } from './login-attempts.repository';
import { createSessionsRepository, type SessionsRepository } from './sessions.repository';

export type Session = {
  /** The stored (HMAC'd) id, never the cookie value. */
  id: string;
  csrfToken: string;
  user: UserRow | null;
};

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

  return {
    /** A new session (a visitor's when userId is null); returns the cookie value. */
    async create(userId: number | null): Promise<{ cookie: string; session: Session }> {
      const cookie = randomToken();
      const id = idOf(cookie);
      const csrfToken = randomToken();
      await sessions.insert({ id, userId, csrfToken, expiresAt: new Date(Date.now() + opts.absoluteMs) });
      return { cookie, session: { id, csrfToken, user: null } };
    },

    /** The live session behind a cookie, with its (not archived) user; touches it now and then. */
    async load(cookie: string): Promise<Session | null> {
      const now = Date.now();
      const id = idOf(cookie);
      const row = await sessions.findLive(id, new Date(now), new Date(now - opts.idleMs));
      if (!row) return null;
      if (row.session.userId !== null && (!row.user || row.user.archivedAt)) return null;
      if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await sessions.touch(id, new Date(now));
      return {
        id,
        csrfToken: row.session.csrfToken,
        user: row.user ? { ...row.user, customerName: row.customerName } : null,
      };
    },

    destroy: (id: string): Promise<void> => sessions.delete(id),

    /** Ends every session of a user (archived, role or password changed), except `keepId`. */
    destroyForUser: (userId: number, keepId?: string): Promise<void> => sessions.deleteForUser(userId, keepId),

    /** Removes expired sessions and login attempts older than an hour. Safe in every process. */
    async prune(): Promise<void> {
      const now = Date.now();
      await sessions.deleteDead(new Date(now), new Date(now - opts.idleMs));
      await loginAttempts.deleteBefore(new Date(now - 3_600_000));
    },

    /** Number of live visitor sessions: used by tests. */
    countAnonymous: (): Promise<number> => sessions.countAnonymous(),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
