import { sql, type SQL } from 'drizzle-orm';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import { INSPECTION_TYPES } from '@keurwijzer/shared/questionnaires';
import type { LatestReports, MachineReport } from '@keurwijzer/shared/reports';
import type { Db, Executor } from '../../db/client';
import { fullName, isoOf, rowsOf } from '../../db/sql-json';
import { isCurrentVersion } from '../../db/shared-facts';

/*
 * A machine's reports (its reports screen) and its latest submitted report per inspection type
 * (its screen), each one statement that PostgreSQL answers as JSON. The machine is looked up in
 * the same statement: no row means it is not there (or not the customer's), so the caller
 * answers 404 without a second query. The scope (which customer, only machines in use and only
 * submitted reports) is the caller's: the office passes the customer of the path, the customer
 * portal passes the customer of the session.
 */

/** Which machines and reports a read covers. */
export type MachineReportsScope = {
  /** undefined: any customer's machine (staff without a customer in the path). */
  customerId: number | undefined;
  /** Only a machine in use (not archived, no concept) and only its submitted reports (a customer user). */
  inUseOnly: boolean;
};

/** The machine `m` of the scope. */
const machineOf = (machineId: number, scope: MachineReportsScope) =>
  sql`m.id = ${machineId}
    ${scope.customerId === undefined ? sql`` : sql`and m.customer_id = ${scope.customerId}`}
    ${scope.inUseOnly ? sql`and m.archived_at is null and m.status <> 'concept'` : sql``}`;

const MACHINE_REPORT_JSON = sql`json_build_object(
  'id', r.id, 'tasklist_id', r.tasklist_id, 'inspection_type', t.inspection_type,
  'questionnaire_name', r.questionnaire_name, 'status', r.status,
  'planned_date', to_char(t.planned_date, 'YYYY-MM-DD'), 'submitted_at', ${isoOf(sql`r.submitted_at`)},
  'filled_in_by_name', ${fullName('u')}, 'not_at_location', r.not_at_location)`;

/** The inspection types as a text[] literal, in INSPECTION_TYPES order. */
const TYPES_ARRAY = sql.raw(`array[${INSPECTION_TYPES.map((type) => `'${type}'`).join(', ')}]::text[]`);

/**
 * The latest submitted report per inspection type (LatestReports) of the machine whose id is
 * `machine` (a column of the outer row, `m.id` unless told), for the types that apply to it: a
 * type it has a questionnaire of (machine_questionnaires) or a submitted report of. A type that
 * applies without a submitted report is null ("Nog geen"); one that does not apply is left out, so
 * a machine without a maintenance questionnaire does not read as one whose maintenance is overdue
 *. One sub-select over the machine's submitted reports (its range of
 * reports_machine_idx, the type from the report's own copy), the newest of each type picked by an
 * ordered aggregate, and one range of the machine's questionnaires (their primary key); the
 * types are paired with their reports by `unnest` and kept in INSPECTION_TYPES order. One
 * sub-select instead of one per type: the customer portal's machine screen embeds it, and each
 * sub-select costs planning time.
 */
export const latestReportsOf = (machine: SQL = sql`m.id`) =>
  sql<LatestReports>`(select coalesce(json_object_agg(k.type, k.latest order by k.n)
      filter (where k.latest is not null or k.type = any(a.questionnaires)), '{}'::json)
  from (select array[${sql.join(
    INSPECTION_TYPES.map(
      (type) =>
        sql`(array_agg(json_build_object('id', r.id, 'submitted_at', ${isoOf(sql`r.submitted_at`)},
          'filled_in_by_name', ${fullName('u')}) order by r.submitted_at desc, r.id desc)
          filter (where r.inspection_type = ${sql.raw(`'${type}'`)}))[1]`,
    ),
    sql`, `,
  )}] as latest,
      array(select mq.inspection_type from machine_questionnaires mq where mq.machine_id = ${machine}) as questionnaires
    from reports r left join users u on u.id = r.filled_in_by
    where r.machine_id = ${machine} and r.status = 'submitted' and ${isCurrentVersion('r')}) a
  cross join lateral unnest(${TYPES_ARRAY}, a.latest) with ordinality k(type, latest, n))`;

export function createMachineReportsRepository(db: Db) {
  return {
    /**
     * The reports of a machine: open ones first (newest planned date first), then the submitted
     * ones newest first; undefined when the machine is not in the scope.
     */
    async reports(machineId: number, scope: MachineReportsScope, type?: InspectionType, tx: Executor = db) {
      const [row] = await rowsOf<{ reports: MachineReport[] }>(
        tx,
        sql`select coalesce((
              select json_agg(${MACHINE_REPORT_JSON}
                order by r.status = 'submitted', r.submitted_at desc, t.planned_date desc, r.id desc)
              from reports r join tasklists t on t.id = r.tasklist_id left join users u on u.id = r.filled_in_by
              where r.machine_id = m.id and ${isCurrentVersion('r')} ${scope.inUseOnly ? sql`and r.status = 'submitted'` : sql``}
                ${type ? sql`and t.inspection_type = ${type}` : sql``}
            ), '[]'::json) as reports
            from machines m where ${machineOf(machineId, scope)}`,
      );
      return row?.reports;
    },

    /** The latest submitted report per inspection type; undefined when the machine is not in the scope. */
    async latest(machineId: number, scope: MachineReportsScope, tx: Executor = db) {
      const [row] = await rowsOf<{ latest: LatestReports }>(
        tx,
        sql`select ${latestReportsOf()} as latest from machines m where ${machineOf(machineId, scope)}`,
      );
      return row?.latest;
    },
  };
}

export type MachineReportsRepository = ReturnType<typeof createMachineReportsRepository>;
