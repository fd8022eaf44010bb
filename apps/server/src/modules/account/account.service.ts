import { ACCOUNT_TEXT } from '@keurwijzer/shared/texts';
import type { ActivateInput } from '@keurwijzer/shared/account';
import { isPasswordStrongEnough } from '@keurwijzer/shared/password-strength';
import { MSG } from '@keurwijzer/shared/validation';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { isCommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/password';
import type { SecurityLog } from '../../lib/security-log';
import { sha256 } from '../../lib/tokens';
import type { AccountRepository } from './account.repository';

type Deps = { db: Db; repo: AccountRepository; scryptLogN: number };

/**
 * Account lifecycle: accepting an invitation (later: password reset and change). Nobody is
 * logged in yet, so there is no actor: the e-mailed token is the proof. `db` only opens the
 * transaction the repository's queries run in.
 */
export function createAccountService({ db, repo, scryptLogN }: Deps) {
  return {
    /**
     * Sets the first password of an invited user. The link is single use and expires; it logs
     * nobody in (the user logs in next, like after a reset). The password's strength is judged
     * with the invitee's own name and e-mail, after the link is found to be good: an anonymous
     * request with a made-up link costs no estimate and no hashing.
     */
    async activate(input: ActivateInput, log: SecurityLog): Promise<void> {
      if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_TEXT.commonPassword);
      const tokenHash = sha256(input.token);
      const invitee = await repo.findOpenInvitation(tokenHash);
      if (!invitee) throw fieldError('token', ACCOUNT_TEXT.invalidActivationLink);
      if (!isPasswordStrongEnough(input.password, invitee)) throw fieldError('password', MSG.passwordWeak);
      const passwordHash = await hashPassword(input.password, scryptLogN);
      await db.transaction(async (tx) => {
        const row = await repo.lockOpenInvitation(tokenHash, tx);
        if (!row || row.archivedAt) throw fieldError('token', ACCOUNT_TEXT.invalidActivationLink);
        await repo.spendToken(row.tokenId, tx);
        await repo.activateUser(row.userId, passwordHash, tx);
      });
      log('password.set', { userId: invitee.userId, email: invitee.email });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
