import { ACCESS } from '@keurwijzer/shared/permissions';
import type { UserInput } from '@keurwijzer/shared/users';
import { accessPolicy, can, type Actor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/errors';

/** The customer whose users `actor` manages as "Beheerder van de klant", or undefined. */
const ownCustomerOf = (actor: Actor): number | undefined =>
  actor.role === 'customer' && actor.customerAdmin && actor.customerId !== null ? actor.customerId : undefined;

/**
 * Who may read and change which user accounts: `users.view` reads, `users.manage` changes, and
 * only a super admin touches a super admin's account (its row decides, so the check runs on the
 * row locked for the change). A customer's own administrator lists, invites, archives
 * and restores the customer users of their own customer, nobody else's (404), and never makes
 * anyone an administrator or anything but a customer user (403).
 */
export const usersPolicy = {
  ...accessPolicy(ACCESS.users),

  /** The customer administrator's own customer; 403 for anyone else. */
  ownCustomer(actor: Actor): number {
    const customerId = ownCustomerOf(actor);
    if (customerId === undefined) throw forbidden();
    return customerId;
  },

  /** 403 unless `actor` may change accounts at all: the office, or a customer administrator. */
  assertWriteOwn(actor: Actor): void {
    if (!can(actor, ACCESS.users.write) && ownCustomerOf(actor) === undefined) throw forbidden();
  },

  /** 403 unless `actor` may create the account `input` (office: any assignable role, checked after). */
  assertMayCreate(actor: Actor, input: Pick<UserInput, 'role' | 'customer_id' | 'customer_admin'>): void {
    if (can(actor, ACCESS.users.write)) return;
    const own = ownCustomerOf(actor);
    if (own === undefined || input.role !== 'customer' || input.customer_id !== own || input.customer_admin) {
      throw forbidden();
    }
  },

  /**
   * Whether `actor` may change the account `target` (after `assertWrite` or `assertWriteOwn`):
   * 403 for a super admin's account unless a super admin; a customer administrator reaches only
   * the customer users of their own customer (404 for any other account, as if it did not exist).
   */
  assertMayManage(actor: Actor, target: { role: Actor['role']; customerId: number | null }): void {
    if (!can(actor, ACCESS.users.write)) {
      const own = ownCustomerOf(actor);
      if (own === undefined) throw forbidden();
      if (target.role !== 'customer' || target.customerId !== own) throw notFound();
      return;
    }
    if (target.role === 'super_admin' && actor.role !== 'super_admin') throw forbidden();
  },
};
