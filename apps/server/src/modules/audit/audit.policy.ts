import { assertCan, type Actor } from '../../lib/actor';

/**
 * Who reads the trail: the whole of it (every user's changes, the accounts') only super admins
 * (`audit.view`); a machine's history whoever reads the customers' machines, a report's whoever
 * reads the office's reports (admins).
 */
export const auditPolicy = {
  assertTrail: (actor: Actor) => assertCan(actor, 'audit.view'),
  assertMachine: (actor: Actor) => assertCan(actor, 'customers.view'),
  assertReport: (actor: Actor) => assertCan(actor, 'reports.view'),
};
