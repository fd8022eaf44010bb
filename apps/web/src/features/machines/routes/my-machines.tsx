import {
  MACHINE_STATUS_LABELS,
  OWN_MACHINE_FILTER_KEYS,
  OWN_MACHINE_STATUSES,
  type Machine,
} from '@keurwijzer/shared/machines';
import { DataTable } from '../../../components/table/data-table';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { PageHeader } from '../../../components/layout/page-header';
import { useCurrentUser } from '../../auth/api/auth';
import { ownMachinesResource } from '../api/machines';
import { InventoryExportButton } from '../components/inventory-export-button';
import { machineColumns } from '../components/machine-columns';

/** machines: the customer's own machines in use, with search, a status filter and the inventory list. */
export default function MyMachines() {
  const user = useCurrentUser();
  const [filters, setFilter] = useListFilters(OWN_MACHINE_FILTER_KEYS);
  const status = filters.status;
  const table = useDataTableQuery({
    useList: ownMachinesResource.useList,
    defaults: { sortKey: 'name' },
    filters: { status },
  });

  return (
    <>
      <PageHeader
        title="Mijn machines"
        crumbs={user.customer_name ? [{ label: user.customer_name }] : undefined}
        actions={<InventoryExportButton path="/api/machines/export" filters={{ status }} />}
      />
      <DataTable<Machine>
        {...table}
        label="Mijn machines"
        rowKey={(m) => m.id}
        searchLabel="Zoeken op naam, inventaris- of fabrieksnummer"
        filters={
          <FilterSelect
            label="Status"
            value={status}
            options={OWN_MACHINE_STATUSES.map((s) => ({ value: s, label: MACHINE_STATUS_LABELS[s] }))}
            onChange={(v) => setFilter('status', v)}
          />
        }
        columns={machineColumns()}
      />
    </>
  );
}
