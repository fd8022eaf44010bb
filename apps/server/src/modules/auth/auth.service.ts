import { TEXT } from '@keurwijzer/shared/texts';
import type { CurrentUser, LoginInput, LoginResult, User } from '@keurwijzer/shared/users';
import { EMPLOYEE_ROLES } from '@keurwijzer/shared/permissions';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { languageOf } from '../../lib/language';
import { dummyHash, verifyPassword } from '../../lib/password';
import type { SecurityFields, SecurityLog } from '../../lib/security-log';
import type { DeviceCookies } from './device-cookie';
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

type Deps = {
  users: AuthUsers;
  sessions: SessionStore;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  scryptLogN: number;
  /** TWO_FACTOR_REQUIRED_FOR_EMPLOYEES. */
  twoFactorRequiredForEmployees: boolean;
};

/** What a login request brings besides the form: where from, its cookies, its security log. */
export type LoginContext = {
  ip: string;
  /** The visitor session the login replaces. */
  previousSessionId: string | undefined;
  /** The device cookie's value, if the browser sent one. */
  deviceCookie: string | undefined;
  log: SecurityLog;
};

/** The same 422 for an unknown e-mail, a wrong password, an archived or not yet activated user. */
const invalidLogin = () => new AppError(422, TEXT.invalidLogin, { email: [TEXT.invalidLogin] });

/** Why the credentials do not log in, for the security log (the client never sees it). */
function failureOf(user: UserRow | undefined, passwordOk: boolean): SecurityFields['reason'] | null {
  if (!user) return 'unknown_email';
  // A self-registered user chose its password at registration, but logs in only once activated.
  if (!user.passwordHash || !user.activatedAt) return 'not_activated';
  if (!passwordOk) return 'wrong_password';
  if (user.archivedAt) return 'archived';
  return null;
}

/**
 * Two-factor sign-in is compulsory for this user (TWO_FACTOR_REQUIRED_FOR_EMPLOYEES, an employee
 * role) and not on yet: the web sends it to 2fa-intro, the API (plugins/access.ts) refuses it
 * everything but setting it up and leaving.
 */
export function twoFactorSetupRequired(row: Pick<UserRow, 'role' | 'totpEnabledAt'>, requiredForEmployees: boolean) {
  return requiredForEmployees && row.totpEnabledAt === null && (EMPLOYEE_ROLES as readonly string[]).includes(row.role);
}

export function createAuthService({
  users,
  sessions,
  throttle,
  devices,
  scryptLogN,
  twoFactorRequiredForEmployees,
}: Deps) {
  /** The logged-in user with the account's own settings (CurrentUserSchema). */
  const presentCurrent = (row: UserRow): CurrentUser => ({
    ...users.present(row),
    // The stored preference when it is a supported language, else Dutch (lib/language.ts).
    lang: languageOf({ stored: row.lang }),
    two_factor_enabled: row.totpEnabledAt !== null,
    two_factor_setup_required: twoFactorSetupRequired(row, twoFactorRequiredForEmployees),
    password_change_required: row.passwordChangeRequired,
  });

  /**
   * Starts the session of a user whose first factor (password, or Google) was right: a full
   * session, or, with two-factor sign-in on, a session that waits for the code (POST /api/2fa).
   * The visitor's session ends either way; the new one has a new id and CSRF token.
   */
  async function startSession(
    user: UserRow,
    previousSessionId: string | undefined,
  ): Promise<{ cookie: string; result: LoginResult }> {
    if (previousSessionId) await sessions.destroy(previousSessionId);
    const twoFactorPending = user.totpEnabledAt !== null;
    const { cookie } = await sessions.create(user.id, { twoFactorPending });
    return { cookie, result: twoFactorPending ? { two_factor_required: true } : presentCurrent(user) };
  }

  return {
    presentCurrent,
    startSession,

    /** The device cookie's name and attributes, for the routes that set and read it. */
    deviceCookie: { name: devices.name, options: devices.options },

    /**
     * Checks the credentials and starts a new session (a new id and CSRF token: the visitor's
     * session, and its token, end here). The attempt is counted before the password is checked
     * (login-throttle.ts), so parallel requests cannot get more checks than the limits allow.
     * Returns the session cookie, a new device cookie and the user.
     */
    async login(input: LoginInput, { ip, previousSessionId, deviceCookie, log }: LoginContext) {
      const user = await users.findByEmail(input.email);
      const deviceId = user ? devices.deviceOf(deviceCookie, user.id) : null;
      const who = { userId: user?.id ?? null, email: input.email, knownDevice: deviceId !== null };
      const attempt = { email: input.email, ip, deviceId };

      const limit = await throttle.reserve(attempt);
      if (limit) {
        log('login.throttled', { ...who, reason: limit });
        throw new AppError(429, limit === 'pair' ? TEXT.throttled : TEXT.throttledAccount);
      }
      // Always run scrypt once, so the answer takes as long whether or not the account exists.
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash(scryptLogN)));
      const failure = failureOf(user, ok);
      if (failure || !user) {
        log('login.failure', { ...who, reason: failure ?? 'unknown_email' });
        throw invalidLogin();
      }
      await throttle.succeeded(attempt);
      const { cookie, result } = await startSession(user, previousSessionId);
      log('login.success', { ...who, twoFactorPending: 'two_factor_required' in result });
      return { cookie, device: devices.issue(user.id), result };
    },

    /** The logged-in user of a session as the API shows it. */
    authorized: (user: UserRow): CurrentUser => presentCurrent(user),

    async logout(sessionId: string, user: UserRow, log: SecurityLog): Promise<void> {
      await sessions.destroy(sessionId);
      log('logout', { userId: user.id, email: user.email });
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
