import { randomBytes } from 'node:crypto';
import { verify } from 'otplib';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TEXT } from '@keurwijzer/shared/texts';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_TEXT,
  formatRecoveryCode,
  type TwoFactorPasswordInput,
} from '@keurwijzer/shared/two-factor';
import type { UserRow } from '../../db/schema/users';
import { AppError, fieldError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import type { SecurityLog } from '../../lib/security-log';
import { sha256 } from '../../lib/tokens';
import type { TwoFactorRepository } from './two-factor.repository';

/* The codes of two-factor sign-in and the throttle's guard around every code and password check. */

/** The counters two-factor uses: its codes', and change-password's for the password. */
type Counter = 'two_factor' | 'two_factor_account';

/** The login throttle's counters (auth/login-throttle.ts), passed in by the composition root. */
export type TwoFactorThrottle = {
  hit(kind: Counter, email: string, client: string): Promise<boolean>;
  giveBack(kind: Counter, email: string, client: string): Promise<void>;
  clear(kind: Counter, email: string, client: string): Promise<void>;
  /** The password checks of a session: per account and address, and per account (login-throttle.ts). */
  reservePasswordCheck(email: string, ip: string): Promise<'password' | 'password_account' | null>;
  passwordCheckSucceeded(email: string, ip: string): Promise<void>;
};

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

/** The time step of a right code, or null (wrong, or not later than `afterStep`). */
export async function checkCode(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten new recovery codes: the plain ones to show once, their hashes to store. */
export function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { shown: codes.map(formatRecoveryCode), hashes: codes.map((c) => sha256(c)) };
}

/** The throttle's counting around the code and password checks (429 over the limits). */
export function twoFactorGuards(throttle: TwoFactorThrottle, repo: TwoFactorRepository) {
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

  return { reserve, succeeded, confirmPassword };
}
