import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { COMPLIANCE_TEXT, DUE_STATE_LABELS, DUE_TYPES, DUE_TYPE_LABELS } from '@keurwijzer/shared/compliance';
import {
  DUE_FILTER_KEYS,
  DUE_FILTER_STATES,
  MAX_DUE_WITHIN_DAYS,
  OVERVIEW_TEXT as T,
  type DueRow,
} from '@keurwijzer/shared/overview';
import { VerdictChip } from '../../../components/judgement/judgement';
import type { Column } from '../../../components/table/data-table';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { formatDay } from '../../../lib/format';
import { CustomerFilter } from '../../../components/pickers/customer-filter';
import { locationsResource } from '../../../lib/api/locations';
import { ALL_ITEMS } from '../../../components/pickers/placement-fields';
import { useDueList } from '../../../lib/api/overview';
import { DueCard, dueMachinePath } from '../components/due-card';
import { DueStateChip } from '../../../components/judgement/due-state-chip';
import { labelOptions } from '../../../lib/label-options';
import { ListPage } from '../../../components/table/list-page';

/** The order is fixed (due date, then machine): the sort the list state sends is not read. */
const SORT = { sortKey: 'due_date' } as const;
const WINDOWS = [7, 14, 28, 60, 90];

const oneOf = <T extends string>(values: readonly T[], v: string | undefined): T | undefined =>
  v && (values as readonly string[]).includes(v) ? (v as T) : undefined;
const days = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= MAX_DUE_WITHIN_DAYS ? String(n) : undefined;
};

/** The state chips: one pressed at a time, "Alle" clears it. */
function StateChips({ value, onChange }: { value: string | undefined; onChange: (v: string) => void }) {
  const options = [{ value: '', label: 'Alle' }, ...labelOptions(DUE_FILTER_STATES, DUE_STATE_LABELS)];
  return (
    <Box
      role="group"
      aria-label="Status"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', md: 'auto' } }}
    >
      {options.map((o) => {
        const pressed = (value ?? '') === o.value;
        return (
          <Chip
            key={o.value || 'all'}
            label={o.label}
            clickable
            color={pressed ? 'primary' : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            aria-pressed={pressed}
            onClick={() => onChange(o.value)}
            sx={{ minHeight: 32 }}
          />
        );
      })}
    </Box>
  );
}

/**
 * admin/due: the Keuringsplanning. One row per machine and due type, by due date; filters (state,
 * customer, location, type, "binnen N dagen") kept in the URL like the other lists; a row opens
 * the machine's screen. On a phone the rows are cards.
 */
export default function DueList() {
  const [filters, setFilter] = useListFilters(DUE_FILTER_KEYS);
  const customerId = Number(filters.customer_id) || 0;
  const locations = locationsResource.useList(ALL_ITEMS, customerId, customerId > 0).data?.data;
  const within = days(filters.due_within_days);
  const filterQuery = {
    state: oneOf(DUE_FILTER_STATES, filters.state),
    customer_id: customerId > 0 ? String(customerId) : undefined,
    location_id: customerId > 0 && Number(filters.location_id) > 0 ? filters.location_id : undefined,
    inspection_type: oneOf(DUE_TYPES, filters.inspection_type),
    due_within_days: within,
  };
  const table = useDataTableQuery({ useList: useDueList, defaults: SORT, filters: filterQuery });
  const windowOptions = [...new Set([...WINDOWS, ...(within ? [Number(within)] : [])])]
    .sort((a, b) => a - b)
    .map((d) => ({ value: d, label: T.dueWithinDays(d) }));

  const columns: Column<DueRow>[] = [
    {
      key: 'machine',
      label: 'Machine',
      link: (r) => ({ to: dueMachinePath(r), label: `${r.machine_name} (${r.inventory_number})` }),
      render: (r) => (
        <>
          {r.machine_name}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {r.inventory_number}
          </Typography>
        </>
      ),
    },
    {
      key: 'customer',
      label: 'Klant',
      hideBelow: 'sm',
      truncate: { text: (r) => `${r.customer_name} (${r.location_name})`, maxWidth: 220 },
      render: (r) => (
        <>
          {r.customer_name}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {r.location_name}
          </Typography>
        </>
      ),
    },
    { key: 'type', label: 'Soort', nowrap: true, render: (r) => DUE_TYPE_LABELS[r.inspection_type] },
    {
      key: 'last',
      label: 'Laatste keuring',
      hideBelow: 'md',
      render: (r) =>
        r.last_date ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {formatDay(r.last_date)}
            {r.last_verdict && <VerdictChip verdict={r.last_verdict} />}
          </Box>
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            {COMPLIANCE_TEXT.neverInspected}
          </Typography>
        ),
    },
    { key: 'due_date', label: 'Volgende vóór', nowrap: true, render: (r) => formatDay(r.due_date) },
    { key: 'state', label: 'Status', nowrap: true, render: (r) => <DueStateChip state={r.state} /> },
  ];

  return (
    <ListPage<DueRow>
      title={T.dueTitle}
      {...table}
      columns={columns}
      rowKey={(r) => `${r.machine_id}:${r.inspection_type}`}
      searchLabel="Zoeken op machine, inventarisnummer of klant"
      filters={
        <>
          <StateChips value={filterQuery.state} onChange={(v) => setFilter('state', v)} />
          <CustomerFilter value={filters.customer_id} onChange={(v) => setFilter('customer_id', v, ['location_id'])} />
          <FilterSelect
            label="Vestiging"
            value={filterQuery.location_id}
            options={(locations ?? []).map((l) => ({ value: l.id, label: l.name }))}
            onChange={(v) => setFilter('location_id', v)}
            disabled={!customerId}
          />
          <FilterSelect
            label="Soort"
            value={filterQuery.inspection_type}
            options={labelOptions(DUE_TYPES, DUE_TYPE_LABELS)}
            onChange={(v) => setFilter('inspection_type', v)}
          />
          <FilterSelect
            label="Vervalt binnen"
            value={within}
            options={windowOptions}
            onChange={(v) => setFilter('due_within_days', v)}
          />
        </>
      }
      renderCard={(r) => <DueCard row={r} />}
    />
  );
}
