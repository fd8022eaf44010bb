import { sql, type SQL } from 'drizzle-orm';
import type { MachineDue } from '@keurwijzer/shared/compliance';
import { dueStateSql, type DueClock } from './due-state';

/*
 * A fact more than one module reads (as db/shared-facts.ts): a machine's due state per type, as the
 * office's machine screen (intervals module) and the customer's machine screen (machines module)
 * show it.
 */

/**
 * The due rows of one machine (`machineId`: an SQL expression, e.g. the machine of the current
 * row) as a JSON array of MachineDue, Keuring / Onderhoud / Veiligheid in that order: the
 * `machine_due` rows the triggers keep (migration 0022), the state computed here by PostgreSQL.
 */
export const dueRowsJson = (machineId: SQL, clock: DueClock) => sql<
  MachineDue[]
>`coalesce((select json_agg(json_build_object(
    'inspection_type', md.inspection_type, 'interval_months', md.interval_months,
    'interval_source', md.interval_source, 'last_report_id', md.last_report_id,
    'last_date', to_char(md.last_date, 'YYYY-MM-DD'), 'last_verdict', md.last_verdict,
    'due_date', to_char(md.due_date, 'YYYY-MM-DD'),
    'state', ${dueStateSql(sql`md.due_date`, sql`md.rejected`, clock)})
    order by array_position(array['inspection', 'maintenance', 'safety']::text[], md.inspection_type))
  from machine_due md where md.machine_id = ${machineId}), '[]'::json)`;
