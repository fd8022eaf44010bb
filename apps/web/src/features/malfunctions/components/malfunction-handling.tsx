import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MALFUNCTION_TEXT,
  MALFUNCTION_TRANSITIONS,
  MalfunctionHandleInputSchema,
  type MalfunctionDetail,
  type MalfunctionHandleFormValues,
  type MalfunctionStatus,
} from '@keurwijzer/shared/malfunctions';
import { useNotify } from '../../../components/feedback/notifications';
import { TextFieldElement } from '../../../components/form/form-fields';
import { SelectElement } from '../../../components/form/select-element';
import { useLeaveGuard } from '../../../components/form/use-leave-guard';
import { submitValues, useZodForm } from '../../../components/form/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors } from '../../../components/form/server-errors';
import { useAssignees } from '../api/desk';
import { useHandleMalfunction } from '../api/malfunctions';
import { MalfunctionStatusChip } from '../../../components/malfunction/malfunction-status';
import { ReopenDialog } from './reopen-dialog';

/** What each next status's button says. */
const STEP_LABELS: Record<MalfunctionStatus, string> = {
  in_progress: 'In behandeling nemen',
  resolved: 'Opgelost',
  open: 'Heropenen',
  // The customer's (never an office step: MALFUNCTION_TRANSITIONS).
  withdrawn: 'Ingetrokken',
};
const STEP_PROPS = {
  in_progress: { variant: 'contained', color: 'secondary' },
  resolved: { variant: 'contained', color: 'success' },
  open: { variant: 'outlined', color: 'inherit' },
  withdrawn: { variant: 'outlined', color: 'inherit' },
} as const satisfies Record<MalfunctionStatus, object>;

/** The handling's own fields: the notes and the assignee ('': nobody). */
type Notes = Pick<MalfunctionHandleFormValues, 'internal_note' | 'customer_note' | 'assigned_to'>;
const notesOf = (m: MalfunctionDetail): Notes => ({
  internal_note: m.internal_note ?? '',
  customer_note: m.customer_note ?? '',
  assigned_to: m.assigned_to ?? '',
});

/** Whom the malfunction may be assigned to; the current assignee stays a choice even when no longer assignable (archived meanwhile). */
function useAssigneeOptions(m: MalfunctionDetail, canManage: boolean) {
  const assignees = useAssignees(canManage);
  return [
    ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.name })),
    ...(m.assigned_to !== null && !assignees.data?.some((a) => a.id === m.assigned_to)
      ? [{ value: m.assigned_to, label: m.assigned_to_name ?? `#${m.assigned_to}` }]
      : []),
  ];
}

/**
 * The office's handling of a malfunction: its status with the allowed next steps as buttons, who
 * it is assigned to ("Toegewezen aan"), the internal note and the note for the customer
 * ("Opslaan"). A status step sends the notes and the assignee along when they were changed, so
 * nothing chosen or typed is lost; leaving with unsaved changes asks first.
 */
export function MalfunctionHandling({
  malfunction: m,
  canManage,
}: {
  malfunction: MalfunctionDetail;
  canManage: boolean;
}) {
  const notify = useNotify();
  const handle = useHandleMalfunction(m.id);
  const [reopening, setReopening] = useState(false);
  const form = useZodForm(MalfunctionHandleInputSchema, notesOf(m));
  const { isDirty } = form.formState;
  const assigneeOptions = useAssigneeOptions(m, canManage);

  // A newer version from the server (another admin's change) replaces what was not edited here.
  useEffect(() => {
    form.reset(notesOf(m), { keepDirtyValues: true });
  }, [form, m]);

  useLeaveGuard(() => isDirty);

  /**
   * The notes the user changed (unchanged ones are left out: the server keeps them). Compared as
   * the server stores them, trimmed: a change of spaces alone is no change.
   */
  const changedNotes = (): Notes => {
    const values = form.getValues();
    const changed = (key: 'internal_note' | 'customer_note') => (values[key] ?? '').trim() !== (m[key] ?? '');
    const assignee = String(values.assigned_to ?? '');
    return {
      ...(changed('internal_note') && { internal_note: values.internal_note ?? '' }),
      ...(changed('customer_note') && { customer_note: values.customer_note ?? '' }),
      ...(assignee !== String(m.assigned_to ?? '') && { assigned_to: assignee }),
    };
  };

  /** Sends a change; the answer's notes become the form's. Throws what the server refused. */
  const send = async (input: MalfunctionHandleFormValues) => {
    const res = await handle.mutateAsync(input);
    notify(res.message ?? MALFUNCTION_TEXT.updated);
    form.reset(notesOf(res.data));
  };

  const save = submitValues(form, async () => {
    const notes = changedNotes();
    if (Object.keys(notes).length === 0) return form.reset(notesOf(m));
    try {
      await send(notes);
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });

  const step = async (status: MalfunctionStatus) => {
    if (status === 'open') return setReopening(true);
    if (!(await form.trigger())) return;
    try {
      await send({ status, ...changedNotes() });
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  };

  /** The reopen dialog's send: null when done, else the message for its reason field. */
  const reopen = async (reason: string): Promise<string | null> => {
    if (!(await form.trigger())) {
      setReopening(false);
      return null;
    }
    try {
      await send({ status: 'open', reason, ...changedNotes() });
      setReopening(false);
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.errors.reason?.[0]) return err.errors.reason[0];
      setReopening(false);
      showServerErrors(form, err, notify);
      return null;
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="handling-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h2" id="handling-title" sx={{ mb: 2 }}>
        Behandeling
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 3 }}>
        <Typography component="span" color="text.secondary">
          Status
        </Typography>
        <MalfunctionStatusChip status={m.status} />
        <Box sx={{ flexGrow: 1 }} />
        {canManage &&
          MALFUNCTION_TRANSITIONS[m.status].map((next) => (
            <Button key={next} {...STEP_PROPS[next]} disabled={handle.isPending} onClick={() => void step(next)}>
              {STEP_LABELS[next]}
            </Button>
          ))}
      </Box>
      <form noValidate onSubmit={(e) => void save(e)}>
        <Stack spacing={2.5}>
          <SelectElement
            control={form.control}
            name="assigned_to"
            label={MALFUNCTION_TEXT.assignedTo}
            emptyLabel={MALFUNCTION_TEXT.nobody}
            options={assigneeOptions}
            disabled={!canManage}
            helperText="Wie je kiest, krijgt bij Opslaan een e-mail."
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          />
          <TextFieldElement
            control={form.control}
            name="internal_note"
            label="Interne notitie"
            helperText="Alleen zichtbaar voor kantoor."
            multiline
            minRows={3}
            disabled={!canManage}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextFieldElement
            control={form.control}
            name="customer_note"
            label="Notitie voor de klant"
            helperText="De klant ziet deze notitie bij de storing."
            multiline
            minRows={3}
            disabled={!canManage}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {canManage && (
            <Box>
              <Button type="submit" variant="contained" disabled={!isDirty || handle.isPending}>
                Opslaan
              </Button>
            </Box>
          )}
        </Stack>
      </form>
      {reopening && <ReopenDialog onReopen={reopen} onClose={() => setReopening(false)} />}
    </Paper>
  );
}
