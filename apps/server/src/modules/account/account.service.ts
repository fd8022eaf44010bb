import { and, eq, gt, isNull } from 'drizzle-orm';
import { ACCOUNT_TEXT } from '@keurwijzer/shared/texts';
import type { ActivateInput } from '@keurwijzer/shared/account';
import type { Db } from '../../db/client';
import { userTokens, users } from '../../db/schema/users';
import { fieldError } from '../../lib/errors';
import { isCommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/password';
import { sha256 } from '../../lib/tokens';

type Deps = { db: Db; scryptLogN: number };

/** Account lifecycle: accepting an invitation (later: password reset and change). */
export function createAccountService({ db, scryptLogN }: Deps) {
  return {
    /**
     * Sets the first password of an invited user. The link is single use and expires; it logs
     * nobody in (the user logs in next, like after a reset).
     */
    async activate(input: ActivateInput): Promise<void> {
      if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_TEXT.commonPassword);
      const passwordHash = await hashPassword(input.password, scryptLogN);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ tokenId: userTokens.id, userId: users.id, archivedAt: users.archivedAt })
          .from(userTokens)
          .innerJoin(users, eq(users.id, userTokens.userId))
          .where(
            and(
              eq(userTokens.tokenHash, sha256(input.token)),
              eq(userTokens.type, 'invitation'),
              isNull(userTokens.usedAt),
              gt(userTokens.expiresAt, new Date()),
            ),
          )
          .for('update')
          .limit(1);
        if (!row || row.archivedAt) throw fieldError('token', ACCOUNT_TEXT.invalidActivationLink);
        await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, row.tokenId));
        await tx
          .update(users)
          .set({ passwordHash, activatedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, row.userId));
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
