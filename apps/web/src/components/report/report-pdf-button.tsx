import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useNotify } from '../feedback/notifications';
import { errorMessage } from '../../lib/api-client';
import { apiDownload } from '../../lib/download';
import { downloadReportPdf } from '../../lib/api/reports';

/**
 * "PDF downloaden": the report as PDF (GET /api/reports/:id/pdf), as a button or as a row's icon.
 * It shows progress while the file is made; a refusal shows the server's message. `path` is
 * another URL of the same PDF for a reader who may not use the office's (the customer portal's).
 */
export function ReportPdfButton({ reportId, icon = false, path }: { reportId: number; icon?: boolean; path?: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await (path ? apiDownload(path, {}, `rapport-${reportId}.pdf`) : downloadReportPdf(reportId));
    } catch (err) {
      notify(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  const progress = <CircularProgress size={18} color="inherit" />;
  if (icon) {
    return (
      <Tooltip title="PDF downloaden">
        <span>
          <IconButton aria-label="PDF downloaden" disabled={busy} onClick={() => void download()}>
            {busy ? progress : <PdfIcon />}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="outlined"
      startIcon={busy ? progress : <PdfIcon />}
      disabled={busy}
      onClick={() => void download()}
    >
      PDF downloaden
    </Button>
  );
}
