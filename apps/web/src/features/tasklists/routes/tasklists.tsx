import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { roleCan } from '@keurwijzer/shared/permissions';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import type { Tasklist } from '@keurwijzer/shared/tasklists';
import type { Column } from '../../../components/table/data-table';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { useCurrentUser } from '../../../lib/api/auth';
import { useOfflinePrefetch } from '../api/offline-prefetch';
import { tasklistsResource } from '../api/tasklists';
import { TasklistCard } from '../components/tasklist-card';
import { TasklistFilters, useTasklistFilters } from '../components/tasklist-filters';
import {
  Progress,
  TasklistStatusChip,
  TodayChip,
  formatPlannedDate,
  isPlannedToday,
  tasklistPath,
} from '../components/tasklist-status';
import { ListPage } from '../../../components/table/list-page';

/** A mechanic's default order, offered again in the phone's sort select once another was chosen. */
const WORK_ORDER = { key: 'today_first', order: 'asc', label: 'Werkvolgorde (vandaag eerst)' } as const;

/**
 * Root: the task list overview (route name tasklists). A mechanic sees their own lists first
 * ("Alleen mijn takenlijsten" on), today's on top with "Vandaag"; on a phone the rows are cards.
 */
export default function Tasklists() {
  const user = useCurrentUser();
  const mechanic = !roleCan(user.role, 'reports.view');
  const filters = useTasklistFilters(mechanic);
  // A mechanic's lists of today and the next 7 days are kept on the device (offline).
  useOfflinePrefetch(user.id, mechanic);
  const table = useDataTableQuery({
    useList: tasklistsResource.useList,
    // A mechanic's day: today's lists first, then overdue, coming, finished (the server's
    // today_first). The office keeps the newest planned date first.
    defaults: mechanic ? { sortKey: 'today_first', sortOrder: 'asc' } : { sortKey: 'planned_date', sortOrder: 'desc' },
    filters: filters.query,
  });
  const open = (t: Tasklist) => tasklistPath(user.role, t.id);

  const columns: Column<Tasklist>[] = [
    {
      key: 'customer',
      label: 'Klant',
      sortable: true,
      truncate: { text: (t) => t.customer_name, maxWidth: 260 },
      render: (t) => t.customer_name,
      link: (t) => ({ to: open(t) }),
    },
    {
      key: 'location',
      label: 'Vestiging',
      sortable: true,
      hideBelow: 'md',
      truncate: { text: (t) => t.location_name },
      render: (t) => t.location_name,
    },
    {
      key: 'inspection_type',
      label: 'Type',
      sortable: true,
      nowrap: true,
      hideBelow: 'md',
      render: (t) => INSPECTION_TYPE_LABELS[t.inspection_type],
    },
    {
      key: 'planned_date',
      label: 'Geplande datum',
      sortable: true,
      nowrap: true,
      render: (t) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {formatPlannedDate(t.planned_date)}
          {isPlannedToday(t) && <TodayChip />}
        </Box>
      ),
    },
    { key: 'status', label: 'Status', sortable: true, render: (t) => <TasklistStatusChip status={t.status} /> },
    {
      key: 'progress',
      label: 'Voortgang',
      hideBelow: 'sm',
      render: (t) => <Progress done={t.submitted_count} total={t.machines_count} label="Ingediende rapporten" />,
    },
    {
      key: 'created_by',
      label: 'Aangemaakt door',
      sortable: true,
      hideBelow: 'lg',
      truncate: { text: (t) => t.created_by_name ?? '', maxWidth: 200 },
      render: (t) => t.created_by_name ?? '',
    },
  ];

  return (
    <ListPage<Tasklist>
      title="Takenlijsten"
      headerActions={
        roleCan(user.role, 'tasklists.manage') && (
          <Button component={RouterLink} to="/tasklists/create" variant="contained" startIcon={<AddIcon />}>
            Nieuwe takenlijst
          </Button>
        )
      }
      {...table}
      activeFilters={filters.active}
      columns={columns}
      rowKey={(t) => t.id}
      searchLabel="Zoeken op klant, vestiging of opmerking"
      filters={<TasklistFilters filters={filters} />}
      renderCard={(t) => <TasklistCard tasklist={t} to={open(t)} />}
      sortChoices={mechanic ? [WORK_ORDER] : []}
    />
  );
}
