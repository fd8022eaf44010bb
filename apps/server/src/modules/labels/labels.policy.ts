import type { LabelTarget } from '@keurwijzer/shared/labels';
import { assertCan, can, type Actor } from '../../lib/actor';

/**
 * Who may do what with a machine's label: the one place that decides it.
 * - Printing labels reads the machines as the office's machine screens do (`customers.view`);
 *   "Nieuwe code" changes the machine's code (`customers.manage`).
 * - Planning a scanned machine on today's list needs `tasklists.manage` (mechanics, admins).
 * - Where a logged-in user who opened a label goes: the office (`customers.view`), a mechanic
 *   (`tasklists.view`), or the user of the machine's own customer; null for anyone else, whom the
 *   label answers as an unknown code (404: a code reveals nothing of another customer).
 */
export const labelsPolicy = {
  assertPrint: (actor: Actor) => assertCan(actor, 'customers.view'),
  assertRenew: (actor: Actor) => assertCan(actor, 'customers.manage'),
  assertPlan: (actor: Actor) => assertCan(actor, 'tasklists.manage'),

  targetOf(actor: Actor, machine: { customerId: number; status: string }): LabelTarget | null {
    if (can(actor, 'customers.view')) return 'office';
    if (can(actor, 'tasklists.view')) return 'mechanic';
    if (
      can(actor, 'own-machines.view') &&
      actor.customerId !== null &&
      actor.customerId === machine.customerId &&
      machine.status !== 'concept'
    ) {
      return 'customer';
    }
    return null;
  },
};
