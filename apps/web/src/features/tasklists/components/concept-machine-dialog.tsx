import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  CONCEPT_MACHINE_CREATED,
  ConceptMachineInputSchema,
  type ConceptMachineFormValues,
} from '@keurwijzer/shared/tasklists';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { SelectElement } from '../../../components/form/select-element';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { useAddConceptMachine, usePlaces, usePlanningMachineTypes, useTasklistQuestionnaires } from '../api/tasklists';
import { showServerErrors } from '../../../components/form/server-errors';

const named = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.id, label: i.name }));

/**
 * "Machine toevoegen": a machine found on site that is not in the system. It is created as a
 * concept machine at a place of the list's location (an admin approves it later) and planned at once.
 */
export function ConceptMachineDialog({ tasklistId, onClose }: { tasklistId: number; onClose: () => void }) {
  const notify = useNotify();
  const add = useAddConceptMachine(tasklistId);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const places = usePlaces(tasklistId).data;
  const questionnaires = useTasklistQuestionnaires(tasklistId).data;
  const machineTypes = usePlanningMachineTypes().data;
  const form = useZodForm(ConceptMachineInputSchema, {
    name: '',
    inventory_number: '',
    machine_type_id: '',
    department_id: '',
    room_id: '',
    questionnaire_id: '',
  } satisfies ConceptMachineFormValues);
  const departmentId = Number(useWatch({ control: form.control, name: 'department_id' })) || null;
  const rooms = places?.find((d) => d.id === departmentId)?.rooms;

  // A room belongs to its department: another department empties it.
  useEffect(() => form.setValue('room_id', ''), [departmentId, form]);
  // With one questionnaire of this type there is nothing to choose.
  useEffect(() => {
    if (questionnaires?.length === 1 && !form.getValues('questionnaire_id'))
      form.setValue('questionnaire_id', questionnaires[0]!.id);
  }, [questionnaires, form]);

  const submit = submitValues(form, async (input) => {
    try {
      const res = await add.mutateAsync(input);
      notify(res.message ?? CONCEPT_MACHINE_CREATED);
      onClose();
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={fullScreen} maxWidth="sm" aria-labelledby="concept-title">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="concept-title">Machine toevoegen</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Staat er een machine die nog niet in het systeem staat? Voeg hem hier toe: hij wordt als conceptmachine
            aangemaakt en meteen ingepland. Kantoor keurt hem later goed.
          </DialogContentText>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextFieldElement name="name" control={form.control} label="Naam" required autoFocus />
            <TextFieldElement name="inventory_number" control={form.control} label="Inventarisnummer" required />
            <SelectElement
              name="machine_type_id"
              control={form.control}
              label="Machinetype"
              emptyLabel="Geen"
              options={named(machineTypes)}
            />
            <SelectElement
              name="department_id"
              control={form.control}
              label="Afdeling"
              emptyLabel="Geen"
              options={named(places)}
            />
            <SelectElement
              name="room_id"
              control={form.control}
              label="Ruimte"
              emptyLabel="Geen"
              disabled={!departmentId}
              options={named(rooms)}
            />
            <SelectElement
              name="questionnaire_id"
              control={form.control}
              label="Vragenlijst"
              required
              options={named(questionnaires)}
              helperText={questionnaires?.length === 0 ? 'Er is geen actieve vragenlijst van dit type' : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" size="large" onClick={onClose}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            Toevoegen en inplannen
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
