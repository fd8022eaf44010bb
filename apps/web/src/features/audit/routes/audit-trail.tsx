import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import TableIcon from '@mui/icons-material/TableChartOutlined';
import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, auditActorText, type AuditEvent } from '@keurwijzer/shared/audit';
import { useDownload } from '../../../components/feedback/use-download';
import type { Column } from '../../../components/table/data-table';
import { FilterDay } from '../../../components/table/filter-day';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { formatDateTime } from '../../../lib/format';
import { auditPaths, useAuditTrail } from '../../../lib/api/audit';
import { auditTitle, changeLines } from '../../../components/history/audit-text';
import { labelOptions } from '../../../lib/label-options';
import { ListPage } from '../../../components/table/list-page';

const FILTER_KEYS = ['entity', 'entity_id', 'actor_id', 'from', 'to'] as const;
/** Newest first: the trail has one order. */
const SORT = { sortKey: 'at', sortOrder: 'desc' } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * admin/audit (super admins): the audit trail, every change to customers, machines, question
 * lists, reports, malfunctions and users with who and when; filtered by kind of record, one
 * record, one user and a period, and exported as xlsx with the same filters.
 */
export default function AuditTrail() {
  const [filters, setFilter, setFilters] = useListFilters(FILTER_KEYS);
  const query = {
    entity:
      filters.entity && (AUDIT_ENTITIES as readonly string[]).includes(filters.entity) ? filters.entity : undefined,
    entity_id: filters.entity_id && /^\d+$/.test(filters.entity_id) ? filters.entity_id : undefined,
    actor_id: filters.actor_id && /^\d+$/.test(filters.actor_id) ? filters.actor_id : undefined,
    from: filters.from && DAY.test(filters.from) ? filters.from : undefined,
    to: filters.to && DAY.test(filters.to) ? filters.to : undefined,
  };
  const table = useDataTableQuery({ useList: useAuditTrail, defaults: SORT, filters: query });
  const { busy, download } = useDownload();

  const columns: Column<AuditEvent>[] = [
    { key: 'at', label: 'Tijdstip', render: (e) => formatDateTime(e.at) },
    {
      key: 'actor',
      label: 'Wie',
      render: (e) =>
        e.actor ? (
          <Link
            component="button"
            type="button"
            onClick={() => setFilter('actor_id', String(e.actor!.id))}
            aria-label={`Alleen wijzigingen van ${e.actor.name}`}
          >
            {auditActorText(e)}
          </Link>
        ) : (
          'Systeem'
        ),
    },
    {
      key: 'what',
      label: 'Wat',
      render: (e) => (
        <>
          <Link
            component="button"
            type="button"
            onClick={() => setFilters({ entity: e.entity, entity_id: String(e.entity_id) })}
            aria-label={`Alleen de geschiedenis van ${AUDIT_ENTITY_LABELS[e.entity]} ${e.entity_id}`}
          >
            {auditTitle(e)}
          </Link>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            #{e.entity_id}
          </Typography>
          {/* Below 900 px the changes stand here: their own column is hidden. */}
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: { md: 'none' }, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {changeLines(e).join('\n')}
          </Typography>
        </>
      ),
    },
    {
      key: 'changes',
      label: 'Wijzigingen',
      hideBelow: 'md',
      render: (e) => (
        <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {changeLines(e).join('\n') || '—'}
        </Typography>
      ),
    },
  ];

  return (
    <ListPage<AuditEvent>
      title="Geschiedenis"
      headerActions={
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <TableIcon />}
          disabled={busy}
          onClick={() => void download(auditPaths.export, query, 'geschiedenis.xlsx')}
        >
          {busy ? 'Bezig met exporteren...' : 'Exporteren (xlsx)'}
        </Button>
      }
      {...table}
      columns={columns}
      rowKey={(e) => e.id}
      searchLabel="Zoeken in de wijzigingen"
      filters={
        <>
          <FilterSelect
            label="Soort"
            value={query.entity}
            options={labelOptions(AUDIT_ENTITIES, AUDIT_ENTITY_LABELS)}
            onChange={(v) => setFilter('entity', v, ['entity_id'])}
          />
          <FilterDay label="Van" value={query.from} onChange={(v) => setFilter('from', v)} />
          <FilterDay label="Tot en met" value={query.to} onChange={(v) => setFilter('to', v)} />
          {(query.actor_id || query.entity_id) && (
            <Button onClick={() => setFilters({ actor_id: '', entity_id: '' })}>Alle gebruikers en records</Button>
          )}
        </>
      }
    />
  );
}
