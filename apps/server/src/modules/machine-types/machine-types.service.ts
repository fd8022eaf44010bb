import { ACCESS } from '@keurwijzer/shared/permissions';
import { createCrudService } from '../../lib/crud-service';
import type { MachineTypesRepository } from './machine-types.repository';

/** Machine types: the generic CRUD service with the master-data permissions. */
export const createMachineTypesService = (repo: MachineTypesRepository) => createCrudService(repo, ACCESS.masterData);

export type MachineTypesService = ReturnType<typeof createMachineTypesService>;
