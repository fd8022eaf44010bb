import { ACCESS } from '@keurwijzer/shared/permissions';
import { assertCan, type Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';
import type { ReportScope } from './reports-scope';

/**
 * Who may read and fill in which reports. Staff with `tasklists.view` read every report (a
 * colleague may take a task list over), `tasklists.manage` fills them in, skips categories and
 * submits. Customer users hold neither: their read-only view of their own machines' submitted
 * reports is the customer portal's, which gives the read model a `ReportScope` of its
 * customer. The routes check the same permissions first; this keeps a new caller from skipping
 * them.
 */
export const reportsPolicy = {
  /** The reports `actor` may read (403 when none). */
  readScope(actor: Actor): ReportScope {
    assertCan(actor, ACCESS.tasklists.read);
    return {};
  },
  assertWrite(actor: Actor): void {
    assertCan(actor, ACCESS.tasklists.write);
  },
  /**
   * Correcting a submitted report as its next version: the office's, who read every
   * submitted report (reports.view: admins and super admins) and fill in reports.
   */
  assertCorrect(actor: Actor): void {
    assertCan(actor, 'reports.view');
    assertCan(actor, ACCESS.tasklists.write);
  },
  /**
   * The reports a customer user reads under one of its machines in the portal (its own
   * customer's submitted reports of that machine while in use): 403 for anyone else.
   */
  portalScope(actor: Actor, machineId: number): ReportScope {
    assertCan(actor, 'own-machines.view');
    if (actor.customerId === null) throw forbidden();
    return { customerId: actor.customerId, submitted: true, machineInUse: machineId };
  },
};
