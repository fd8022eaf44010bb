import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';
import { rowsOf } from './sql-json';

/*
 * Facts that more than one module asks the database: one definition each, so the machines
 * list, the plan screen and the office's counter cannot disagree about what "open" means, and
 * every office mail reaches the same people.
 */

/**
 * Whether the report `alias` is current: no submitted newer version replaces it (migration 0033).
 * A version whose correction is still open counts until the correction is submitted. Every list
 * that means "the report" of a machine (completed reports, a machine's reports, the portal, due
 * dates) keeps only these.
 */
export const isCurrentVersion = (alias: string) =>
  sql.raw(`not exists(select 1 from reports nv where nv.replaces_report_id = ${alias}.id and nv.status = 'submitted')`);

/**
 * Whether the machine `alias` is one its customer sees: not archived and not a concept (a concept
 * machine waits for an admin's approval). A Niet actief machine is seen: it is the customer's, out
 * of use. The one rule of the portal's "Mijn machines" (list, export, machine screen) and of every
 * number of the customer's summary, so a number and the list it opens cannot disagree.
 */
export const seenByCustomer = (alias: string) =>
  sql.raw(`(${alias}.archived_at is null and ${alias}.status <> 'concept')`);

/**
 * The malfunction of row `alias` (or of the bare `malfunctions` row) is open: Open or In
 * behandeling (the counter, the portal's and the plan screen's markers). malfunctions_machine_idx
 * and malfunctions_status_created_idx both lead with or contain the status.
 */
export const openMalfunction = (alias?: string): SQL =>
  sql.raw(`${alias ? `${alias}.` : ''}status in ('open', 'in_progress')`);

/**
 * The office's e-mail addresses: the active admins and super admins (activated, not archived).
 * They get the mails of a new malfunction and of an account waiting to be linked to its customer.
 */
export async function officeEmails(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ email: string }>(
    db,
    sql`select email from users
        where role in ('admin', 'super_admin') and archived_at is null and activated_at is not null
        order by id`,
  );
  return rows.map((r) => r.email);
}
