import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import { MachineTypeSchema, NamedInputSchema, NamedListQuerySchema } from '@keurwijzer/shared/master-data';
import { registerCrudRoutes } from '../../lib/crud-routes';
import type { MachineTypesService } from './machine-types.service';

/** /api/machine-types. Deleting one in use by machines is refused once machines exist. */
export const machineTypesRoutes: FastifyPluginAsync<{ service: MachineTypesService }> = async (app, { service }) => {
  registerCrudRoutes(app, {
    path: '/api/machine-types',
    label: 'Machinetype',
    access: ACCESS.masterData,
    output: MachineTypeSchema,
    input: NamedInputSchema,
    listQuery: NamedListQuerySchema,
    service,
  });
};
