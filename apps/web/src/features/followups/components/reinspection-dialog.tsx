import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { dutchToday } from '@keurwijzer/shared/format';
import { ReinspectionInputSchema, type Followup, type ReinspectionFormValues } from '@keurwijzer/shared/followups';
import { TASKLIST_STATUS_LABELS } from '@keurwijzer/shared/tasklists';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { SelectElement } from '../../../components/form/select-element';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { showServerErrors } from '../../../components/form/server-errors';
import { formatDay } from '../../../lib/format';
import { useFollowupReinspection, useFollowupTasklists } from '../api/followups';

/**
 * "Herkeuring inplannen": on an unfinished task list of the machine's location (offered by the
 * server), or on a new list of a date. The server checks again (422 on the field, 409 notified).
 */
export function ReinspectionDialog({ followup: f, onClose }: { followup: Followup; onClose: () => void }) {
  const notify = useNotify();
  const lists = useFollowupTasklists(f.id);
  const reinspect = useFollowupReinspection();
  const [mode, setMode] = useState<'list' | 'date'>('date');
  const form = useZodForm(ReinspectionInputSchema, { tasklist_id: '', planned_date: dutchToday() });
  const options = (lists.data ?? []).map((l) => ({
    value: l.id,
    label: `${formatDay(l.planned_date)} · ${INSPECTION_TYPE_LABELS[l.inspection_type]} · ${TASKLIST_STATUS_LABELS[l.status]} (${l.machines_count})`,
  }));

  const submit = submitValues(form, async (values: ReinspectionFormValues) => {
    try {
      const res = await reinspect.mutateAsync({
        id: f.id,
        values:
          mode === 'list'
            ? { tasklist_id: values.tasklist_id, planned_date: '' }
            : { tasklist_id: '', planned_date: values.planned_date },
      });
      if (res.message) notify(res.message);
      onClose();
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reinspection-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="reinspection-title">Herkeuring inplannen</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {f.machine.name} ({f.machine.inventory_number}) bij {f.customer.name}
            {f.location ? `, ${f.location.name}` : ''}.
          </DialogContentText>
          <RadioGroup
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as 'list' | 'date');
              form.clearErrors();
              form.setValue(e.target.value === 'list' ? 'planned_date' : 'tasklist_id', '');
              if (e.target.value === 'date') form.setValue('planned_date', dutchToday());
            }}
            aria-label="Waar inplannen"
          >
            <FormControlLabel value="date" control={<Radio />} label="Op een nieuwe takenlijst" />
            <FormControlLabel
              value="list"
              control={<Radio />}
              label={`Op een open takenlijst van deze vestiging (${options.length})`}
              disabled={options.length === 0}
            />
          </RadioGroup>
          <Stack sx={{ mt: 2 }} spacing={2}>
            {lists.error && <Alert severity="error">De takenlijsten konden niet worden geladen.</Alert>}
            {mode === 'list' ? (
              <SelectElement control={form.control} name="tasklist_id" label="Takenlijst" required options={options} />
            ) : (
              <TextFieldElement
                control={form.control}
                name="planned_date"
                label="Datum"
                type="date"
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Inplannen
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
