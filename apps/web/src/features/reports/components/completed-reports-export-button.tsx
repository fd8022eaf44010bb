import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TableIcon from '@mui/icons-material/TableChartOutlined';
import { useNotify } from '../../../components/feedback/notifications';
import { toQuery, useListState } from '../../../components/table/list-state';
import { errorMessage } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/download';
import { reportPaths } from '../api/reports';

/**
 * "Exporteren (xlsx)": the completed reports as the list shows them (its search, sort and
 * `filters`, read from the URL like the list does), without paging.
 */
export function CompletedReportsExportButton({ filters }: { filters: Record<string, string | undefined> }) {
  const notify = useNotify();
  const [listState] = useListState({ sortKey: 'submitted_at', sortOrder: 'desc' });
  const { page: _page, itemsPerPage: _perPage, archived: _archived, ...listQuery } = toQuery(listState);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await apiDownload(reportPaths.completedExport, { ...listQuery, ...filters }, 'afgeronde-rapporten.xlsx');
    } catch (err) {
      notify(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };
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
