import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import EditNoteIcon from '@mui/icons-material/EditNote';
import {
  CorrectionInputSchema,
  REPORT_VERSION_TEXT,
  type CorrectionFormValues,
} from '@keurwijzer/shared/report-versions';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { apiSend } from '../../../lib/api-client';
import { useChange } from '../../../lib/query-client';
import { showServerErrors } from '../../tasklists/components/server-errors';

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
  const form = useZodForm(CorrectionInputSchema, { reason: '' });
  const submit = submitValues(form, async (values) => {
    try {
      const res = await correct.mutateAsync(values);
      if (res.message) notify(res.message);
      onClose();
      void navigate(`/mechanic/report/${res.data.id}`);
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="correction-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="correction-title">{REPORT_VERSION_TEXT.correctTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{REPORT_VERSION_TEXT.correctIntro}</DialogContentText>
          <TextFieldElement
            control={form.control}
            name="reason"
            label={REPORT_VERSION_TEXT.reason}
            required
            autoFocus
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {REPORT_VERSION_TEXT.correct}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * "Corrigeren" on the office's report view (issue 21): only for a submitted report that is the
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
