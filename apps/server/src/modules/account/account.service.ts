import { ACCOUNT_TEXT } from '@keurwijzer/shared/texts';
import type { ActivateInput } from '@keurwijzer/shared/account';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { isCommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/password';
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
     * nobody in (the user logs in next, like after a reset).
     */
    async activate(input: ActivateInput): Promise<void> {
      if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_TEXT.commonPassword);
      const passwordHash = await hashPassword(input.password, scryptLogN);
      await db.transaction(async (tx) => {
        const row = await repo.lockOpenInvitation(sha256(input.token), tx);
        if (!row || row.archivedAt) throw fieldError('token', ACCOUNT_TEXT.invalidActivationLink);
        await repo.spendToken(row.tokenId, tx);
        await repo.activateUser(row.userId, passwordHash, tx);
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
