import type { CounterKey, CounterKind, LoginAttemptsRepository } from './login-attempts.repository';

/**
 * The limits, each counted per fixed window that starts at its first attempt (as Laravel's rate
 * limiter does):
 * - `pair`: 5 a minute per e-mail and IP (Laravel), whoever is asking;
 * - `account`: 100 an hour per e-mail (ASVS 2.2.1) for every client without a valid device
 *   cookie of that account together: however many addresses a guesser uses;
 * - `device`: a browser that logged in to the account before (a device cookie, OWASP "Slow Down
 *   Online Guessing Attacks with Device Cookies") has its own 20 an hour, so the guessers that
 *   fill the account's counter do not lock the owner out.
 */
export const THROTTLE = {
  pair: { max: 5, windowMs: 60_000 },
  account: { max: 100, windowMs: 3_600_000 },
  device: { max: 20, windowMs: 3_600_000 },
  // The same counters for the password calls (modules/account/password.service.ts):
  // forgot-password 5 an hour per e-mail and IP, 20 an hour per IP whatever the e-mail;
  // change-password's current password 5 a minute per account and IP, as the login's pair.
  recover: { max: 5, windowMs: 3_600_000 },
  recover_ip: { max: 20, windowMs: 3_600_000 },
  password: { max: 5, windowMs: 60_000 },
  // The password checks of a session (change-password, two-factor on/off, new recovery codes)
  // per account from every address together, as the login's `account`: a stolen session cannot
  // spread its guesses over many addresses. A right password gives its place back.
  password_account: { max: 20, windowMs: 3_600_000 },
  // Reset mails (forgot-password) to one address, whoever asks from wherever: one a minute and
  // five an hour, so nobody can flood a mailbox or keep replacing its link. Counted after the
  // answer, which stays the same (no enumeration).
  recover_mail_minute: { max: 1, windowMs: 60_000 },
  recover_mail_hour: { max: 5, windowMs: 3_600_000 },
  // Two-factor codes (modules/two-factor): 5 a minute per account and IP, as the login's pair,
  // and 20 an hour per account from all clients together, so six digits cannot be worked through
  // from many addresses within the 10 minutes a waiting session lives.
  two_factor: { max: 5, windowMs: 60_000 },
  two_factor_account: { max: 20, windowMs: 3_600_000 },
} as const satisfies Record<CounterKind, { max: number; windowMs: number }>;

/** The counters of the other calls (passwords, two-factor codes). */
export type OtherCounterKind = Exclude<CounterKind, 'pair' | 'account' | 'device'>;

/** The login's own counters. */
type LoginKind = Extract<CounterKind, 'pair' | 'account' | 'device'>;

/** Who is trying: the e-mail typed, the client's IP and its device id (a valid device cookie). */
export type LoginAttempt = { email: string; ip: string; deviceId: string | null };

const pairKey = (a: LoginAttempt): CounterKey => ({ kind: 'pair', email: a.email, client: a.ip });
const clientKey = (a: LoginAttempt): CounterKey =>
  a.deviceId === null
    ? { kind: 'account', email: a.email, client: '' }
    : { kind: 'device', email: a.email, client: a.deviceId };

/**
 * Login attempts counted in the database (shared by every server process) before the password
 * is checked: an attempt takes a place in its counters first, in one statement each, so however
 * many arrive at once, at most `max` per window get to the password check. A failed attempt keeps
 * its place; a successful one gives it back.
 */
export function createLoginThrottle(attempts: LoginAttemptsRepository) {
  return {
    /**
     * Counts the attempt: the pair's counter, then the account's (no device cookie) or the
     * device's. Returns the limit that refuses it, or null when the password may be checked.
     */
    async reserve(attempt: LoginAttempt): Promise<LoginKind | null> {
      if ((await attempts.increment(pairKey(attempt), THROTTLE.pair.windowMs)) > THROTTLE.pair.max) return 'pair';
      const key = clientKey(attempt);
      const limit = THROTTLE[key.kind];
      return (await attempts.increment(key, limit.windowMs)) > limit.max ? (key.kind as LoginKind) : null;
    },

    /**
     * Counts one attempt on a counter of another kind (the password calls) and says whether it
     * is over that kind's limit: the same statement, table and windows as the login's counters.
     */
    async hit(kind: OtherCounterKind, email: string, client: string): Promise<boolean> {
      return (await attempts.increment({ kind, email, client }, THROTTLE[kind].windowMs)) > THROTTLE[kind].max;
    },

    /**
     * Counts a password check of a logged-in user (change-password, two-factor): 5 a minute per
     * account and address, then 20 an hour per account from every address together. Returns
     * the limit that refuses it, or null when the password may be checked.
     */
    async reservePasswordCheck(email: string, ip: string): Promise<'password' | 'password_account' | null> {
      if (
        (await attempts.increment({ kind: 'password', email, client: ip }, THROTTLE.password.windowMs)) >
        THROTTLE.password.max
      ) {
        return 'password';
      }
      const account = { kind: 'password_account', email, client: '' } as const;
      return (await attempts.increment(account, THROTTLE.password_account.windowMs)) > THROTTLE.password_account.max
        ? 'password_account'
        : null;
    },

    /** The password was right: the address starts again, the account's counter gets this check back. */
    async passwordCheckSucceeded(email: string, ip: string): Promise<void> {
      await attempts.delete({ kind: 'password', email, client: ip });
      await attempts.decrement({ kind: 'password_account', email, client: '' });
    },

    /**
     * Counts one reset mail to `email` (whoever asked): false when the minute's or the hour's
     * limit is reached, and then no mail goes out.
     */
    async reserveResetMail(email: string): Promise<boolean> {
      const minute = await attempts.increment(
        { kind: 'recover_mail_minute', email, client: '' },
        THROTTLE.recover_mail_minute.windowMs,
      );
      if (minute > THROTTLE.recover_mail_minute.max) return false;
      const hour = await attempts.increment(
        { kind: 'recover_mail_hour', email, client: '' },
        THROTTLE.recover_mail_hour.windowMs,
      );
      return hour <= THROTTLE.recover_mail_hour.max;
    },

    /** Gives one attempt back to a counter whose window still runs (the code was right). */
    async giveBack(kind: OtherCounterKind, email: string, client: string): Promise<void> {
      await attempts.decrement({ kind, email, client });
    },

    /** Starts a counter of the password calls again (the current password was right). */
    async clear(kind: OtherCounterKind, email: string, client: string): Promise<void> {
      await attempts.delete({ kind, email, client });
    },

    /**
     * The password was right: the pair's and the device's counters start again (Laravel clears
     * the pair); the account's counter only gets this attempt back, so the owner logging in from
     * a new browser does not wipe out what guessers did.
     */
    async succeeded(attempt: LoginAttempt): Promise<void> {
      await attempts.delete(pairKey(attempt));
      const key = clientKey(attempt);
      await (key.kind === 'account' ? attempts.decrement(key) : attempts.delete(key));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
