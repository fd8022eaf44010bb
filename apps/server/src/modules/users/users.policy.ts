import { ACCESS } from '@keurwijzer/shared/permissions';
import { accessPolicy, type Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';

/**
 * Who may read and change which user accounts: `users.view` reads, `users.manage` changes, and
 * only a super admin touches a super admin's account (its row decides, so the check runs on the
 * row locked for the change).
 */
export const usersPolicy = {
  ...accessPolicy(ACCESS.users),

  /** 403 unless `actor` may change the account `target` (after `assertWrite`). */
  assertMayManage(actor: Pick<Actor, 'role'>, target: { role: Actor['role'] }): void {
    if (target.role === 'super_admin' && actor.role !== 'super_admin') throw forbidden();
  },
};
