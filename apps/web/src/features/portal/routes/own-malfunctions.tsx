import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { MALFUNCTION_TEXT, type OwnMalfunction } from '@keurwijzer/shared/malfunctions';
import type { Column } from '../../../components/table/data-table';
import { useListFilters } from '../../../components/table/list-state';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { formatDateTime } from '../../../lib/format';
import { ownMalfunctionsResource } from '../../../lib/api/portal';
import { UrgentChip } from '../../../components/malfunction/malfunction-markers';
import { MalfunctionStatusChip, MalfunctionStatusFilter } from '../../../components/malfunction/malfunction-status';
import { CustomerNote, malfunctionDates } from '../components/malfunction-status';
import { ListPage } from '../../../components/table/list-page';

const FILTER_KEYS = ['status'] as const;

/** The status, and "Spoed" when the machine stood still. */
function StatusAndUrgency({ malfunction: f, vertical = false }: { malfunction: OwnMalfunction; vertical?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        ...(vertical && { flexDirection: 'column', alignItems: 'flex-end', flexShrink: 0 }),
      }}
    >
      <MalfunctionStatusChip status={f.status} />
      <UrgentChip malfunction={f} />
    </Box>
  );
}
/** A row opens the malfunction's own screen (its timeline, comments, "Storing intrekken"). */
const malfunctionPath = (f: OwnMalfunction) => `/malfunctions/${f.id}`;

/** Resolved: when; else when it last changed (empty when nothing happened since it was reported). */
const lastChange = (f: OwnMalfunction) =>
  f.resolved_at
    ? `Opgelost ${formatDateTime(f.resolved_at)}`
    : f.updated_at !== f.reported_at
      ? formatDateTime(f.updated_at)
      : '';

const columns: Column<OwnMalfunction>[] = [
  {
    key: 'machine',
    label: 'Machine',
    truncate: { text: (f) => `${f.machine_name} (${f.inventory_number})`, maxWidth: 240 },
    render: (f) => f.machine_name,
    link: (f) => ({ to: malfunctionPath(f), label: `Storing ${f.machine_name} (${f.inventory_number}) openen` }),
  },
  {
    key: 'description',
    label: 'Omschrijving',
    truncate: { text: (f) => f.description, share: 2 },
    render: (f) => f.description,
  },
  { key: 'status', label: 'Status', sortable: true, render: (f) => <StatusAndUrgency malfunction={f} /> },
  { key: 'reported_at', label: 'Gemeld op', sortable: true, render: (f) => formatDateTime(f.reported_at) },
  { key: 'updated_at', label: 'Bijgewerkt', hideBelow: 'md', render: lastChange },
  {
    key: 'customer_note',
    label: 'Toelichting',
    hideBelow: 'lg',
    truncate: { text: (f) => f.customer_note ?? '' },
    render: (f) => f.customer_note ?? '',
  },
];

/** A malfunction on a phone: machine, status, description, dates and the note for the customer. */
function MalfunctionCard({ malfunction: f }: { malfunction: OwnMalfunction }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={malfunctionPath(f)} sx={{ p: 2, minHeight: 48 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{f.machine_name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {f.inventory_number}
            </Typography>
          </Box>
          <StatusAndUrgency malfunction={f} vertical />
        </Box>
        <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{f.description}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {malfunctionDates(f)}
        </Typography>
        <CustomerNote note={f.customer_note} />
      </CardActionArea>
    </Card>
  );
}

/** malfunctions ("Mijn storingen"): the customer's malfunctions, newest first, a status filter; cards on a phone. */
export default function OwnMalfunctions() {
  const [filters, setFilter] = useListFilters(FILTER_KEYS);
  const status = filters.status;
  const table = useDataTableQuery({
    useList: ownMalfunctionsResource.useList,
    parentId: 'own' as const,
    defaults: { sortKey: 'reported_at', sortOrder: 'desc' },
    filters: { status },
  });
  return (
    <ListPage<OwnMalfunction>
      title={MALFUNCTION_TEXT.mine}
      {...table}
      columns={columns}
      rowKey={(f) => f.id}
      searchLabel="Zoeken op machine of omschrijving"
      filters={<MalfunctionStatusFilter value={status} onChange={(v) => setFilter('status', v)} />}
      renderCard={(f) => <MalfunctionCard malfunction={f} />}
    />
  );
}
