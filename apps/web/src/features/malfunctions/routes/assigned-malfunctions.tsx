import { MALFUNCTION_TEXT, type Malfunction } from '@keurwijzer/shared/malfunctions';
import type { Column } from '../../../components/table/data-table';
import { useListFilters } from '../../../components/table/list-state';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { formatDateTime } from '../../../lib/format';
import { useAssignedMalfunctions } from '../api/desk';
import { MalfunctionCard } from '../components/malfunction-card';
import { MalfunctionStatusChip, MalfunctionStatusFilter } from '../../../components/malfunction/malfunction-status';
import { ListPage } from '../../../components/table/list-page';

const FILTER_KEYS = ['status'] as const;
const pathOf = (m: Malfunction) => `/mechanic/malfunctions/${m.id}`;

const columns: Column<Malfunction>[] = [
  {
    key: 'machine',
    label: 'Machine',
    truncate: { text: (m) => `${m.machine_name} (${m.inventory_number})`, maxWidth: 240 },
    render: (m) => m.machine_name,
    link: (m) => ({ to: pathOf(m), label: `Storing ${m.machine_name} (${m.inventory_number}) openen` }),
  },
  {
    key: 'customer',
    label: 'Klant',
    truncate: { text: (m) => `${m.customer_name} · ${m.location_name}` },
    render: (m) => `${m.customer_name} · ${m.location_name}`,
  },
  {
    key: 'description',
    label: 'Omschrijving',
    truncate: { text: (m) => m.description, share: 2 },
    render: (m) => m.description,
  },
  { key: 'status', label: 'Status', sortable: true, render: (m) => <MalfunctionStatusChip status={m.status} /> },
  { key: 'reported_at', label: 'Gemeld op', sortable: true, render: (m) => formatDateTime(m.reported_at) },
];

/** mechanic/malfunctions ("Mijn storingen"): the malfunctions assigned to the user, the active ones first. */
export default function AssignedMalfunctions() {
  const [filters, setFilter] = useListFilters(FILTER_KEYS);
  const status = filters.status;
  const table = useDataTableQuery({
    useList: useAssignedMalfunctions,
    defaults: { sortKey: 'reported_at', sortOrder: 'desc' },
    filters: { status },
  });
  return (
    <ListPage<Malfunction>
      title={MALFUNCTION_TEXT.mineForMechanic}
      {...table}
      columns={columns}
      rowKey={(m) => m.id}
      searchLabel="Zoeken op machine, klant of omschrijving"
      filters={<MalfunctionStatusFilter value={status} onChange={(v) => setFilter('status', v)} />}
      renderCard={(m) => <MalfunctionCard malfunction={m} to={pathOf(m)} />}
    />
  );
}
