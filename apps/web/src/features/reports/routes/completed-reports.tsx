import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import WrongLocationIcon from '@mui/icons-material/WrongLocationOutlined';
import { VERDICTS, VERDICT_LABELS } from '@keurwijzer/shared/compliance';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { COMPLETED_REPORT_FILTER_KEYS, REPORT_TEXT, type CompletedReport } from '@keurwijzer/shared/reports';
import { VerdictChip } from '../../../components/judgement/judgement';
import type { Column } from '../../../components/table/data-table';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { useDataTableQuery } from '../../../components/table/use-data-table-query';
import { formatDateTime } from '../../../lib/format';
import { useCompletedReports } from '../../../lib/api/reports';
import { CompletedReportsExportButton } from '../components/completed-reports-export-button';
import { CustomerFilter } from '../../../components/pickers/customer-filter';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';
import { StatusChip } from '../../../components/display/status-chip';
import { labelOptions } from '../../../lib/label-options';
import { ListPage } from '../../../components/table/list-page';

const SORT = { sortKey: 'submitted_at', sortOrder: 'desc' } as const;

/** The flags of a submitted report: not at the indicated place, and how many categories were skipped. */
function ReportFlags({ report }: { report: CompletedReport }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {report.not_at_location && (
        <Tooltip title={REPORT_TEXT.notAtLocation}>
          <StatusChip
            tone="warning"
            variant="filled"
            icon={<WrongLocationIcon />}
            label="Niet op plaats"
            aria-label={REPORT_TEXT.notAtLocation}
          />
        </Tooltip>
      )}
      {report.skipped_count > 0 && <StatusChip label={`${report.skipped_count} overgeslagen`} />}
    </Box>
  );
}

/** admin/completed-reports: every submitted report; search, filters, sort, paging, PDF and xlsx export. */
export default function CompletedReports() {
  const [filters, setFilter] = useListFilters(COMPLETED_REPORT_FILTER_KEYS);
  const type = filters.inspection_type;
  const filterQuery = {
    customer_id: filters.customer_id,
    inspection_type: type && (INSPECTION_TYPES as readonly string[]).includes(type) ? type : undefined,
    mechanic_id: filters.mechanic_id,
    not_at_location: filters.not_at_location === '1' ? '1' : undefined,
    verdict: filters.verdict && (VERDICTS as readonly string[]).includes(filters.verdict) ? filters.verdict : undefined,
  };
  const table = useDataTableQuery({ useList: useCompletedReports, defaults: SORT, filters: filterQuery });
  const to = (r: CompletedReport) => `/admin/completed-reports/${r.id}`;
  const columns: Column<CompletedReport>[] = [
    {
      key: 'customer',
      label: 'Klant',
      sortable: true,
      hideBelow: 'sm',
      // Below 1536 px the location stands under the customer (its own column would push the
      // verdict out of a 1440 px window).
      render: (r) => (
        <>
          {r.customer_name}
          <Typography variant="body2" color="text.secondary" sx={{ display: { xl: 'none' } }}>
            {r.location_name}
          </Typography>
        </>
      ),
    },
    { key: 'location', label: 'Vestiging', sortable: true, hideBelow: 'xl', render: (r) => r.location_name },
    {
      key: 'machine',
      label: 'Machine',
      sortable: true,
      link: (r) => ({ to: to(r), label: `Rapport ${r.machine_name} (${r.inventory_number})` }),
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
      key: 'inspection_type',
      label: 'Type',
      sortable: true,
      hideBelow: 'md',
      render: (r) => INSPECTION_TYPE_LABELS[r.inspection_type],
    },
    {
      key: 'submitted_at',
      label: 'Ingediend op',
      sortable: true,
      // Date and time wrap on a phone, so the row's PDF button stays in view. Between 900 and
      // 1536 px the mechanic stands under it (a column of its own would push the row past 1440 px).
      render: (r) => (
        <>
          {formatDateTime(r.submitted_at)}
          {r.filled_in_by_name && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: { xs: 'none', md: 'block', xl: 'none' } }}
            >
              {r.filled_in_by_name}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'verdict', label: 'Oordeel', hideBelow: 'sm', render: (r) => <VerdictChip verdict={r.verdict} /> },
    { key: 'mechanic', label: 'Monteur', sortable: true, hideBelow: 'xl', render: (r) => r.filled_in_by_name ?? '' },
    { key: 'flags', label: 'Meldingen', hideBelow: 'sm', render: (r) => <ReportFlags report={r} /> },
  ];

  return (
    <ListPage
      title="Afgeronde rapporten"
      headerActions={<CompletedReportsExportButton filters={filterQuery} />}
      {...table}
      columns={columns}
      rowKey={(r) => r.id}
      searchLabel="Zoeken op klant, vestiging, machine of monteur"
      filters={
        <>
          <CustomerFilter value={filters.customer_id} onChange={(v) => setFilter('customer_id', v)} />
          <FilterSelect
            label="Type"
            value={filters.inspection_type}
            options={labelOptions(INSPECTION_TYPES, INSPECTION_TYPE_LABELS)}
            onChange={(v) => setFilter('inspection_type', v)}
          />
          <FilterSelect
            label="Oordeel"
            value={filters.verdict}
            options={labelOptions(VERDICTS, VERDICT_LABELS)}
            onChange={(v) => setFilter('verdict', v)}
          />
          <FilterSelect
            label="Plaats"
            value={filters.not_at_location}
            options={[{ value: '1', label: 'Niet op de aangegeven plaats' }]}
            onChange={(v) => setFilter('not_at_location', v)}
          />
        </>
      }
      actions={(r) => <ReportPdfButton reportId={r.id} icon />}
    />
  );
}
