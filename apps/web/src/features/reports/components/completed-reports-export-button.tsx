import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TableIcon from '@mui/icons-material/TableChartOutlined';
import { useDownload } from '../../../components/feedback/use-download';
import { toQuery, useListState } from '../../../components/table/list-state';
import { reportPaths } from '../../../lib/api/reports';

/**
 * "Exporteren (xlsx)": the completed reports as the list shows them (its search, sort and
 * `filters`, read from the URL like the list does), without paging.
 */
export function CompletedReportsExportButton({ filters }: { filters: Record<string, string | undefined> }) {
  const [listState] = useListState({ sortKey: 'submitted_at', sortOrder: 'desc' });
  const { page: _page, itemsPerPage: _perPage, archived: _archived, ...listQuery } = toQuery(listState);
  const { busy, download: save } = useDownload();
  const download = () => save(reportPaths.completedExport, { ...listQuery, ...filters }, 'afgeronde-rapporten.xlsx');
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <TableIcon />}
      disabled={busy}
      onClick={() => void download()}
    >
      {busy ? 'Bezig met exporteren...' : 'Exporteren (xlsx)'}
    </Button>
  );
}
