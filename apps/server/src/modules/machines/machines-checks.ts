import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import { INVENTORY_NUMBER_TAKEN, type MachineInput } from '@keurwijzer/shared/machines';
import type { Db, Executor } from '../../db/client';
import { fieldError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import type { MachinesRepository } from './machines.repository';

export type Placement = { location_id: number; department_id: number | null; room_id: number | null };

/**
 * What the machine service checks and shares between its calls: the machine or 404 (locked for
 * an edit or a move), placement and reference checks as field errors, the columns of a form, the
 * unique and foreign-key races, and the move history.
 */
export function machineChecks(db: Db, repo: MachinesRepository) {
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
    customerExists,
    load,
    loadLocked,
    questionnaireLinks,
    assertReferences,
    columnsOf,
    guarded,
    recordMoveIfMoved,
  };
}

export type MachineChecks = ReturnType<typeof machineChecks>;
