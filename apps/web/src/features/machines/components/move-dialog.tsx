import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MoveInputSchema, type Machine, type MoveFormValues } from '@keurwijzer/shared/machines';
import { useNotify } from '../../../components/feedback/notifications';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMoveMachine } from '../../../lib/api/machines';
import { PlacementFields } from '../../../components/pickers/placement-fields';
import { machinePlace } from '../../../components/machine/machine-columns';

/** Move a machine to another location, department or room of the same customer. */
export function MoveDialog({ machine, onClose }: { machine: Machine; onClose: () => void }) {
  const notify = useNotify();
  const move = useMoveMachine(machine.customer_id);
  const form = useZodForm(MoveInputSchema, {
    location_id: machine.location_id,
    department_id: machine.department_id ?? '',
    room_id: machine.room_id ?? '',
  } satisfies MoveFormValues);
  const submit = submitValues(form, async (input) => {
    try {
      const res = await move.mutateAsync({ id: machine.id, input });
      if (res.message) notify(res.message);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        for (const [field, messages] of Object.entries(err.errors))
          form.setError(field as keyof MoveFormValues, { message: messages[0] });
      } else notify(errorMessage(err), 'error');
    }
  });
  const where = machinePlace(machine);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="move-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="move-title">{machine.name} verplaatsen</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Staat nu in: {where}
          </Typography>
          <PlacementFields control={form.control} customerId={machine.customer_id} />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Verplaatsen
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
