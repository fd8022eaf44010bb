import { assertCan, type Actor } from '../../lib/actor';

/**
 * Who reads the malfunctions assigned to them ("Mijn storingen"): a user with
 * `malfunctions.assigned` (mechanics, admins, super admins), and only their own (the repository's
 * condition `assigned_to = actor`). Customers hold it not: 403.
 */
export const assignedMalfunctionsPolicy = {
  assertAssigned(actor: Actor): void {
    assertCan(actor, 'malfunctions.assigned');
  },
};
