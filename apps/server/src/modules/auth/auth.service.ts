import { TEXT } from '@keurwijzer/shared/texts';
import type { LoginInput, User } from '@keurwijzer/shared/users';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { dummyHash, verifyPassword } from '../../lib/password';
import type { LoginThrottle } from './login-throttle';
import type { SessionStore } from './session-store';

/**
 * What logging in needs of the users module, passed in by the composition root
 * (modules/index.ts): the user with an e-mail address (archived or not, with its password hash)
 * and the user as the API shows it.
 */
export type AuthUsers = {
  findByEmail(email: string): Promise<UserRow | undefined>;
  present(row: UserRow): User;
};

type Deps = { users: AuthUsers; sessions: SessionStore; throttle: LoginThrottle; scryptLogN: number };

/** The same 422 for an unknown e-mail, a wrong password, an archived or not yet activated user. */
const invalidLogin = () => new AppError(422, TEXT.invalidLogin, { email: [TEXT.invalidLogin] });

export function createAuthService({ users, sessions, throttle, scryptLogN }: Deps) {
  return {
    /**
     * Checks the credentials and starts a new session (a new id and CSRF token: the visitor's
     * session, and its token, end here). Returns the cookie value and the user.
     */
    async login(input: LoginInput, ip: string, previousSessionId: string | undefined) {
      if (await throttle.isBlocked(input.email, ip)) throw new AppError(429, TEXT.throttled);
      const user = await users.findByEmail(input.email);
      // Always run scrypt once, so the answer takes as long whether or not the account exists.
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash(scryptLogN)));
      if (!user || !ok || !user.passwordHash || user.archivedAt) {
        await throttle.recordFailure(input.email, ip);
        throw invalidLogin();
      }
      await throttle.clear(input.email, ip);
      if (previousSessionId) await sessions.destroy(previousSessionId);
      const { cookie } = await sessions.create(user.id);
      return { cookie, user: users.present(user) };
    },

    /** The logged-in user of a session as the API shows it. */
    authorized: (user: UserRow): User => users.present(user),

    async logout(sessionId: string): Promise<void> {
      await sessions.destroy(sessionId);
    },

    /** The visitor's CSRF token, starting a visitor session when there is none. */
    async token(sessionToken: string | undefined): Promise<{ token: string; cookie?: string }> {
      if (sessionToken) return { token: sessionToken };
      const { cookie, session } = await sessions.create(null);
      return { token: session.csrfToken, cookie };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
