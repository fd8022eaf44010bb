import {
  PASSWORD_RESET_MINUTES,
  PASSWORD_TEXT,
  type ChangePasswordInput,
  type PasswordRecoverInput,
  type PasswordResetInput,
} from '@keurwijzer/shared/account';
import { ACCOUNT_TEXT, TEXT } from '@keurwijzer/shared/texts';
import { isPasswordStrongEnough } from '@keurwijzer/shared/password-strength';
import { MSG } from '@keurwijzer/shared/validation';
import type { Company } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, fieldError } from '../../lib/errors';
import { isCommonPassword } from '../../lib/common-passwords';
import type { MailSender } from '../../lib/mail-queue';
import { notActivatedMail, resetMail } from '../../lib/mail-templates';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { SecurityLog } from '../../lib/security-log';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AccountRepository } from './account.repository';

export const RESET_TTL_MS = PASSWORD_RESET_MINUTES * 60_000;

/** The counters of the login throttle (auth/login-throttle.ts), passed in by the composition root. */
export type PasswordThrottle = {
  /** Counts one attempt; true when it is over the kind's limit. */
  hit(kind: 'recover' | 'recover_ip', email: string, client: string): Promise<boolean>;
  /** The password checks of a session: per account and address, and per account (login-throttle.ts). */
  reservePasswordCheck(email: string, ip: string): Promise<'password' | 'password_account' | null>;
  passwordCheckSucceeded(email: string, ip: string): Promise<void>;
  /** Counts a reset mail to this address whoever asked; false: over the limit, no mail. */
  reserveResetMail(email: string): Promise<boolean>;
};

/** What the password calls need of the sessions (the auth module's store). */
export type PasswordSessions = {
  destroyForUser(userId: number, keepId?: string): Promise<void>;
  create(userId: number): Promise<{ cookie: string }>;
};

/** The one-time token writer of user management (users.repository.ts `replaceToken`): a new link kills the previous one. */
export type ReplaceToken = (
  userId: number,
  type: 'password_reset',
  tokenHash: string,
  expiresAt: Date,
  tx: Executor,
) => Promise<void>;

type Deps = {
  db: Db;
  repo: AccountRepository;
  replaceToken: ReplaceToken;
  throttle: PasswordThrottle;
  sessions: PasswordSessions;
  mail: MailSender;
  appUrl: string;
  company: Company;
  scryptLogN: number;
};

/** Work for after the answer (the mail), so the answer neither waits for it nor tells by its time. */
export type AfterResponse = () => Promise<void>;

const invalidLink = () => fieldError('token', PASSWORD_TEXT.invalidResetLink);

/**
 * Forgot, reset and change password (spec sections 5 and 7, security.md). Forgot and reset have
 * no actor (the e-mailed token is the proof); change has the session's user.
 */
export function createPasswordService({
  db,
  repo,
  replaceToken,
  throttle,
  sessions,
  mail,
  appUrl,
  company,
  scryptLogN,
}: Deps) {
  /** A new password's checks: not a common one, not easy to guess with the user's own words. */
  function assertGoodPassword(password: string, owner: { email: string; firstName: string; lastName?: string }) {
    if (isCommonPassword(password)) throw fieldError('password', ACCOUNT_TEXT.commonPassword);
    if (!isPasswordStrongEnough(password, owner)) throw fieldError('password', MSG.passwordWeak);
  }

  return {
    /**
     * Counts the request (429 over the limits) and answers; everything that depends on whether
     * the address is known runs after the answer (`afterResponse`): the lookup, the token and
     * the mail. So the answer is the same, in the same time, for every address. A token is made
     * and hashed before the answer either way. An activated account gets a reset link (valid 60
     * minutes, replacing any earlier one), also one without a password (Google sign-in only: the
     * link sets its first password, which two-factor needs); an invited one that never activated
     * gets a mail that says so (no reset link: its invitation is the way in); an archived
     * account, or one of an archived customer, and an unknown address get nothing. One address
     * gets at most one of these mails a minute and five an hour, whoever asks (THROTTLE).
     */
    async recover(
      input: PasswordRecoverInput,
      ip: string,
      log: SecurityLog,
    ): Promise<{ afterResponse: AfterResponse }> {
      const overIp = await throttle.hit('recover_ip', '', ip);
      if (overIp || (await throttle.hit('recover', input.email, ip))) {
        log('password.reset_throttled', { email: input.email, reason: overIp ? 'recover_ip' : 'recover' });
        throw new AppError(429, PASSWORD_TEXT.recoverThrottled);
      }
      const token = randomToken();
      const tokenHash = sha256(token);
      return {
        afterResponse: async () => {
          const account = await repo.findByEmail(input.email);
          log('password.reset_requested', { userId: account?.userId ?? null, email: input.email });
          if (!account || account.archived) return;
          // At most one mail a minute and five an hour to one address, however many ask from
          // wherever: the answer was the same either way; the link already sent stays valid.
          if (!(await throttle.reserveResetMail(account.email))) {
            log('password.reset_mail_throttled', { userId: account.userId, email: account.email });
            return;
          }
          if (!account.activatedAt) {
            await mail.send({ kind: 'not_activated', to: account.email, ...notActivatedMail(account, company) });
            return;
          }
          const granted = await db.transaction(async (tx) => {
            if (!(await repo.lockForReset(account.userId, tx))) return false;
            await replaceToken(account.userId, 'password_reset', tokenHash, new Date(Date.now() + RESET_TTL_MS), tx);
            return true;
          });
          if (granted) {
            await mail.send({
              kind: 'password_reset',
              to: account.email,
              ...resetMail(account, `${appUrl}/reset-password/${token}`, company),
            });
          }
        },
      };
    },

    /**
     * Sets a new password with an e-mailed link: once (the token is deleted with every open
     * reset token of the user), within 60 minutes, not for an archived user (or customer). Every
     * session of the user ends; nobody is logged in.
     */
    async reset(input: PasswordResetInput, log: SecurityLog): Promise<void> {
      const tokenHash = sha256(input.token);
      const owner = await repo.findOpenReset(tokenHash);
      if (!owner) throw invalidLink();
      assertGoodPassword(input.password, owner);
      const passwordHash = await hashPassword(input.password, scryptLogN);
      await db.transaction(async (tx) => {
        const row = await repo.lockOpenReset(tokenHash, tx);
        if (!row || row.archived) throw invalidLink();
        await repo.setPassword(row.userId, passwordHash, tx);
      });
      await sessions.destroyForUser(owner.userId);
      log('password.reset', { userId: owner.userId, email: owner.email });
    },

    /**
     * Changes the password of the logged-in user after checking the current one (counted like a
     * login: 5 a minute per account and IP). The user's other sessions end; this one goes on
     * under a new id (a privilege change, security.md). Returns the new session cookie.
     */
    async change(
      user: UserRow,
      input: ChangePasswordInput,
      ctx: { ip: string; sessionId: string; log: SecurityLog },
    ): Promise<{ cookie: string }> {
      const over = await throttle.reservePasswordCheck(user.email, ctx.ip);
      if (over) {
        ctx.log('password.change_throttled', { userId: user.id, email: user.email, reason: over });
        throw new AppError(429, over === 'password' ? PASSWORD_TEXT.changeThrottled : TEXT.throttledAccount);
      }
      const current = await repo.passwordHashOf(user.id);
      if (!current || !(await verifyPassword(input.current_password, current))) {
        ctx.log('password.change_failed', { userId: user.id, email: user.email, reason: 'wrong_password' });
        throw fieldError('current_password', PASSWORD_TEXT.wrongCurrentPassword);
      }
      await throttle.passwordCheckSucceeded(user.email, ctx.ip);
      assertGoodPassword(input.password, user);
      const passwordHash = await hashPassword(input.password, scryptLogN);
      await repo.setPassword(user.id, passwordHash);
      // Every session ends, this one too; the browser goes on with a new one (new id and CSRF token).
      await sessions.destroyForUser(user.id);
      const { cookie } = await sessions.create(user.id);
      ctx.log('password.changed', { userId: user.id, email: user.email });
      return { cookie };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
