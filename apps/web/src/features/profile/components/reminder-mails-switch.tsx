import { useId } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { Role } from '@keurwijzer/shared/permissions';
import { PROFILE_TEXT } from '@keurwijzer/shared/profile';
import type { AnyControl } from '../../../components/form/form-fields';

/** Who gets reminder mails, and what they get (modules/reminders on the server). */
const HELP: Partial<Record<Role, string>> = {
  super_admin: PROFILE_TEXT.reminderMailsOffice,
  admin: PROFILE_TEXT.reminderMailsOffice,
  customer: PROFILE_TEXT.reminderMailsCustomer,
};

/** Whether the role gets reminder mails at all (a mechanic does not: no switch). */
export const getsReminders = (role: Role): boolean => role in HELP;

/**
 * "Herinneringsmails ontvangen": the switch of the reminder mails, saved with the profile, with
 * what the role gets below it.
 */
export function ReminderMailsSwitch<T extends FieldValues>({
  name,
  control,
  role,
}: {
  name: FieldPath<T>;
  control: AnyControl<T>;
  role: Role;
}) {
  const { field, fieldState } = useController({ name, control });
  const helpId = useId();
  const checked = field.value === true || field.value === '1' || field.value === 'true';
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={field.name}
            checked={checked}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={PROFILE_TEXT.reminderMails}
      />
      <FormHelperText id={helpId} error={!!fieldState.error} sx={{ mt: 0 }}>
        {fieldState.error?.message ?? HELP[role]}
      </FormHelperText>
    </Box>
  );
}
