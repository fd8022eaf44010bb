import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useNotify } from '../feedback/notifications';
import { TextFieldElement } from './form-fields';
import { showServerErrors } from './server-errors';
import { submitValues, useZodForm, type FormSchema } from './use-zod-form';

/**
 * A dialog that asks one text and sends it: the reason of a reopening, a correction or a
 * withdrawal, the note of a finished action. The schema validates the field as the server does;
 * a refusal (422) shows under the field, anything else as a notification, and the dialog stays
 * open with what was typed.
 */
export function TextDialog<TValues extends FieldValues>({
  id,
  title,
  intro,
  schema,
  name,
  label,
  required = false,
  maxLength = 255,
  submitLabel,
  onSend,
  onClose,
}: {
  /** The dialog's id (its title is `<id>-title`). */
  id: string;
  title: string;
  intro: ReactNode;
  schema: FormSchema<TValues>;
  /** The one field. */
  name: Path<TValues>;
  label: string;
  required?: boolean;
  maxLength?: number;
  submitLabel: string;
  /** Sends the form's values as typed; it closes the dialog itself when done. */
  onSend: (values: TValues) => Promise<void>;
  onClose: () => void;
}) {
  const notify = useNotify();
  const form = useZodForm(schema, { [name]: '' } as DefaultValues<TValues>);
  const submit = submitValues(form, async (values) => {
    try {
      await onSend(values);
    } catch (err) {
      showServerErrors(form, err, notify);
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
          <TextFieldElement
            control={form.control}
            name={name}
            label={label}
            required={required}
            autoFocus
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            Annuleren
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
