import QRCode from 'qrcode';
import { generateSecret, generateURI } from 'otplib';
import {
  TWO_FACTOR_TEXT,
  type TwoFactorEnableInput,
  type TwoFactorPasswordInput,
  type TwoFactorSetup,
  type TwoFactorVerifyInput,
} from '@keurwijzer/shared/two-factor';
import type { CurrentUser } from '@keurwijzer/shared/users';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { conflict, fieldError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { sha256 } from '../../lib/tokens';
import type { TwoFactorRepository } from './two-factor.repository';
import {
  checkCode,
  newRecoveryCodes,
  twoFactorGuards,
  type TwoFactorContext,
  type TwoFactorThrottle,
} from './two-factor-guards';

export type { TwoFactorContext, TwoFactorThrottle };

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
  const { reserve, succeeded, confirmPassword } = twoFactorGuards(throttle, repo);

  /** The decrypted secret, or null when it cannot be opened (e.g. another encryption key). */
  const openSecret = (userId: number, sealed: string | null) => (sealed ? box.open(sealed, contextOf(userId)) : null);

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
