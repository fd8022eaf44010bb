import { sql } from 'drizzle-orm';
import type { DueState } from '@keurwijzer/shared/compliance';
import type { MachineStatus } from '@keurwijzer/shared/machines';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../../db/client';
import { isCurrentVersion } from '../../db/shared-facts';
import { rowsOf } from '../../db/sql-json';
import { dueStateSql, type DueClock } from '../../lib/due-state';

/*
 * The label codes of machines (machine_labels, migration 0034) and what a scanned code leads to.
 * A code is found by its SHA-256 (`token_hash`, unique); the code itself is kept sealed
 * (`token_sealed`) for reprinting. An archived machine has no valid code.
 */

/** The machine behind a code, with its due state (computed by PostgreSQL against `clock`). */
export type LabelMachine = {
  id: number;
  customerId: number;
  locationId: number;
  name: string;
  inventoryNumber: string;
  status: MachineStatus;
  dueState: DueState;
};

/** A machine as printed on its label. */
export type LabelPrintRow = {
  id: number;
  name: string;
  inventoryNumber: string;
  /** The sealed code, or null when the machine has no code yet. */
  tokenSealed: string | null;
  /** The Dutch day of its last submitted report (current version, any type; "YYYY-MM-DD"), or null. */
  lastDate: string | null;
  /** The earliest due date over its types, or null without an interval. */
  nextDue: string | null;
};

/** A namespace for the plan's advisory locks (per machine: one plan of a machine at a time). */
const PLAN_LOCK = 210_034;

/** The order the plan prefers a machine's inspection types in, when it makes today's list. */
const TYPE_ORDER = sql`array_position(array['inspection', 'inspection_maintenance', 'maintenance', 'safety']::text[], mq.inspection_type)`;

// The last inspection comes from the reports themselves, not from machine_due: a machine without
// an interval has no due rows, and its label still says when it was inspected.
const printColumns = sql`m.id, m.name, m.inventory_number as "inventoryNumber", ml.token_sealed as "tokenSealed",
  (select to_char(max((r.submitted_at at time zone 'Europe/Amsterdam')::date), 'YYYY-MM-DD') from reports r
    where r.machine_id = m.id and r.status = 'submitted' and ${isCurrentVersion('r')}) as "lastDate",
  (select to_char(min(md.due_date), 'YYYY-MM-DD') from machine_due md where md.machine_id = m.id) as "nextDue"`;

/** The codes and the machines and locations their labels are printed for. */
function codeQueries(db: Db) {
  return {
    /** The machine (not archived) whose code hashes to `hash`, or undefined. */
    async machineByHash(hash: string, clock: DueClock): Promise<LabelMachine | undefined> {
      const [row] = await rowsOf<LabelMachine>(
        db,
        sql`select m.id, m.customer_id as "customerId", m.location_id as "locationId", m.name,
              m.inventory_number as "inventoryNumber", m.status,
              ${dueStateSql(sql`m.next_due_date`, sql`m.due_rejected`, clock)} as "dueState"
            from machine_labels ml join machines m on m.id = ml.machine_id
            where ml.token_hash = ${hash} and m.archived_at is null`,
      );
      return row;
    },

    /** The machines of a location that get a label on its sheet: active, not archived, by name. */
    locationMachines(customerId: number, locationId: number): Promise<LabelPrintRow[]> {
      return rowsOf<LabelPrintRow>(
        db,
        sql`select ${printColumns}
            from machines m left join machine_labels ml on ml.machine_id = m.id
            where m.customer_id = ${customerId} and m.location_id = ${locationId}
              and m.archived_at is null and m.status = 'active'
            order by lower(m.name), m.inventory_number, m.id`,
      );
    },

    /** One machine of the customer (not archived) as printed, or undefined. */
    async machine(customerId: number, machineId: number): Promise<LabelPrintRow | undefined> {
      const [row] = await rowsOf<LabelPrintRow>(
        db,
        sql`select ${printColumns}
            from machines m left join machine_labels ml on ml.machine_id = m.id
            where m.id = ${machineId} and m.customer_id = ${customerId} and m.archived_at is null`,
      );
      return row;
    },

    /** The location's name when it is one of the customer's, else undefined. */
    async location(
      customerId: number,
      locationId: number,
    ): Promise<{ name: string; customerName: string } | undefined> {
      const [row] = await rowsOf<{ name: string; customerName: string }>(
        db,
        sql`select l.name, c.name as "customerName" from locations l join customers c on c.id = l.customer_id
            where l.id = ${locationId} and l.customer_id = ${customerId}`,
      );
      return row;
    },

    /**
     * Gives the machines without a code the codes offered (`make` per machine id), in one
     * statement; a machine that got one meanwhile keeps it. Returns every asked machine's sealed
     * code as stored.
     */
    async ensureCodes(
      codes: { machineId: number; hash: string; sealed: string }[],
      createdBy: number,
    ): Promise<Map<number, string>> {
      if (codes.length === 0) return new Map();
      const json = JSON.stringify(codes);
      const rows = await rowsOf<{ machineId: number; sealed: string }>(
        db,
        sql`with offered as (
              select * from json_to_recordset(${json}::json) as c("machineId" int, hash text, sealed text)
            ), added as (
              insert into machine_labels (machine_id, token_hash, token_sealed, created_by)
              select "machineId", hash, sealed, ${createdBy} from offered
              on conflict (machine_id) do nothing
              returning machine_id, token_sealed
            )
            select o."machineId", coalesce(a.token_sealed, ml.token_sealed) as sealed
            from offered o
            left join added a on a.machine_id = o."machineId"
            left join machine_labels ml on ml.machine_id = o."machineId"`,
      );
      return new Map(rows.map((r) => [r.machineId, r.sealed]));
    },

    /** "Nieuwe code": the machine's code replaced (or its first one made). */
    async replaceCode(machineId: number, hash: string, sealed: string, createdBy: number): Promise<void> {
      await db.execute(
        sql`insert into machine_labels (machine_id, token_hash, token_sealed, created_by)
            values (${machineId}, ${hash}, ${sealed}, ${createdBy})
            on conflict (machine_id) do update set token_hash = excluded.token_hash,
              token_sealed = excluded.token_sealed, created_by = excluded.created_by, created_at = now()`,
      );
    },
  };
}

/** What a scan leads to for a logged-in user, and planning the scanned machine. */
function scanQueries(db: Db) {
  return {
    /** The open report of the machine on one of the user's task lists (the earliest planned), or null. */
    async openReportOnListsOf(machineId: number, userId: number): Promise<number | null> {
      const [row] = await rowsOf<{ id: number }>(
        db,
        sql`select r.id from reports r join tasklists t on t.id = r.tasklist_id
            where r.machine_id = ${machineId} and t.created_by = ${userId} and r.status <> 'submitted'
            order by t.planned_date, r.id limit 1`,
      );
      return row?.id ?? null;
    },

    /** One plan of the machine at a time, until the transaction ends. */
    async lockMachine(machineId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_LOCK}, ${machineId})`);
    },

    /** Whether the machine has an open report on any task list. */
    async plannedOpen(machineId: number, tx: Executor): Promise<boolean> {
      const [row] = await rowsOf<{ open: boolean }>(
        tx,
        sql`select exists(select 1 from reports where machine_id = ${machineId} and status <> 'submitted') as open`,
      );
      return row!.open;
    },

    /** The inspection types the machine has a questionnaire for, in the order the plan prefers them. */
    async questionnaireTypes(machineId: number, tx: Executor): Promise<InspectionType[]> {
      const rows = await rowsOf<{ type: InspectionType }>(
        tx,
        sql`select mq.inspection_type as type from machine_questionnaires mq
            where mq.machine_id = ${machineId} order by ${TYPE_ORDER}`,
      );
      return rows.map((r) => r.type);
    },

    /**
     * The user's task list of `day` at the machine's location of one of `types` (the first type
     * in `types` order first), or undefined.
     */
    async listOfDay(
      values: { userId: number; customerId: number; locationId: number; day: string; types: InspectionType[] },
      tx: Executor,
    ): Promise<number | undefined> {
      if (values.types.length === 0) return undefined;
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`select t.id from tasklists t
            where t.created_by = ${values.userId} and t.customer_id = ${values.customerId}
              and t.location_id = ${values.locationId} and t.planned_date = ${values.day}::date
              and t.inspection_type = any(${`{${values.types.join(',')}}`}::text[])
            order by array_position(${`{${values.types.join(',')}}`}::text[], t.inspection_type), t.id
            limit 1`,
      );
      return row?.id;
    },

    /** The report of the machine on the list (the newest version). */
    async reportOn(tasklistId: number, machineId: number, tx: Executor): Promise<number | undefined> {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from reports where tasklist_id = ${tasklistId} and machine_id = ${machineId}
            order by version desc limit 1`,
      );
      return row?.id;
    },
  };
}

export function createLabelsRepository(db: Db) {
  return { ...codeQueries(db), ...scanQueries(db) };
}

export type LabelsRepository = ReturnType<typeof createLabelsRepository>;
