import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TWO_FACTOR_TEXT } from '@keurwijzer/shared/two-factor';
import type { UserDetail } from '@keurwijzer/shared/users';
import type { Actor } from '../../lib/actor';
import { conflict } from '../../lib/errors';
import { twoFactorResetMail } from '../../lib/mail-templates';
import type { SecurityLog } from '../../lib/security-log';
import { toUserDetail } from './users.presenter';
import type { UsersDeps, UsersKit } from './users-kit';

/** The office's security steps on a user's sign-in: a required new password, a two-factor reset. */
export function userSecurity({ load, changeLocked }: UsersKit, deps: UsersDeps) {
  const { users, sessions, mail, appUrl, company, turnOffTwoFactor } = deps;
  return {
    /**
     * Requires the user to choose a new password: until they do (change-password, or a reset by
     * e-mail), the API only lets them change it or leave (plugins/access.ts). Not of oneself (the
     * profile changes one's own), not of a user without a password (an invitee, or Google-only):
     * 409. Requiring it again is no error. Sessions stay: the gate works on the next request.
     */
    async requirePasswordChange(actor: Actor, id: number, log: SecurityLog): Promise<UserDetail> {
      await changeLocked(id, actor, async (target, tx) => {
        if (target.id === actor.id) throw conflict(PASSWORD_TEXT.changeRequiredSelf);
        if (target.passwordHash === null) throw conflict(PASSWORD_TEXT.changeRequiredNoPassword);
        await users.update(id, { passwordChangeRequired: true }, tx);
      });
      const row = await load(id);
      log('user.password_change_required', { userId: id, email: row.email, actorId: actor.id });
      return toUserDetail(row);
    },

    /**
     * Turns a user's two-factor sign-in off (a lost phone, or a session thief who turned it on):
     * the secret and the recovery codes go in the same locked change, every session of the user
     * ends, the user is mailed. Not one's own (the profile turns it off with the password), not
     * when it is off: 409. Ten at once: one resets, nine find it off.
     */
    async resetTwoFactor(actor: Actor, id: number, log: SecurityLog): Promise<UserDetail> {
      await changeLocked(id, actor, async (target, tx) => {
        if (target.id === actor.id) throw conflict(TWO_FACTOR_TEXT.resetSelf);
        if (!target.totpEnabledAt) throw conflict(TWO_FACTOR_TEXT.notEnabled);
        await turnOffTwoFactor(id, tx);
      });
      await sessions.destroyForUser(id);
      const row = await load(id);
      log('user.two_factor_reset', { userId: id, email: row.email, actorId: actor.id });
      await mail.send({ kind: 'two_factor_reset', to: row.email, ...twoFactorResetMail(row, appUrl, company) });
      return toUserDetail(row);
    },
  };
}
