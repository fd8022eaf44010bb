import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TEXT } from '@keurwijzer/shared/texts';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_TEXT,
  formatRecoveryCode,
  type TwoFactorEnableInput,
  type TwoFactorPasswordInput,
  type TwoFactorSetup,
  type TwoFactorVerifyInput,
} from '@keurwijzer/shared/two-factor';
import type { CurrentUser } from '@keurwijzer/shared/users';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, conflict, fieldError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import type { SecretBox } from '../../lib/secret-box';
import type { SecurityLog } from '../../lib/security-log';
import { sha256 } from '../../lib/tokens';
import type { TwoFactorRepository } from './two-factor.repository';

/** The login throttle's counters (auth/login-throttle.ts), passed in by the composition root. */
/** The counters two-factor uses: its codes', and change-password's for the password. */
type Counter = 'two_factor' | 'two_factor_account';

export type TwoFactorThrottle = {
  hit(kind: Counter, email: string, client: string): Promise<boolean>;
  giveBack(kind: Counter, email: string, client: string): Promise<void>;
  clear(kind: Counter, email: string, client: string): Promise<void>;
  /** The password checks of a session: per account and address, and per account (login-throttle.ts). */
  reservePasswordCheck(email: string, ip: string): Promise<'password' | 'password_account' | null>;
  passwordCheckSucceeded(email: string, ip: string): Promise<void>;
};

/** What two-factor needs of the sessions (the auth module's store). */
export type TwoFactorSessions = {
  create(userId: number): Promise<{ cookie: string }>;
  destroy(id: string): Promise<void>;
  destroyForUser(userId: number, keepId?: string): Promise<void>;
};

type Deps = {
  db: Db;
  repo: TwoFactorRepository;
  throttle: TwoFactorThrottle;
  sessions: TwoFactorSessions;
  box: SecretBox;
  /** The issuer the authenticator app shows (the company name). */
  issuer: string;
  /** The logged-in user as the API shows it (the auth service's presentCurrent). */
  presentCurrent(row: UserRow): CurrentUser;
};

/** What a request brings besides its body. */
export type TwoFactorContext = { ip: string; log: SecurityLog };

/**
 * One step either way (RFC 6238 section 5.2's "one time step" of network delay and clock drift):
 * a code is valid from 30 seconds before its time until 30 seconds after.
 */
const EPOCH_TOLERANCE_SECONDS = 30;

/** Recovery codes: 10 characters of Crockford's base32 (no i, l, o, u): 50 random bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const b of bytes) code += RECOVERY_ALPHABET[b & 31];
  return code;
}

/** The secret's additional data: a sealed secret opens only for its own user. */
const contextOf = (userId: number) => `totp:user:${userId}`;

/** The key in groups of four, as the screen shows it ("ABCD EFGH ..."). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-factor sign-in (TOTP): set up (a secret to scan), turn on with a first code (then ten
 * recovery codes, shown once), the second step of a login (a code or a recovery code), turn off
 * and new recovery codes with the password.
 */
export function createTwoFactorService({ db, repo, throttle, sessions, box, issuer, presentCurrent }: Deps) {
  /** Counts an attempt at a code (429 over the limits); before the code is checked. */
  async function reserve(user: UserRow, ctx: TwoFactorContext): Promise<void> {
    const overPair = await throttle.hit('two_factor', user.email, ctx.ip);
    if (overPair || (await throttle.hit('two_factor_account', user.email, ''))) {
      ctx.log('two_factor.throttled', {
        userId: user.id,
        email: user.email,
        reason: overPair ? 'two_factor' : 'two_factor_account',
      });
      throw new AppError(429, overPair ? TEXT.throttled : TEXT.throttledAccount);
    }
  }

  /** A right code: the pair starts again, the account's counter gets this attempt back. */
  async function succeeded(user: UserRow, ctx: TwoFactorContext): Promise<void> {
    await throttle.clear('two_factor', user.email, ctx.ip);
    await throttle.giveBack('two_factor_account', user.email, '');
  }

  /** The time step of a right code, or null (wrong, or not later than `afterStep`). */
  async function checkCode(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** The decrypted secret, or null when it cannot be opened (e.g. another encryption key). */
  const openSecret = (userId: number, sealed: string | null) => (sealed ? box.open(sealed, contextOf(userId)) : null);

  /** Ten new recovery codes: the plain ones to show once, their hashes to store. */
  function newRecoveryCodes() {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return { shown: codes.map(formatRecoveryCode), hashes: codes.map((c) => sha256(c)) };
  }

  /**
   * The account's password confirms a change (counted like change-password's current password:
   * per account and address, and per account from every address). An account without a password
   * (Google sign-in only) must set one first (docs/decisions.md).
   */
  async function confirmPassword(user: UserRow, input: TwoFactorPasswordInput, ctx: TwoFactorContext) {
    const over = await throttle.reservePasswordCheck(user.email, ctx.ip);
    if (over) {
      ctx.log('password.change_throttled', { userId: user.id, email: user.email, reason: over });
      throw new AppError(429, over === 'password' ? PASSWORD_TEXT.changeThrottled : TEXT.throttledAccount);
    }
    const state = await repo.stateOf(user.id);
    if (!state?.passwordHash) throw fieldError('password', TWO_FACTOR_TEXT.noPassword);
    if (!(await verifyPassword(input.password, state.passwordHash))) {
      ctx.log('password.change_failed', { userId: user.id, email: user.email, reason: 'wrong_password' });
      throw fieldError('password', PASSWORD_TEXT.wrongCurrentPassword);
    }
    await throttle.passwordCheckSucceeded(user.email, ctx.ip);
    return state;
  }

  return {
    /**
     * A new secret for the logged-in user, stored encrypted and not in use until a code confirms
     * it (POST /api/2fa/enable); it replaces an unconfirmed earlier one. 409 when two-factor is on.
     */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      const secret = generateSecret();
      if (!(await repo.startSetup(user.id, box.seal(secret, contextOf(user.id))))) {
        throw conflict(TWO_FACTOR_TEXT.alreadyEnabled);
      }
      const otpauthUrl = generateURI({ issuer, label: user.email, secret });
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return { secret: grouped(secret), otpauth_url: otpauthUrl, qr_svg: qrSvg };
    },

    /**
     * Turns two-factor on with the account's password and a first code of the secret being set
     * up; returns ten recovery codes (only their hashes are stored). The code's time step counts
     * as used. The user's other sessions end: they were started without the second factor.
     */
    async enable(
      user: UserRow,
      input: TwoFactorEnableInput,
      ctx: TwoFactorContext & { sessionId: string },
    ): Promise<string[]> {
      const state = await repo.stateOf(user.id);
      if (state?.enabledAt) throw conflict(TWO_FACTOR_TEXT.alreadyEnabled);
      const secret = openSecret(user.id, state?.secret ?? null);
      if (!state?.secret || !secret) throw conflict(TWO_FACTOR_TEXT.notStarted);
      await confirmPassword(user, input, ctx);
      await reserve(user, ctx);
      const step = await checkCode(secret, input.code, null);
      if (step === null) {
        ctx.log('two_factor.failure', { userId: user.id, email: user.email, reason: 'wrong_code' });
        throw fieldError('code', TWO_FACTOR_TEXT.wrongCode);
      }
      const codes = newRecoveryCodes();
      const enabled = await db.transaction(async (tx) => {
        if (!(await repo.enable(user.id, state.secret!, step, tx))) return false;
        await repo.replaceRecoveryCodes(user.id, codes.hashes, tx);
        return true;
      });
      if (!enabled) throw conflict(TWO_FACTOR_TEXT.notStarted);
      await succeeded(user, ctx);
      await sessions.destroyForUser(user.id, ctx.sessionId);
      ctx.log('two_factor.enabled', { userId: user.id, email: user.email });
      return codes.shown;
    },

    /**
     * The second step of a login: a code from the app (its time step once: later than the last
     * accepted one, in one conditional update) or an unused recovery code (used up in one
     * conditional update). Counted like a login. The waiting session ends and a full one starts
     * (a new cookie and CSRF token). Returns the new session cookie and the user.
     */
    async verify(
      user: UserRow,
      input: TwoFactorVerifyInput,
      ctx: TwoFactorContext & { pendingSessionId: string },
    ): Promise<{ cookie: string; user: CurrentUser }> {
      await reserve(user, ctx);
      const who = { userId: user.id, email: user.email };
      if (input.code !== undefined) {
        const state = await repo.stateOf(user.id);
        const secret = state?.enabledAt ? openSecret(user.id, state.secret) : null;
        if (!state || !secret) {
          ctx.log('two_factor.failure', { ...who, reason: 'wrong_code' });
          throw fieldError('code', TWO_FACTOR_TEXT.wrongCode);
        }
        const anyStep = await checkCode(secret, input.code, null);
        const step = anyStep !== null && (state.lastStep === null || anyStep > state.lastStep) ? anyStep : null;
        if (anyStep !== null && step === null) {
          ctx.log('two_factor.failure', { ...who, reason: 'reused_code' });
          throw fieldError('code', TWO_FACTOR_TEXT.reusedCode);
        }
        if (step === null) {
          ctx.log('two_factor.failure', { ...who, reason: 'wrong_code' });
          throw fieldError('code', TWO_FACTOR_TEXT.wrongCode);
        }
        // A concurrent request with the same code read the same last step: one of the two wins.
        if (!(await repo.acceptStep(user.id, step))) {
          ctx.log('two_factor.failure', { ...who, reason: 'reused_code' });
          throw fieldError('code', TWO_FACTOR_TEXT.reusedCode);
        }
      } else {
        const used = await repo.useRecoveryCode(user.id, sha256(input.recovery_code!));
        if (!used) {
          ctx.log('two_factor.failure', { ...who, reason: 'wrong_code' });
          throw fieldError('recovery_code', TWO_FACTOR_TEXT.wrongRecoveryCode);
        }
        ctx.log('two_factor.recovery_code_used', who);
      }
      await succeeded(user, ctx);
      await sessions.destroy(ctx.pendingSessionId);
      const { cookie } = await sessions.create(user.id);
      ctx.log('two_factor.success', who);
      return { cookie, user: presentCurrent(user) };
    },

    /** Turns two-factor off after the password: the secret and the recovery codes go. */
    async disable(user: UserRow, input: TwoFactorPasswordInput, ctx: TwoFactorContext): Promise<void> {
      const state = await confirmPassword(user, input, ctx);
      if (!state.enabledAt) throw conflict(TWO_FACTOR_TEXT.notEnabled);
      await db.transaction((tx) => repo.disable(user.id, tx));
      ctx.log('two_factor.disabled', { userId: user.id, email: user.email });
    },

    /** Ten new recovery codes after the password; the old ones stop working. */
    async newRecoveryCodes(user: UserRow, input: TwoFactorPasswordInput, ctx: TwoFactorContext): Promise<string[]> {
      const state = await confirmPassword(user, input, ctx);
      if (!state.enabledAt) throw conflict(TWO_FACTOR_TEXT.notEnabled);
      const codes = newRecoveryCodes();
      await db.transaction((tx) => repo.replaceRecoveryCodes(user.id, codes.hashes, tx));
      return codes.shown;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
