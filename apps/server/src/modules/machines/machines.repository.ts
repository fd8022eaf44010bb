import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DUE_SOON_DAYS } from '@keurwijzer/shared/compliance';
import type { MachineStatus } from '@keurwijzer/shared/machines';
import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import type { Db, Executor } from '../../db/client';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { machineMoves, machineQuestionnaires, machines } from '../../db/schema/machines';
import { questionnaires } from '../../db/schema/questionnaires';
import { users } from '../../db/schema/users';
import { brandTypes, brands, machineTypes } from '../../db/schema/master-data';
import { jsonObject } from '../../db/sql-json';
import { moveOf } from './machines.presenter';
import { machineReads } from './machines-read.repository';

export type { InventoryRow } from './machines.presenter';
export type { MachineFilters, MachineSelection } from './machines-read.repository';

/**
 * The status after an edit: Actief / Niet actief as sent, the current one when none is sent; a
 * concept machine stays Concept (only approval makes it Actief). Decided in the UPDATE itself, so
 * an approval running at the same time is never undone.
 */
export const statusAfterEdit = (status: MachineStatus | undefined) =>
  sql<MachineStatus>`case when ${machines.status} = 'concept' then 'concept' else coalesce(${status ?? null}::text, ${machines.status}) end`;

/** Writing machines: the lock an edit takes, its reference checks, and the row and its links. */
function machineWrites(db: Db) {
  return {
    /**
     * Locks the machine of this customer (FOR NO KEY UPDATE: rows referring to it, such as an
     * uploaded image, can still be added) until the transaction ends; false when it
     * is not there. Edits and moves of one machine take it first, so they run one after the
     * other and each compares with (and records in the history) the place the one before left.
     */
    lock: async (id: number, customerId: number, tx: Executor): Promise<boolean> =>
      (
        await tx
          .select({ id: machines.id })
          .from(machines)
          .where(and(eq(machines.id, id), eq(machines.customerId, customerId)))
          .for('no key update')
      ).length > 0,

    /** Replaces the questionnaire per inspection type. */
    async setQuestionnaires(machineId: number, links: Partial<Record<InspectionType, number | null>>, tx: Executor) {
      await tx.delete(machineQuestionnaires).where(eq(machineQuestionnaires.machineId, machineId));
      const values = Object.entries(links)
        .filter((e): e is [InspectionType, number] => typeof e[1] === 'number')
        .map(([inspectionType, questionnaireId]) => ({ machineId, inspectionType, questionnaireId }));
      if (values.length > 0) await tx.insert(machineQuestionnaires).values(values);
    },

    async customerExists(customerId: number, tx: Executor = db): Promise<boolean> {
      return (await tx.$count(customers, eq(customers.id, customerId))) > 0;
    },

    /**
     * Whether each thing a machine refers to exists where it must (one statement): the location
     * at this customer, the department at that location, the room in that department, the brand
     * type of that brand, each questionnaire of its inspection type. null: nothing was chosen.
     */
    async references(customerId: number, r: MachineReferences, tx: Executor): Promise<ReferenceChecks> {
      const check = (id: number | null | undefined, query: SQL) =>
        id == null ? sql<boolean | null>`null::boolean` : sql<boolean | null>`exists(${query})`;
      const q = r.questionnaires;
      const [row] = await tx
        .select({
          location: check(
            r.location_id,
            sql`select 1 from ${locations} where ${locations.id} = ${r.location_id} and ${locations.customerId} = ${customerId}`,
          ),
          department: check(
            r.department_id,
            sql`select 1 from ${departments} where ${departments.id} = ${r.department_id} and ${departments.locationId} = ${r.location_id}`,
          ),
          room: check(
            r.room_id,
            sql`select 1 from ${rooms} where ${rooms.id} = ${r.room_id} and ${rooms.departmentId} = ${r.department_id}`,
          ),
          machineType: check(
            r.machine_type_id,
            sql`select 1 from ${machineTypes} where ${machineTypes.id} = ${r.machine_type_id}`,
          ),
          brand: check(r.brand_id, sql`select 1 from ${brands} where ${brands.id} = ${r.brand_id}`),
          brandType: check(
            r.brand_type_id,
            sql`select 1 from ${brandTypes} where ${brandTypes.id} = ${r.brand_type_id} and ${brandTypes.brandId} = ${r.brand_id ?? null}`,
          ),
          questionnaires: jsonObject<Record<InspectionType, boolean | null>>(
            Object.fromEntries(
              INSPECTION_TYPES.map((t) => [
                t,
                check(
                  q[t],
                  sql`select 1 from ${questionnaires} where ${questionnaires.id} = ${q[t] ?? null} and ${questionnaires.inspectionType} = ${t}`,
                ),
              ]),
            ),
          ),
        })
        .from(sql`(select 1) as one`);
      return row!;
    },

    async insert(values: typeof machines.$inferInsert, tx: Executor): Promise<number> {
      const [row] = await tx.insert(machines).values(values).returning({ id: machines.id });
      return row!.id;
    },

    async update(id: number, values: PgUpdateSetSource<typeof machines>, tx: Executor = db): Promise<void> {
      await tx
        .update(machines)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(machines.id, id));
    },

    /**
     * Archives or restores in one conditional statement; false when the machine of this customer
     * was not in the other state (or does not exist).
     */
    async setArchived(customerId: number, id: number, archived: boolean): Promise<boolean> {
      const changed = await db
        .update(machines)
        .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
        .where(
          and(
            eq(machines.id, id),
            eq(machines.customerId, customerId),
            archived ? isNull(machines.archivedAt) : isNotNull(machines.archivedAt),
          ),
        )
        .returning({ id: machines.id });
      return changed.length > 0;
    },

    /** Concept -> Active in one conditional statement; false when it was no concept machine. */
    async approve(id: number): Promise<boolean> {
      const changed = await db
        .update(machines)
        .set({ status: 'active', updatedAt: new Date() })
        .where(and(eq(machines.id, id), eq(machines.status, 'concept')))
        .returning({ id: machines.id });
      return changed.length > 0;
    },
  };
}

/** The move history of machines and the place names it records. */
function machinePlaces(db: Db) {
  return {
    async addMove(move: typeof machineMoves.$inferInsert, tx: Executor): Promise<void> {
      await tx.insert(machineMoves).values(move);
    },

    /** The move history of a machine, oldest first, with who moved it. */
    async moves(machineId: number) {
      const rows = await db
        .select({
          id: machineMoves.id,
          from: machineMoves.fromPlace,
          to: machineMoves.toPlace,
          at: machineMoves.movedAt,
          first: users.firstName,
          prep: users.preposition,
          last: users.lastName,
        })
        .from(machineMoves)
        .leftJoin(users, eq(users.id, machineMoves.movedBy))
        .where(eq(machineMoves.machineId, machineId))
        .orderBy(machineMoves.movedAt);
      return rows.map(moveOf);
    },

    /** "Vestiging > Afdeling > Ruimte" of a placement, for the move history. */
    async placeName(
      p: { locationId: number; departmentId: number | null; roomId: number | null },
      tx: Executor,
    ): Promise<string> {
      const [l] = await tx.select({ n: locations.name }).from(locations).where(eq(locations.id, p.locationId));
      const [d] = p.departmentId
        ? await tx.select({ n: departments.name }).from(departments).where(eq(departments.id, p.departmentId))
        : [];
      const [r] = p.roomId ? await tx.select({ n: rooms.name }).from(rooms).where(eq(rooms.id, p.roomId)) : [];
      return [l?.n, d?.n, r?.n].filter(Boolean).join(' > ');
    },
  };
}

/** Machine queries: reading (lists, the export, one machine), writing, and the move history. */
export function createMachinesRepository(db: Db, options: { dueSoonDays?: number } = {}) {
  const soonDays = options.dueSoonDays ?? DUE_SOON_DAYS;
  return { ...machineReads(db, soonDays), ...machineWrites(db), ...machinePlaces(db) };
}

export type MachinesRepository = ReturnType<typeof createMachinesRepository>;

/** What a machine refers to, as its input names them. */
export type MachineReferences = {
  location_id: number;
  department_id: number | null;
  room_id: number | null;
  machine_type_id?: number | null;
  brand_id?: number | null;
  brand_type_id?: number | null;
  questionnaires: Partial<Record<InspectionType, number | null>>;
};
/** Per reference: true (exists where it must), false (it does not), null (none chosen). */
export type ReferenceChecks = {
  location: boolean | null;
  department: boolean | null;
  room: boolean | null;
  machineType: boolean | null;
  brand: boolean | null;
  brandType: boolean | null;
  questionnaires: Record<InspectionType, boolean | null>;
};
