import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import type { MachineInput, MachineStatus, MoveInput } from '@keurwijzer/shared/machines';
import type { Db, Executor } from '../../db/client';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { machineMoves, machines } from '../../db/schema/machines';
import { brandTypes, brands, machineTypes } from '../../db/schema/master-data';
import { questionnaires } from '../../db/schema/questionnaires';
import { users } from '../../db/schema/users';
import { AppError, conflict, fieldError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { iso } from '../../lib/presenters';
import type { MachinesRepository } from './machines.repository';

const INVENTORY_TAKEN = 'Deze klant heeft al een machine met dit inventarisnummer';

type Placement = { location_id: number; department_id: number | null; room_id: number | null };

/** Machines: placement and reference checks, archive, move with history, concept approval. */
export function createMachinesService({ db, repo }: { db: Db; repo: MachinesRepository }) {
  async function customerExists(customerId: number, tx: Executor = db) {
    if ((await tx.$count(customers, eq(customers.id, customerId))) === 0) throw notFound();
  }

  async function load(customerId: number | undefined, id: number, tx: Executor = db) {
    const machine = await repo.find(id, customerId, tx);
    if (!machine) throw notFound();
    return machine;
  }

  /** Location of this customer, department of that location, room of that department. */
  async function assertPlacement(customerId: number, p: Placement, tx: Executor) {
    if (
      (await tx.$count(locations, and(eq(locations.id, p.location_id), eq(locations.customerId, customerId)))) === 0
    ) {
      throw fieldError('location_id', 'Kies een vestiging van deze klant');
    }
    if (p.room_id != null && p.department_id == null)
      throw fieldError('department_id', 'Kies eerst de afdeling van deze ruimte');
    if (p.department_id != null) {
      const n = await tx.$count(
        departments,
        and(eq(departments.id, p.department_id), eq(departments.locationId, p.location_id)),
      );
      if (n === 0) throw fieldError('department_id', 'Kies een afdeling van deze vestiging');
    }
    if (p.room_id != null) {
      const n = await tx.$count(rooms, and(eq(rooms.id, p.room_id), eq(rooms.departmentId, p.department_id!)));
      if (n === 0) throw fieldError('room_id', 'Kies een ruimte van deze afdeling');
    }
  }

  async function assertReferences(input: MachineInput, tx: Executor) {
    if (
      input.machine_type_id != null &&
      (await tx.$count(machineTypes, eq(machineTypes.id, input.machine_type_id))) === 0
    ) {
      throw fieldError('machine_type_id', 'Dit machinetype bestaat niet (meer)');
    }
    if (input.brand_type_id != null && input.brand_id == null)
      throw fieldError('brand_id', 'Kies eerst het merk van dit type');
    if (input.brand_id != null && (await tx.$count(brands, eq(brands.id, input.brand_id))) === 0) {
      throw fieldError('brand_id', 'Dit merk bestaat niet (meer)');
    }
    if (input.brand_type_id != null) {
      const n = await tx.$count(
        brandTypes,
        and(eq(brandTypes.id, input.brand_type_id), eq(brandTypes.brandId, input.brand_id!)),
      );
      if (n === 0) throw fieldError('brand_type_id', 'Kies een type van dit merk');
    }
    for (const type of INSPECTION_TYPES) {
      const id = input[`questionnaire_${type}`];
      if (id == null) continue;
      const n = await tx.$count(
        questionnaires,
        and(eq(questionnaires.id, id), eq(questionnaires.inspectionType, type)),
      );
      if (n === 0) throw fieldError(`questionnaire_${type}`, 'Kies een vragenlijst van dit type');
    }
  }

  const questionnaireLinks = (input: MachineInput) =>
    Object.fromEntries(INSPECTION_TYPES.map((t) => [t, input[`questionnaire_${t}`]])) as Record<
      InspectionType,
      number | null
    >;

  const columnsOf = (input: MachineInput) => ({
    name: input.name,
    inventoryNumber: input.inventory_number,
    factoryNumber: input.factory_number,
    manufacturer: input.manufacturer,
    manufactureYear: input.manufacture_year,
    locationId: input.location_id,
    departmentId: input.department_id,
    roomId: input.room_id,
    machineTypeId: input.machine_type_id,
    brandId: input.brand_id,
    brandTypeId: input.brand_type_id,
    priceCents: input.price,
  });

  /**
   * Actief / Niet actief as sent, the current status when none is sent; a concept machine stays
   * Concept (it becomes Actief only through approval). Decided in the statement itself, so an
   * approval running at the same time is never undone.
   */
  const statusAfterEdit = (input: MachineInput) =>
    sql<MachineStatus>`case when ${machines.status} = 'concept' then 'concept' else coalesce(${input.status ?? null}::text, ${machines.status}) end`;

  /**
   * A concurrent add of the same inventory number passes no check but hits the unique index: the
   * same 422. A concurrent delete of what the machine refers to (place, brand, type, machine
   * type, questionnaire) passes the checks but hits a foreign key: `recheck` runs the checks
   * again, which now answer the 404 or 422 the request would have got.
   */
  async function guarded<T>(work: () => Promise<T>, recheck: () => Promise<unknown>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'machines_inventory_unique')) throw fieldError('inventory_number', INVENTORY_TAKEN);
      if (isForeignKeyViolation(err)) await recheck();
      throw err;
    }
  }

  return {
    load,

    async list(...args: Parameters<MachinesRepository['list']>) {
      const page = await repo.list(...args);
      // An empty page may mean the customer does not exist: only then is it looked up.
      if (page.count === 0 && args[1] !== undefined) await customerExists(args[1]);
      return page;
    },

    create: (customerId: number, input: MachineInput, actorId: number) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            await customerExists(customerId, tx);
            await assertPlacement(customerId, input, tx);
            await assertReferences(input, tx);
            const [row] = await tx
              .insert(machines)
              .values({ ...columnsOf(input), customerId, createdBy: actorId, status: input.status ?? 'active' })
              .returning({ id: machines.id });
            await repo.setQuestionnaires(row!.id, questionnaireLinks(input), tx);
            return load(customerId, row!.id, tx);
          }),
        async () => {
          await customerExists(customerId);
          await assertPlacement(customerId, input, db);
          await assertReferences(input, db);
        },
      ),

    update: (customerId: number, id: number, input: MachineInput, actorId: number) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            const before = await load(customerId, id, tx);
            await assertPlacement(customerId, input, tx);
            await assertReferences(input, tx);
            await tx
              .update(machines)
              .set({ ...columnsOf(input), status: statusAfterEdit(input), updatedAt: new Date() })
              .where(eq(machines.id, id));
            await repo.setQuestionnaires(id, questionnaireLinks(input), tx);
            await recordMoveIfMoved(tx, before, input, actorId);
            return load(customerId, id, tx);
          }),
        async () => {
          await load(customerId, id);
          await assertPlacement(customerId, input, db);
          await assertReferences(input, db);
        },
      ),

    /**
     * Archives or restores in one conditional statement: of two requests at the same time exactly
     * one changes the row, the other gets the 409 (or 404) that a second request in a row gets.
     */
    async setArchived(customerId: number, id: number, archived: boolean) {
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
      if (changed.length === 0) {
        await load(customerId, id);
        throw conflict(archived ? 'Deze machine is al gearchiveerd.' : 'Deze machine is niet gearchiveerd.');
      }
      return load(customerId, id);
    },

    /** Moves a machine within its customer and keeps the move in its history. */
    move: (customerId: number, id: number, input: MoveInput, actorId: number) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            const before = await load(customerId, id, tx);
            await assertPlacement(customerId, input, tx);
            const same =
              before.location_id === input.location_id &&
              before.department_id === input.department_id &&
              before.room_id === input.room_id;
            if (same) throw fieldError('location_id', 'De machine staat al op deze plaats');
            await tx
              .update(machines)
              .set({
                locationId: input.location_id,
                departmentId: input.department_id,
                roomId: input.room_id,
                updatedAt: new Date(),
              })
              .where(eq(machines.id, id));
            await recordMoveIfMoved(tx, before, input, actorId);
            return load(customerId, id, tx);
          }),
        async () => {
          await load(customerId, id);
          await assertPlacement(customerId, input, db);
        },
      ),

    async moves(customerId: number, id: number) {
      await load(customerId, id);
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
        .where(eq(machineMoves.machineId, id))
        .orderBy(machineMoves.movedAt);
      return rows.map((r) => ({
        id: r.id,
        from: r.from,
        to: r.to,
        moved_by: r.first ? [r.first, r.prep, r.last].filter(Boolean).join(' ') : null,
        moved_at: iso(r.at),
      }));
    },

    /** Approving a concept machine makes it Active. */
    async approve(id: number) {
      // One conditional statement: of two approvals at the same time, one succeeds.
      const changed = await db
        .update(machines)
        .set({ status: 'active', updatedAt: new Date() })
        .where(and(eq(machines.id, id), eq(machines.status, 'concept')))
        .returning({ id: machines.id });
      if (changed.length === 0) {
        await load(undefined, id);
        throw new AppError(409, 'Deze machine is geen conceptmachine.');
      }
      return load(undefined, id);
    },
  };

  async function recordMoveIfMoved(
    tx: Executor,
    before: { id: number; location_id: number; department_id: number | null; room_id: number | null },
    after: Placement,
    actorId: number,
  ) {
    if (
      before.location_id === after.location_id &&
      before.department_id === after.department_id &&
      before.room_id === after.room_id
    )
      return;
    const fromPlace = await repo.placeName(
      { locationId: before.location_id, departmentId: before.department_id, roomId: before.room_id },
      tx,
    );
    const toPlace = await repo.placeName(
      { locationId: after.location_id, departmentId: after.department_id, roomId: after.room_id },
      tx,
    );
    await tx.insert(machineMoves).values({ machineId: before.id, fromPlace, toPlace, movedBy: actorId });
  }
}

export type MachinesService = ReturnType<typeof createMachinesService>;
