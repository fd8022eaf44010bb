import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { TasklistInputSchema, type TasklistDetail, type TasklistFormValues } from '@keurwijzer/shared/tasklists';
import { useNotify } from '../../../components/feedback/notifications';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { tasklistsResource } from '../api/tasklists';
import { showServerErrors } from '../../../components/form/server-errors';
import { TasklistFields } from './tasklist-fields';

/**
 * Change a task list's date and remarks; customer, location and type too while no machine is
 * planned (after that the server refuses them, so the fields are fixed).
 */
export function TasklistEditDialog({ tasklist: t, onClose }: { tasklist: TasklistDetail; onClose: () => void }) {
  const notify = useNotify();
  const update = tasklistsResource.useUpdate(t.id);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const form = useZodForm(TasklistInputSchema, {
    customer_id: t.customer_id,
    location_id: t.location_id,
    inspection_type: t.inspection_type,
    planned_date: t.planned_date,
    remarks: t.remarks ?? '',
  } satisfies TasklistFormValues);

  const submit = submitValues(form, async (values) => {
    try {
      const res = await update.mutateAsync(values);
      if (res.message) notify(res.message);
      onClose();
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={fullScreen} maxWidth="sm" aria-labelledby="edit-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="edit-title">Takenlijst wijzigen</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TasklistFields
              form={form}
              initialCustomer={{ id: t.customer_id, name: t.customer_name }}
              fixed={t.machines.length > 0}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" size="large" onClick={onClose}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            Opslaan
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
