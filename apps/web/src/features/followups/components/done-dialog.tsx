import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { z } from 'zod';
import type { Followup } from '@keurwijzer/shared/followups';
import { optionalText } from '@keurwijzer/shared/validation';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { showServerErrors } from '../../tasklists/components/server-errors';
import { useFollowupDone } from '../api/followups';

/** The body of POST /api/followups/:id/done as a form (an optional note). */
const DoneSchema = z.object({ note: optionalText() });

/** "Afgehandeld": asks for an optional note (what was done), then closes the follow-up. */
export function DoneDialog({ followup: f, onClose }: { followup: Followup; onClose: () => void }) {
  const notify = useNotify();
  const done = useFollowupDone();
  const form = useZodForm(DoneSchema, { note: '' });
  const submit = submitValues(form, async ({ note }) => {
    try {
      const res = await done.mutateAsync({ id: f.id, note: note ?? '' });
      if (res.message) notify(res.message);
      onClose();
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="done-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="done-title">Actie afhandelen</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {f.question_name} bij {f.machine.name} ({f.machine.inventory_number}) is afgehandeld.
          </DialogContentText>
          <TextFieldElement
            control={form.control}
            name="note"
            label="Notitie (optioneel)"
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
            Afgehandeld
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
