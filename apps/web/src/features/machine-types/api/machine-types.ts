import type { MachineType, NamedFormValues } from '@keurwijzer/shared/master-data';
import { createResource } from '../../../lib/resource';

export const machineTypesResource = createResource<MachineType, NamedFormValues>(
  'machine-types',
  () => '/api/machine-types',
);
