import { assertCan, can, type Actor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/errors';
import type { MachineSelection } from './machines.repository';

/** A selection as asked (`archived` may be left out: not archived). */
export type AskedSelection<Q extends MachineSelection = MachineSelection> = Omit<Q, 'archived'> & {
  archived?: boolean;
};

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

  /**
   * The machines of a customer user's own customer, in use only (the customer portal): 403 for
   * anyone else, whatever they may read in the office.
   */
  ownScope(actor: Actor): MachineScope & { customerId: number } {
    assertCan(actor, 'own-machines.view');
    if (actor.customerId === null) throw forbidden();
    return { customerId: actor.customerId, inUseOnly: true };
  },

  /**
   * The customer and selection an inventory export of `actor` covers (see `readScope`): a
   * customer user exports its own machines in use only, whatever it asks; staff must name the
   * customer (404 without one).
   */
  exportScope(actor: Actor, query: AskedSelection, customerId?: number) {
    const scope = machinesPolicy.readScope(actor, customerId);
    if (scope.customerId === undefined) throw notFound();
    return {
      customerId: scope.customerId,
      selection: scope.inUseOnly
        ? { ...query, archived: false, customerView: true }
        : { ...query, archived: query.archived ?? false },
    };
  },

  assertWrite(actor: Actor): void {
    assertCan(actor, 'customers.manage');
  },
};
