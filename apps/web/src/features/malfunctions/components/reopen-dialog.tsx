import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MALFUNCTION_TEXT, MalfunctionHandleInputSchema } from '@keurwijzer/shared/malfunctions';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';

/** The handling's reason, required here: going back to Open needs one (the server says so too). */
const ReopenSchema = MalfunctionHandleInputSchema.pick({ reason: true }).refine((v) => !!v.reason, {
  error: MALFUNCTION_TEXT.reasonRequired,
  path: ['reason'],
});

/**
 * "Heropenen": asks why the malfunction goes back to Open. `onReopen` sends it; a refusal of the
 * reason (422) comes back as its message and shows under the field.
 */
export function ReopenDialog({
  onReopen,
  onClose,
}: {
  onReopen: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const form = useZodForm(ReopenSchema, { reason: '' });
  const submit = submitValues(form, async ({ reason }) => {
    const problem = await onReopen(reason ?? '');
    if (problem) form.setError('reason', { type: 'server', message: problem }, { shouldFocus: true });
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reopen-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="reopen-title">Storing heropenen</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>De storing gaat terug naar Open. Waarom?</DialogContentText>
          <TextFieldElement
            control={form.control}
            name="reason"
            label="Reden"
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
            Heropenen
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
