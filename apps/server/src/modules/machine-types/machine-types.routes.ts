import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import {
  MachineTypeSchema,
  NamedInputSchema,
  NamedListQuerySchema,
  type NamedInput,
} from '@keurwijzer/shared/master-data';
import type { Db } from '../../db/client';
import { machineTypes } from '../../db/schema/master-data';
import { createCrudRepository } from '../../lib/crud';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { presentNamed } from '../../lib/presenters';
import { machinesUsing } from '../../lib/in-use';
import { machines } from '../../db/schema/machines';

/** /api/machine-types. Deleting one in use by machines is refused once machines exist. */
export const machineTypesRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  registerCrudRoutes(app, {
    path: '/api/machine-types',
    label: 'Machinetype',
    access: ACCESS.masterData,
    output: MachineTypeSchema,
    input: NamedInputSchema,
    listQuery: NamedListQuerySchema,
    repo: createCrudRepository({
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
    }),
  });
};
