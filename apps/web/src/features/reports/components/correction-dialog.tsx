import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import EditNoteIcon from '@mui/icons-material/EditNote';
import {
  CorrectionInputSchema,
  REPORT_VERSION_TEXT,
  type CorrectionFormValues,
} from '@keurwijzer/shared/report-versions';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import { useNotify } from '../../../components/feedback/notifications';
import { TextDialog } from '../../../components/form/text-dialog';
import { apiSend } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';

/** POST /api/reports/:id/corrections: the new version (201). */
const useCorrectReport = (id: number) =>
  useChange('reports', (input: CorrectionFormValues) =>
    apiSend<ReportDetail>(`/api/reports/${id}/corrections`, input as Record<string, unknown>),
  );

/** The reason asked, then the new version's fill screen. */
function CorrectionDialog({ report, onClose }: { report: ReportDetail; onClose: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const correct = useCorrectReport(report.id);
  return (
    <TextDialog
      id="correction"
      title={REPORT_VERSION_TEXT.correctTitle}
      intro={REPORT_VERSION_TEXT.correctIntro}
      schema={CorrectionInputSchema}
      name="reason"
      label={REPORT_VERSION_TEXT.reason}
      required
      submitLabel={REPORT_VERSION_TEXT.correct}
      onSend={async (values) => {
        const res = await correct.mutateAsync(values);
        if (res.message) notify(res.message);
        onClose();
        void navigate(`/mechanic/report/${res.data.id}`);
      }}
      onClose={onClose}
    />
  );
}

/**
 * "Corrigeren" on the office's report view: only for a submitted report that is the
 * current version (no newer version submitted). Asks the reason and opens the new version.
 */
export function CorrectButton({ report }: { report: ReportDetail }) {
  const [open, setOpen] = useState(false);
  if (report.status !== 'submitted' || report.replaced_by) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={() => setOpen(true)} sx={{ minHeight: 44 }}>
        {REPORT_VERSION_TEXT.correct}
      </Button>
      {open && <CorrectionDialog report={report} onClose={() => setOpen(false)} />}
    </>
  );
}
