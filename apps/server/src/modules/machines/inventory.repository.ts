import { and, eq, sql } from 'drizzle-orm';
import type { DueState, DueType } from '@keurwijzer/shared/compliance';
import type { Db, Executor } from '../../db/client';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { brands, machineTypes } from '../../db/schema/master-data';
import { rowsOf } from '../../db/sql-json';
import { dueStateSql, type DueClock } from '../../lib/due-state';
import type { InventoryDue, SelectionNames } from './inventory.presenter';
import type { MachineSelection } from './machines.repository';

/** The queries of the inventory export besides its machines (machines.repository `inventory()`). */
export function createInventoryRepository(db: Db) {
  const first = async (query: Promise<{ name: string }[]>) => (await query)[0]?.name ?? null;

  return {
    /** The name and number of the customer for the export's header; undefined when it does not exist. */
    async customer(customerId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ name: customers.name, customerNumber: customers.customerNumber })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row;
    },

    /**
     * The names of the place, machine type and brand a selection filters on. Places are looked
     * up within this customer only, so a foreign id never prints another customer's place.
     */
    async selectionNames(customerId: number, q: MachineSelection, tx: Executor = db): Promise<SelectionNames> {
      const names: SelectionNames = {};
      if (q.location_id)
        names.location = await first(
          tx
            .select({ name: locations.name })
            .from(locations)
            .where(and(eq(locations.id, q.location_id), eq(locations.customerId, customerId))),
        );
      if (q.department_id)
        names.department = await first(
          tx
            .select({ name: departments.name })
            .from(departments)
            .innerJoin(locations, eq(locations.id, departments.locationId))
            .where(and(eq(departments.id, q.department_id), eq(locations.customerId, customerId))),
        );
      if (q.room_id)
        names.room = await first(
          tx
            .select({ name: rooms.name })
            .from(rooms)
            .innerJoin(departments, eq(departments.id, rooms.departmentId))
            .innerJoin(locations, eq(locations.id, departments.locationId))
            .where(and(eq(rooms.id, q.room_id), eq(locations.customerId, customerId))),
        );
      if (q.machine_type_id)
        names.machineType = await first(
          tx.select({ name: machineTypes.name }).from(machineTypes).where(eq(machineTypes.id, q.machine_type_id)),
        );
      if (q.brand_id)
        names.brand = await first(tx.select({ name: brands.name }).from(brands).where(eq(brands.id, q.brand_id)));
      return names;
    },

    /**
     * The next due date and state per due type of these machines (one export batch), from
     * `machine_due`; the state is computed by PostgreSQL (lib/due-state.ts). A type without a due
     * row (no interval, or an archived or inactive machine) is absent.
     */
    async dueOf(machineIds: number[], clock: DueClock, tx: Executor = db): Promise<Map<number, InventoryDue>> {
      const byMachine = new Map<number, InventoryDue>();
      if (machineIds.length === 0) return byMachine;
      const rows = await rowsOf<{ machine_id: number; inspection_type: DueType; due_date: string; state: DueState }>(
        tx,
        sql`select md.machine_id, md.inspection_type, md.due_date::text as due_date,
              ${dueStateSql(sql`md.due_date`, sql`md.rejected`, clock)} as state
            from machine_due md
            where md.machine_id = any(${sql`${`{${machineIds.join(',')}}`}::int[]`})`,
      );
      for (const r of rows) {
        const due = byMachine.get(r.machine_id) ?? {};
        due[r.inspection_type] = { dueDate: r.due_date, state: r.state };
        byMachine.set(r.machine_id, due);
      }
      return byMachine;
    },
  };
}

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
