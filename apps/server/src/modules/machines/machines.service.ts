import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import { INVENTORY_NUMBER_TAKEN, type MachineInput, type MoveInput } from '@keurwijzer/shared/machines';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { machinesPolicy, type AskedSelection } from './machines.policy';
import { statusAfterEdit, type MachineFilters, type MachinesRepository } from './machines.repository';

/** A list or export query as asked: `archived` defaults to the machines in use. */

type Placement = { location_id: number; department_id: number | null; room_id: number | null };

/**
 * Machines: who may read and change which (machines.policy.ts), placement and reference checks,
 * archive, move with history, concept approval. Every method takes the actor first; the queries
 * are the repository's.
 */
export function createMachinesService({ db, repo }: { db: Db; repo: MachinesRepository }) {
  async function customerExists(customerId: number, tx: Executor = db) {
    if (!(await repo.customerExists(customerId, tx))) throw notFound();
  }

  async function load(customerId: number | undefined, id: number, tx: Executor = db) {
    const machine = await repo.find(id, customerId, tx);
    if (!machine) throw notFound();
    return machine;
  }

  /** The machine, locked for the rest of the transaction (edits and moves one at a time), or 404. */
  async function loadLocked(customerId: number, id: number, tx: Executor) {
    if (!(await repo.lock(id, customerId, tx))) throw notFound();
    return load(customerId, id, tx);
  }

  const questionnaireLinks = (input: MachineInput) =>
    Object.fromEntries(INSPECTION_TYPES.map((t) => [t, input[`questionnaire_${t}`]])) as Record<
      InspectionType,
      number | null
    >;

  /**
   * Location of this customer, department of that location, room of that department, and the
   * machine type, brand, brand type of that brand and questionnaires of their type: one
   * statement, then the first problem in the form's order as a field error.
   */
  async function assertReferences(customerId: number, p: Placement, input: MachineInput | null, tx: Executor) {
    const found = await repo.references(
      customerId,
      { ...p, ...(input ?? {}), questionnaires: input ? questionnaireLinks(input) : {} },
      tx,
    );
    if (!found.location) throw fieldError('location_id', 'Kies een vestiging van deze klant');
    if (p.room_id != null && p.department_id == null)
      throw fieldError('department_id', 'Kies eerst de afdeling van deze ruimte');
    if (found.department === false) throw fieldError('department_id', 'Kies een afdeling van deze vestiging');
    if (found.room === false) throw fieldError('room_id', 'Kies een ruimte van deze afdeling');
    if (found.machineType === false) throw fieldError('machine_type_id', 'Dit machinetype bestaat niet (meer)');
    if (input?.brand_type_id != null && input.brand_id == null)
      throw fieldError('brand_id', 'Kies eerst het merk van dit type');
    if (found.brand === false) throw fieldError('brand_id', 'Dit merk bestaat niet (meer)');
    if (found.brandType === false) throw fieldError('brand_type_id', 'Kies een type van dit merk');
    for (const type of INSPECTION_TYPES) {
      if (found.questionnaires[type] === false)
        throw fieldError(`questionnaire_${type}`, 'Kies een vragenlijst van dit type');
    }
  }

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
   * A concurrent add of the same inventory number passes no check but hits the unique index: the
   * same 422. A concurrent delete of what the machine refers to (place, brand, type, machine
   * type, questionnaire) passes the checks but hits a foreign key: `recheck` runs the checks
   * again, which now answer the 404 or 422 the request would have got.
   */
  async function guarded<T>(work: () => Promise<T>, recheck: () => Promise<unknown>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'machines_inventory_unique'))
        throw fieldError('inventory_number', INVENTORY_NUMBER_TAKEN);
      if (isForeignKeyViolation(err)) await recheck();
      throw err;
    }
  }

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
    await repo.addMove({ machineId: before.id, fromPlace, toPlace, movedBy: actorId }, tx);
  }

  return {
    /** One machine of a customer (staff), or of the actor's own customer in use (customer user). */
    async get(actor: Actor, customerId: number | undefined, id: number) {
      const scope = machinesPolicy.readScope(actor, customerId);
      const machine = await load(scope.customerId, id);
      if (scope.inUseOnly && (machine.archived_at !== null || machine.status === 'concept')) throw notFound();
      return machine;
    },

    /**
     * A page of machines: of the customer asked for (staff; undefined: every customer), or the
     * actor's own machines in use (customer user), whatever the query says.
     */
    async list(actor: Actor, query: AskedSelection<MachineFilters>, customerId?: number) {
      const scope = machinesPolicy.readScope(actor, customerId);
      // A customer user's list is the portal's (OwnMachine: latest report dates, open malfunctions).
      const q = scope.inUseOnly
        ? { ...query, archived: false, customerView: true, portal: true }
        : { ...query, archived: query.archived ?? false };
      const page = await repo.list(q, scope.customerId);
      // An empty page may mean the customer does not exist: only then is it looked up.
      if (page.count === 0 && scope.customerId !== undefined) await customerExists(scope.customerId);
      return page;
    },

    create: (actor: Actor, customerId: number, input: MachineInput) => {
      machinesPolicy.assertWrite(actor);
      return guarded(
        () =>
          db.transaction(async (tx) => {
            await customerExists(customerId, tx);
            await assertReferences(customerId, input, input, tx);
            const id = await repo.insert(
              { ...columnsOf(input), customerId, createdBy: actor.id, status: input.status ?? 'active' },
              tx,
            );
            await repo.setQuestionnaires(id, questionnaireLinks(input), tx);
            return load(customerId, id, tx);
          }),
        async () => {
          await customerExists(customerId);
          await assertReferences(customerId, input, input, db);
        },
      );
    },

    update: (actor: Actor, customerId: number, id: number, input: MachineInput) => {
      machinesPolicy.assertWrite(actor);
      return guarded(
        () =>
          db.transaction(async (tx) => {
            const before = await loadLocked(customerId, id, tx);
            await assertReferences(customerId, input, input, tx);
            await repo.update(id, { ...columnsOf(input), status: statusAfterEdit(input.status) }, tx);
            await repo.setQuestionnaires(id, questionnaireLinks(input), tx);
            await recordMoveIfMoved(tx, before, input, actor.id);
            return load(customerId, id, tx);
          }),
        async () => {
          await load(customerId, id);
          await assertReferences(customerId, input, input, db);
        },
      );
    },

    /**
     * Archives or restores in one conditional statement: of two requests at the same time exactly
     * one changes the row, the other gets the 409 (or 404) that a second request in a row gets.
     */
    async setArchived(actor: Actor, customerId: number, id: number, archived: boolean) {
      machinesPolicy.assertWrite(actor);
      if (!(await repo.setArchived(customerId, id, archived))) {
        await load(customerId, id);
        throw conflict(archived ? 'Deze machine is al gearchiveerd.' : 'Deze machine is niet gearchiveerd.');
      }
      return load(customerId, id);
    },

    /** Moves a machine within its customer and keeps the move in its history. */
    move: (actor: Actor, customerId: number, id: number, input: MoveInput) => {
      machinesPolicy.assertWrite(actor);
      return guarded(
        () =>
          db.transaction(async (tx) => {
            const before = await loadLocked(customerId, id, tx);
            await assertReferences(customerId, input, null, tx);
            const same =
              before.location_id === input.location_id &&
              before.department_id === input.department_id &&
              before.room_id === input.room_id;
            if (same) throw fieldError('location_id', 'De machine staat al op deze plaats');
            await repo.update(
              id,
              { locationId: input.location_id, departmentId: input.department_id, roomId: input.room_id },
              tx,
            );
            await recordMoveIfMoved(tx, before, input, actor.id);
            return load(customerId, id, tx);
          }),
        async () => {
          await load(customerId, id);
          await assertReferences(customerId, input, null, db);
        },
      );
    },

    async moves(actor: Actor, customerId: number, id: number) {
      const scope = machinesPolicy.readScope(actor, customerId);
      await load(scope.customerId, id);
      return repo.moves(id);
    },

    /** Approving a concept machine makes it Active (one conditional statement: one of two wins). */
    async approve(actor: Actor, id: number) {
      machinesPolicy.assertWrite(actor);
      if (!(await repo.approve(id))) {
        await load(undefined, id);
        throw new AppError(409, 'Deze machine is geen conceptmachine.');
      }
      return load(undefined, id);
    },
  };
}

export type MachinesService = ReturnType<typeof createMachinesService>;
