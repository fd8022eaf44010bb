import type { MachineType } from '@keurwijzer/shared/master-data';
import { CrudListPage } from '../../../components/table/crud-list-page';
import { formatDate } from '../../../lib/format';
import { machineTypesResource } from '../../../lib/api/machine-types';

/** admin/machine-types */
export default function MachineTypesList() {
  return (
    <CrudListPage<MachineType>
      resource={machineTypesResource}
      title="Machinetypes"
      newLabel="Nieuw machinetype"
      base="/admin/machine-types"
      noun="machinetype"
      columns={[
        { key: 'name', label: 'Naam', sortable: true, render: (m) => m.name },
        {
          key: 'created_at',
          label: 'Toegevoegd',
          sortable: true,
          hideBelow: 'sm',
          render: (m) => formatDate(m.created_at),
        },
      ]}
    />
  );
}
