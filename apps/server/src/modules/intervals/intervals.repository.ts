import { and, eq, inArray, sql } from 'drizzle-orm';
import { DUE_TYPES, type DueType, type MachineDue } from '@keurwijzer/shared/compliance';
import type {
  CustomerIntervalRow,
  EffectiveInterval,
  IntervalSet,
  IntervalSetInput,
} from '@keurwijzer/shared/intervals';
import type { Db, Executor } from '../../db/client';
import { customerIntervals, inspectionIntervals, machineIntervals } from '../../db/schema/compliance';
import { customers } from '../../db/schema/customers';
import { machines } from '../../db/schema/machines';
import { machineTypes } from '../../db/schema/master-data';
import { rowsOf } from '../../db/sql-json';
import { dueRowsJson } from '../../lib/machine-due';
import type { DueClock } from '../../lib/due-state';
import { qualified } from '../../lib/list-query';

const emptySet = (): IntervalSet => ({ inspection: null, maintenance: null, safety: null });

/** `{ inspection: 12, … }` as PostgreSQL aggregated it (json_object_agg; null without rows) as an IntervalSet. */
const setOf = (agg: Partial<Record<DueType, number>> | null): IntervalSet => ({ ...emptySet(), ...(agg ?? {}) });

/** Upserts the types with months and deletes the ones without: an unchanged interval writes nothing. */
async function writeSet(
  set: IntervalSetInput,
  upsert: (type: DueType, months: number) => Promise<unknown>,
  remove: (types: DueType[]) => Promise<unknown>,
) {
  const none = DUE_TYPES.filter((t) => set[t] === null);
  if (none.length > 0) await remove(none);
  for (const type of DUE_TYPES) {
    const months = set[type];
    if (months !== null) await upsert(type, months);
  }
}

/** The machine types' default intervals (inspection_intervals). */
function machineTypeIntervals(db: Db) {
  return {
    machineTypeExists: async (id: number, tx: Executor = db) =>
      (await tx.$count(machineTypes, eq(machineTypes.id, id))) > 0,

    /** The ids among these that are machine types. */
    async existingMachineTypes(ids: number[], tx: Executor = db): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await tx.select({ id: machineTypes.id }).from(machineTypes).where(inArray(machineTypes.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    async typeIntervals(machineTypeId: number, tx: Executor = db): Promise<IntervalSet> {
      const rows = await tx
        .select({ type: inspectionIntervals.inspectionType, months: inspectionIntervals.months })
        .from(inspectionIntervals)
        .where(eq(inspectionIntervals.machineTypeId, machineTypeId));
      return { ...emptySet(), ...Object.fromEntries(rows.map((r) => [r.type, r.months])) };
    },

    setTypeIntervals: (machineTypeId: number, set: IntervalSetInput, tx: Executor) =>
      writeSet(
        set,
        (inspectionType, months) =>
          tx
            .insert(inspectionIntervals)
            .values({ machineTypeId, inspectionType, months })
            .onConflictDoUpdate({
              target: [inspectionIntervals.machineTypeId, inspectionIntervals.inspectionType],
              set: { months, updatedAt: new Date() },
              setWhere: sql`${inspectionIntervals.months} <> excluded.months`,
            }),
        (types) =>
          tx
            .delete(inspectionIntervals)
            .where(
              and(
                eq(inspectionIntervals.machineTypeId, machineTypeId),
                inArray(inspectionIntervals.inspectionType, types),
              ),
            ),
      ),
  };
}

/** A customer's overrides per machine type (customer_intervals). */
function customerTypeIntervals(db: Db) {
  return {
    customerExists: async (id: number, tx: Executor = db) => (await tx.$count(customers, eq(customers.id, id))) > 0,

    /**
     * The machine types of the customer's machines (not archived) and those it has overrides
     * for, by name: each with the type's defaults, the customer's overrides and its machine count.
     */
    async customerRows(customerId: number, tx: Executor = db): Promise<CustomerIntervalRow[]> {
      const rows = await rowsOf<{
        id: number;
        name: string;
        machine_count: number;
        defaults: Partial<Record<DueType, number>> | null;
        overrides: Partial<Record<DueType, number>> | null;
      }>(
        tx,
        sql`select mt.id, mt.name,
          (select count(*)::int from machines m
            where m.customer_id = ${customerId} and m.machine_type_id = mt.id and m.archived_at is null) as machine_count,
          (select json_object_agg(ii.inspection_type, ii.months) from inspection_intervals ii
            where ii.machine_type_id = mt.id) as defaults,
          (select json_object_agg(ci.inspection_type, ci.months) from customer_intervals ci
            where ci.customer_id = ${customerId} and ci.machine_type_id = mt.id) as overrides
        from machine_types mt
        where mt.id in (select m.machine_type_id from machines m
            where m.customer_id = ${customerId} and m.archived_at is null and m.machine_type_id is not null
          union select ci.machine_type_id from customer_intervals ci where ci.customer_id = ${customerId})
        order by lower(mt.name), mt.id`,
      );
      return rows.map((r) => ({
        machine_type_id: r.id,
        machine_type_name: r.name,
        machine_count: r.machine_count,
        defaults: setOf(r.defaults),
        overrides: setOf(r.overrides),
      }));
    },

    setCustomerIntervals: (customerId: number, machineTypeId: number, set: IntervalSetInput, tx: Executor) =>
      writeSet(
        set,
        (inspectionType, months) =>
          tx
            .insert(customerIntervals)
            .values({ customerId, machineTypeId, inspectionType, months })
            .onConflictDoUpdate({
              target: [customerIntervals.customerId, customerIntervals.machineTypeId, customerIntervals.inspectionType],
              set: { months, updatedAt: new Date() },
              setWhere: sql`${customerIntervals.months} <> excluded.months`,
            }),
        (types) =>
          tx
            .delete(customerIntervals)
            .where(
              and(
                eq(customerIntervals.customerId, customerId),
                eq(customerIntervals.machineTypeId, machineTypeId),
                inArray(customerIntervals.inspectionType, types),
              ),
            ),
      ),
  };
}

/** A machine's own overrides (machine_intervals), what applies to it, and its due rows. */
function machineOwnIntervals(db: Db) {
  return {
    /** Whether the machine is this customer's (archived or not). */
    machineExists: async (customerId: number, machineId: number, tx: Executor = db) =>
      (await tx.$count(machines, and(eq(machines.id, machineId), eq(machines.customerId, customerId)))) > 0,

    /**
     * A machine's own overrides, what applies without them (the customer's, else the machine
     * type's) and what applies now (machine_interval(), the function the triggers use);
     * undefined when the machine is not this customer's.
     */
    async machineIntervals(customerId: number, machineId: number, tx: Executor = db) {
      const rows = await rowsOf<{
        type: DueType;
        own: number | null;
        customer: number | null;
        machine_type: number | null;
        effective: EffectiveInterval | null;
      }>(
        tx,
        sql`select t.type,
          (select mi.months from machine_intervals mi where mi.machine_id = m.id and mi.inspection_type = t.type) as own,
          (select ci.months from customer_intervals ci where ci.customer_id = m.customer_id
            and ci.machine_type_id = m.machine_type_id and ci.inspection_type = t.type) as customer,
          (select ii.months from inspection_intervals ii where ii.machine_type_id = m.machine_type_id
            and ii.inspection_type = t.type) as machine_type,
          (select json_build_object('months', iv.months, 'source', iv.source)
            from machine_interval(m.id, m.customer_id, m.machine_type_id, t.type) iv) as effective
        from machines m cross join (values ('inspection'), ('maintenance'), ('safety')) as t(type)
        where m.id = ${machineId} and m.customer_id = ${customerId}`,
      );
      if (rows.length === 0) return undefined;
      const pick = <T>(f: (r: (typeof rows)[number]) => T) =>
        Object.fromEntries(DUE_TYPES.map((type) => [type, f(rows.find((r) => r.type === type)!)])) as Record<
          DueType,
          T
        >;
      return {
        overrides: pick((r) => r.own),
        inherited: pick((r): EffectiveInterval | null =>
          r.customer !== null
            ? { months: r.customer, source: 'customer' }
            : r.machine_type !== null
              ? { months: r.machine_type, source: 'machine_type' }
              : null,
        ),
        effective: pick((r) => r.effective),
      };
    },

    setMachineIntervals: (machineId: number, set: IntervalSetInput, tx: Executor) =>
      writeSet(
        set,
        (inspectionType, months) =>
          tx
            .insert(machineIntervals)
            .values({ machineId, inspectionType, months })
            .onConflictDoUpdate({
              target: [machineIntervals.machineId, machineIntervals.inspectionType],
              set: { months, updatedAt: new Date() },
              setWhere: sql`${machineIntervals.months} <> excluded.months`,
            }),
        (types) =>
          tx
            .delete(machineIntervals)
            .where(and(eq(machineIntervals.machineId, machineId), inArray(machineIntervals.inspectionType, types))),
      ),

    /** The machine's due rows (MachineDue[]), or undefined when the machine is not this customer's. */
    async machineDue(customerId: number, machineId: number, clock: DueClock): Promise<MachineDue[] | undefined> {
      const [row] = await db
        .select({ due: dueRowsJson(qualified(machines.id), clock) })
        .from(machines)
        .where(and(eq(machines.id, machineId), eq(machines.customerId, customerId)));
      return row?.due;
    },
  };
}

/**
 * Intervals per machine type, customer (per machine type) and machine: reads and writes of the
 * three interval tables. Their triggers (migration 0022) refresh `machine_due` and the machines'
 * summary in the same statement, so nothing here recomputes a due date.
 */
export function createIntervalsRepository(db: Db) {
  return { ...machineTypeIntervals(db), ...customerTypeIntervals(db), ...machineOwnIntervals(db) };
}

export type IntervalsRepository = ReturnType<typeof createIntervalsRepository>;
