import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Machine } from '@keurwijzer/shared/machines';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { machineQuestionnaires, machines } from '../../db/schema/machines';
import { brandTypes, brands, machineTypes } from '../../db/schema/master-data';
import { isoOf, jsonObject } from '../../db/sql-json';
import { PLACEHOLDER_CLOCK, dueStateSql, type DueClock } from '../../lib/due-state';
import { iso } from '../../lib/presenters';
import { qualified } from '../../lib/list-query';
import { OWN_MACHINE_LIST_FIELDS } from './own-machine.presenter';

/*
 * A machine leaves the database as its API JSON, built by PostgreSQL (`json_build_object`): a
 * page of 25 is then 25 strings for Node to join, instead of 35 columns a row to parse, map,
 * present, validate and serialize again (that was ~0.35 ms of Node per page, as much as the whole
 * query). `MACHINE_JSON` is the one presenter of a machine: typed against `Machine`, so a field
 * added to the contract does not compile until it is added here; the API tests parse every
 * machine they get with `MachineSchema.strict()`.
 *
 * Names of what a machine refers to come from scalar sub-selects, not joins: with seven joins
 * PostgreSQL spends ~18 ms planning each page (every join order is considered), with sub-selects
 * ~1.5 ms, and each runs once per row of the page by primary key. Outer columns are qualified
 * (`qualified`), since Drizzle leaves them bare in a one-table select.
 */
const nameOf = (table: AnyPgTable & { id: AnyColumn; name: AnyColumn }, ref: AnyColumn) =>
  sql`(select ${table.name} from ${table} where ${table.id} = ${qualified(ref)})`;

/** A machine's JSON fields; its due state is computed against `clock` (see lib/due-state.ts). */
const machineFields = (clock: DueClock): Record<keyof Machine, SQL> => ({
  id: qualified(machines.id),
  customer_id: qualified(machines.customerId),
  customer_name: nameOf(customers, machines.customerId),
  location_id: qualified(machines.locationId),
  location_name: nameOf(locations, machines.locationId),
  department_id: qualified(machines.departmentId),
  department_name: nameOf(departments, machines.departmentId),
  room_id: qualified(machines.roomId),
  room_name: nameOf(rooms, machines.roomId),
  name: qualified(machines.name),
  inventory_number: qualified(machines.inventoryNumber),
  factory_number: qualified(machines.factoryNumber),
  manufacturer: qualified(machines.manufacturer),
  manufacture_year: qualified(machines.manufactureYear),
  machine_type_id: qualified(machines.machineTypeId),
  machine_type_name: nameOf(machineTypes, machines.machineTypeId),
  brand_id: qualified(machines.brandId),
  brand_name: nameOf(brands, machines.brandId),
  brand_type_id: qualified(machines.brandTypeId),
  brand_type_name: nameOf(brandTypes, machines.brandTypeId),
  status: qualified(machines.status),
  price_cents: qualified(machines.priceCents),
  report_year: qualified(machines.reportYear),
  // The questionnaire per inspection type as one object, so a machine is one row.
  questionnaires: sql`coalesce((
    select json_object_agg(${machineQuestionnaires.inspectionType}, ${machineQuestionnaires.questionnaireId})
    from ${machineQuestionnaires} where ${machineQuestionnaires.machineId} = ${qualified(machines.id)}), '{}')`,
  archived_at: isoOf(qualified(machines.archivedAt)),
  created_at: isoOf(qualified(machines.createdAt)),
  updated_at: isoOf(qualified(machines.updatedAt)),
  // Kept on the row by refresh_machine_due (migration 0022); the state from today's day.
  next_due_date: sql`to_char(${qualified(machines.nextDueDate)}, 'YYYY-MM-DD')`,
  due_state: dueStateSql(qualified(machines.nextDueDate), qualified(machines.dueRejected), clock),
});

/**
 * The machine of the current row as its API JSON with more fields (the customer portal's list
 * and machine screen): one `json_build_object`, so the extra fields cost no second statement.
 */
export function machineJsonWith<T = Machine>(extra: Record<string, SQL>, clock: DueClock = PLACEHOLDER_CLOCK) {
  return jsonObject<T>({ ...machineFields(clock), ...extra });
}
/**
 * The same as text, cast only here at the edge: list pages are sent as the text they are. With
 * the placeholder clock: for prepared statements, executed with `clockParams`.
 */
export const MACHINE_JSON = sql<string>`${machineJsonWith({})}::text`;
/** A machine of the customer portal's list (OwnMachine): with its latest report dates and open malfunctions. */
export const OWN_MACHINE_JSON = sql<string>`${machineJsonWith(OWN_MACHINE_LIST_FIELDS)}::text`;

/** JSON texts of machines as one JSON array text. */
export const jsonArray = (texts: string[]) => `[${texts.join(',')}]`;

/** A machine as the inventory list shows it: names instead of ids. */
export type InventoryRow = {
  id: number;
  locationName: string;
  departmentName: string | null;
  roomName: string | null;
  name: string;
  machineTypeName: string | null;
  brandName: string | null;
  brandTypeName: string | null;
  inventoryNumber: string;
  factoryNumber: string | null;
  manufactureYear: number | null;
  status: Machine['status'];
  archived: boolean;
  priceCents: number | null;
  /** Date of the latest completed report per inspection type. */
  latestReports: Partial<Record<InspectionType, Date>>;
};

/** A machine of the inventory list from its API JSON and its latest report dates. */
export const inventoryRowOf = (m: Machine, latestReports: InventoryRow['latestReports']): InventoryRow => ({
  id: m.id,
  locationName: m.location_name,
  departmentName: m.department_name,
  roomName: m.room_name,
  name: m.name,
  machineTypeName: m.machine_type_name,
  brandName: m.brand_name,
  brandTypeName: m.brand_type_name,
  inventoryNumber: m.inventory_number,
  factoryNumber: m.factory_number,
  manufactureYear: m.manufacture_year,
  status: m.status,
  archived: m.archived_at !== null,
  priceCents: m.price_cents,
  latestReports,
});

/** A row of the move history with the name of who moved it. */
export type MoveRow = {
  id: number;
  from: string;
  to: string;
  at: Date;
  first: string | null;
  prep: string | null;
  last: string | null;
};

/** A move as the API shows it. */
export const moveOf = (r: MoveRow) => ({
  id: r.id,
  from: r.from,
  to: r.to,
  moved_by: r.first ? [r.first, r.prep, r.last].filter(Boolean).join(' ') : null,
  moved_at: iso(r.at),
});
