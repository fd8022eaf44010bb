import { and, sql, type SQL } from 'drizzle-orm';
import { seenByCustomer } from '../../db/shared-facts';

/*
 * The SQL pieces that the reports' repositories share (the report's own, its photos'): which
 * reports a read may find, and the lock of a report's task list. Their own file, so each
 * repository takes them without importing another repository.
 */

/**
 * Which reports a read may find: staff find every report (`{}`); the customer portal passes
 * its customer and `submitted` (a customer reads only its own machines' submitted reports).
 */
export type ReportScope = {
  /** Only reports of this customer's task lists. */
  customerId?: number;
  /** Only submitted reports. */
  submitted?: boolean;
  /**
   * Only a report of this machine, and only while the machine is in use (not archived, no
   * concept): the customer portal reads a report under its machine's path.
   */
  machineInUse?: number;
};

/** The report `r` with id `id` (its task list `t` joined) within `scope`. */
export const scopeWhere = (id: number, scope: ReportScope): SQL =>
  and(
    sql`r.id = ${id}`,
    scope.customerId !== undefined ? sql`t.customer_id = ${scope.customerId}` : undefined,
    scope.submitted ? sql`r.status = 'submitted'` : undefined,
    scope.machineInUse !== undefined
      ? sql`r.machine_id = ${scope.machineInUse} and exists(select 1 from machines sm
          where sm.id = r.machine_id and ${seenByCustomer('sm')})`
      : undefined,
  )!;

/** A scope that limits nothing (the staff's). */
export const unscoped = (scope: ReportScope) =>
  scope.customerId === undefined && !scope.submitted && scope.machineInUse === undefined;

/**
 * Locks the task list of report `id` (`FOR NO KEY UPDATE`): as an uncorrelated sub-select in the
 * WHERE of the report's own locking select it runs before that row is locked, so the list is
 * always locked before the report.
 */
export const lockList = (id: number) =>
  sql`select 1 from tasklists lt where lt.id = (select lr.tasklist_id from reports lr where lr.id = ${id}) for no key update of lt`;
