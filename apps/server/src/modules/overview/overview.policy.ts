import { assertCan, type Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';

/**
 * Who reads which overview: the office home with `reports.view`, the Keuringsplanning with
 * `customers.view` (it names every customer), the summary with `own-machines.view` and only of the
 * session's customer (never from the request; a user without a customer: 403).
 */
export const overviewPolicy = {
  assertOffice: (actor: Actor) => assertCan(actor, 'reports.view'),
  assertDue: (actor: Actor) => assertCan(actor, 'customers.view'),
  ownCustomer(actor: Actor): number {
    assertCan(actor, 'own-machines.view');
    if (actor.customerId === null) throw forbidden();
    return actor.customerId;
  },
};
