import type { NamedInput } from '@keurwijzer/shared/master-data';
import type { Db } from '../../db/client';
import { machines } from '../../db/schema/machines';
import { machineTypes } from '../../db/schema/master-data';
import { createCrudRepository } from '../../lib/crud';
import { machinesUsing } from '../../lib/in-use';
import { presentNamed } from '../../lib/presenters';

/** Machine types (generic CRUD); one in use by machines cannot be deleted. */
export const createMachineTypesRepository = (db: Db) =>
  createCrudRepository({
    db,
    table: machineTypes,
    select: {
      id: machineTypes.id,
      name: machineTypes.name,
      createdAt: machineTypes.createdAt,
      updatedAt: machineTypes.updatedAt,
    },
    present: presentNamed,
    values: (input: NamedInput) => ({ name: input.name }),
    sortColumns: { name: machineTypes.name, created_at: machineTypes.createdAt },
    searchColumns: [machineTypes.name],
    unique: {
      column: machineTypes.name,
      field: 'name',
      message: 'Er bestaat al een machinetype met deze naam',
      constraint: 'machine_types_name_unique',
    },
    inUse: (id, tx) => machinesUsing(tx, machines.machineTypeId, id, 'dit machinetype'),
  });

export type MachineTypesRepository = ReturnType<typeof createMachineTypesRepository>;
