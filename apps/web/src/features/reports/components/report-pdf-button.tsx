import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessage } from '../../../lib/api-client';
import { downloadReportPdf } from '../api/reports';

/**
 * "PDF downloaden": the report as PDF (GET /api/reports/:id/pdf), as a button or as a row's icon.
 * It shows progress while the file is made; a refusal shows the server's message.
 */
export function ReportPdfButton({ reportId, icon = false }: { reportId: number; icon?: boolean }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReportPdf(reportId);
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
