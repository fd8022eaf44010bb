import { assertCan, type Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';

/**
 * Who may download the Keuringsoverzicht of which customer: the office (`customers.view`) of the
 * customer in the URL; a customer user (`own-machines.view`) only of its own customer, read from
 * the session, never from the request (another customer's location is then simply not found).
 */
export const certificatesPolicy = {
  /** The customer whose location is asked for; 403 when the actor may not ask. */
  customerOf(actor: Actor, askedCustomerId?: number): number {
    if (askedCustomerId !== undefined) {
      assertCan(actor, 'customers.view');
      return askedCustomerId;
    }
    assertCan(actor, 'own-machines.view');
    if (actor.customerId === null) throw forbidden();
    return actor.customerId;
  },
};
