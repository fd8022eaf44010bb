import type { MachineType, NamedInput } from '@keurwijzer/shared/master-data';
import { createResource } from '../../../lib/resource';

export const machineTypesResource = createResource<MachineType, NamedInput>(
  'machine-types',
  () => '/api/machine-types',
);
