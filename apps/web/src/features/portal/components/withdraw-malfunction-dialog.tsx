import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  MALFUNCTION_TEXT,
  MalfunctionWithdrawInputSchema,
  type MalfunctionWithdrawFormValues,
} from '@keurwijzer/shared/malfunctions';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useWithdrawMalfunction } from '../api/own-malfunction';

/**
 * "Storing intrekken": asks why (required) and says it cannot be undone; the dialog's button is
 * the confirmation. A failure (e.g. the office resolved it meanwhile: 409) keeps the dialog and
 * the reason, and says why.
 */
export function WithdrawMalfunctionDialog({ malfunctionId, onClose }: { malfunctionId: number; onClose: () => void }) {
  const notify = useNotify();
  const withdraw = useWithdrawMalfunction(malfunctionId);
  const form = useZodForm(MalfunctionWithdrawInputSchema, { reason: '' } satisfies MalfunctionWithdrawFormValues);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = form.formState.isSubmitting;

  const submit = submitValues(form, async (values) => {
    setFailure(null);
    try {
      const res = await withdraw.mutateAsync(values);
      notify(res.message ?? MALFUNCTION_TEXT.withdrawn);
      onClose();
    } catch (err) {
      const reason = err instanceof ApiError && err.status === 422 ? err.errors.reason?.[0] : undefined;
      if (reason) form.setError('reason', { type: 'server', message: reason }, { shouldFocus: true });
      else setFailure(errorMessage(err));
    }
  });
  const close = () => {
    if (!sending) onClose();
  };
  // A tap beside the dialog does not throw away a typed reason (Annuleren and Escape do close).
  const onDialogClose = (_: unknown, why: 'backdropClick' | 'escapeKeyDown') => {
    if (why === 'backdropClick' && form.formState.isDirty) return;
    close();
  };

  return (
    <Dialog open onClose={onDialogClose} fullWidth maxWidth="sm" aria-labelledby="withdraw-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="withdraw-title">{MALFUNCTION_TEXT.withdraw}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Is de storing niet meer nodig? Na het intrekken wordt de storing niet verder behandeld en kun je er niet
            meer op reageren. Dit kun je niet ongedaan maken.
          </DialogContentText>
          <TextFieldElement
            control={form.control}
            name="reason"
            label="Reden"
            required
            autoFocus
            multiline
            minRows={2}
            helperText="Waarom trek je de storing in?"
          />
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={close} disabled={sending}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={sending}>
            {sending ? 'Intrekken...' : MALFUNCTION_TEXT.withdraw}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
