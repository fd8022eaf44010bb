import type { MachineType, NamedFormValues } from '@keurwijzer/shared/master-data';
import { createResource } from '../resource';

export const machineTypesResource = createResource<MachineType, NamedFormValues>(
  'machine-types',
  () => '/api/machine-types',
);
