import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { MALFUNCTION_FILTER_KEYS, MALFUNCTION_STATUSES, type Malfunction } from '@keurwijzer/shared/malfunctions';
import type { SortChoice } from '../../../components/table/data-cards';
import type { Column } from '../../../components/table/data-table';
import { useListFilters } from '../../../components/table/list-state';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { formatDateTime } from '../../../lib/format';
import { CustomerFilter } from '../../../components/pickers/customer-filter';
import { reporterOf } from '../../../lib/reporter';
import { useMalfunctions } from '../api/malfunctions';
import { MalfunctionCard } from '../components/malfunction-card';
import { RespondBy, UrgentChip } from '../../../components/malfunction/malfunction-markers';
import { MalfunctionStatusChip, MalfunctionStatusFilter } from '../../../components/malfunction/malfunction-status';
import { ListPage } from '../../../components/table/list-page';

/** The server's default: the active urgent ones first, then the other active ones, each newest first. */
const SORT = { sortKey: 'urgency', sortOrder: 'desc' } as const;

/** The phone's sort select offers the default order too (it is no column's). */
const SORT_CHOICES: SortChoice[] = [{ key: 'urgency', order: 'desc', label: 'Spoed eerst, dan nieuwste' }];

const malfunctionPath = (m: Malfunction) => `/admin/malfunctions/${m.id}`;

/**
 * A second line in a cell, for what has a column of its own only from xl (location, reporter,
 * handler): below that the description would get no room beside eight columns.
 */
function UntilXl({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      sx={{ display: { xs: 'block', xl: 'none' }, overflow: 'hidden', textOverflow: 'ellipsis', mt: 0.25 }}
    >
      {children}
    </Typography>
  );
}

/**
 * admin/malfunctions: every malfunction of every customer, the active urgent ones first ("Spoed");
 * the response deadline ("Reactie vóór", "Reactie te laat"), sortable; search, filters (status,
 * customer, "Alleen te laat"), paging; cards on a phone.
 */
export default function MalfunctionsList() {
  const [filters, setFilter] = useListFilters(MALFUNCTION_FILTER_KEYS);
  const status = filters.status;
  const filterQuery = {
    status: status && (MALFUNCTION_STATUSES as readonly string[]).includes(status) ? status : undefined,
    customer_id: filters.customer_id,
    late: filters.late === '1' ? '1' : undefined,
  };
  const table = useDataTableQuery({ useList: useMalfunctions, defaults: SORT, filters: filterQuery });

  const columns: Column<Malfunction>[] = [
    {
      key: 'customer',
      label: 'Klant',
      sortable: true,
      hideBelow: 'sm',
      truncate: { text: (m) => `${m.customer_name} (${m.location_name})`, maxWidth: 200 },
      render: (m) => (
        <>
          {m.customer_name}
          <UntilXl>{m.location_name}</UntilXl>
        </>
      ),
    },
    {
      key: 'location',
      label: 'Vestiging',
      hideBelow: 'xl',
      truncate: { text: (m) => m.location_name, maxWidth: 160 },
      render: (m) => m.location_name,
    },
    {
      key: 'machine',
      label: 'Machine',
      sortable: true,
      link: (m) => ({ to: malfunctionPath(m), label: `Storing ${m.machine_name} (${m.inventory_number})` }),
      render: (m) => (
        <>
          {m.machine_name}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {m.inventory_number}
          </Typography>
        </>
      ),
    },
    {
      key: 'respond_by',
      label: 'Reactie vóór',
      sortable: true,
      nowrap: true,
      render: (m) => <RespondBy malfunction={m} bare />,
    },
    {
      key: 'description',
      label: 'Omschrijving',
      hideBelow: 'md',
      truncate: { text: (m) => m.description },
      render: (m) => m.description,
    },
    {
      key: 'reported_by',
      label: 'Gemeld door',
      hideBelow: 'xl',
      truncate: { text: (m) => reporterOf(m) ?? '', maxWidth: 180 },
      render: (m) => reporterOf(m) ?? '-',
    },
    {
      key: 'reported_at',
      label: 'Gemeld op',
      sortable: true,
      render: (m) => (
        <>
          {formatDateTime(m.reported_at)}
          <UntilXl>{reporterOf(m)}</UntilXl>
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (m) => (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            <MalfunctionStatusChip status={m.status} />
            <UrgentChip malfunction={m} />
          </Box>
          {m.handled_by_name && <UntilXl>{m.handled_by_name}</UntilXl>}
        </>
      ),
    },
    {
      key: 'handled_by',
      label: 'Behandeld door',
      hideBelow: 'xl',
      truncate: { text: (m) => m.handled_by_name ?? '', maxWidth: 180 },
      render: (m) => m.handled_by_name ?? '-',
    },
  ];

  return (
    <ListPage<Malfunction>
      title="Storingen"
      {...table}
      columns={columns}
      rowKey={(m) => m.id}
      searchLabel="Zoeken op klant, machine of omschrijving"
      filters={
        <>
          <MalfunctionStatusFilter value={filters.status} onChange={(v) => setFilter('status', v)} />
          <CustomerFilter value={filters.customer_id} onChange={(v) => setFilter('customer_id', v)} />
          <FormControlLabel
            control={
              <Switch checked={filters.late === '1'} onChange={(e) => setFilter('late', e.target.checked ? '1' : '')} />
            }
            label="Alleen te laat"
          />
        </>
      }
      renderCard={(m) => <MalfunctionCard malfunction={m} to={malfunctionPath(m)} />}
      sortChoices={SORT_CHOICES}
    />
  );
}
