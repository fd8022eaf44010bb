import { assertCan, can, type Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';

/** Which machines a read covers: one customer's (or every customer's), and whether only those in use. */
export type MachineScope = {
  /** undefined: every customer (the office's concept list). */
  customerId: number | undefined;
  /** A customer user sees its machines in use: no archived or concept ones. */
  inUseOnly: boolean;
};

/**
 * Who may read and change which machines: the one place that decides it (immich's access
 * checks). Staff with `customers.view` read the machines of the customer they ask for (or of all
 * customers); a customer user with `own-machines.view` reads only its own customer's machines in
 * use, whatever it asks for; changes need `customers.manage`.
 */
export const machinesPolicy = {
  readScope(actor: Actor, customerId?: number): MachineScope {
    if (can(actor, 'customers.view')) return { customerId, inUseOnly: false };
    if (customerId === undefined && can(actor, 'own-machines.view') && actor.customerId !== null)
      return { customerId: actor.customerId, inUseOnly: true };
    throw forbidden();
  },

  assertWrite(actor: Actor): void {
    assertCan(actor, 'customers.manage');
  },
};
