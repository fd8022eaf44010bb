import { ACCESS } from '@keurwijzer/shared/permissions';
import { accessPolicy, assertCan, type Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';

/**
 * Who may read and change which malfunctions: the one place that decides it.
 * - A customer user (`own-machines.view`) reports on and reads the malfunctions of its own
 *   customer, which comes from the session, never from the request. It sees its colleagues'
 *   malfunctions of the same customer too (a breakdown is the customer's, not one person's).
 *   Staff do not use these endpoints (admins have their own screens): 403.
 * - The office reads with `malfunctions.view` and handles with `malfunctions.manage`.
 */
export const malfunctionsPolicy = {
  /** The office: `malfunctions.view` reads, `malfunctions.manage` handles (assertWrite). */
  ...accessPolicy(ACCESS.malfunctions),

  /** The customer of a customer user; 403 for anyone else. */
  ownCustomer(actor: Actor): number {
    assertCan(actor, 'own-machines.view');
    if (actor.customerId === null) throw forbidden();
    return actor.customerId;
  },
};
