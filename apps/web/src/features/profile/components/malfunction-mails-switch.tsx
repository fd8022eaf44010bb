import { useId } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { Role } from '@keurwijzer/shared/permissions';
import { PROFILE_TEXT } from '@keurwijzer/shared/profile';
import type { AnyControl } from '../../../components/form/form-fields';

/** Who reports malfunctions and so gets mails about them: customer users (issue 22). */
export const getsMalfunctionMails = (role: Role): boolean => role === 'customer';

/**
 * "E-mails over mijn storingen": the switch of the mails about the user's own malfunctions (a
 * status change, a note for them), saved with the profile, with what they get below it.
 */
export function MalfunctionMailsSwitch<T extends FieldValues>({
  name,
  control,
}: {
  name: FieldPath<T>;
  control: AnyControl<T>;
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
        label={PROFILE_TEXT.malfunctionMails}
      />
      <FormHelperText id={helpId} error={!!fieldState.error} sx={{ mt: 0 }}>
        {fieldState.error?.message ?? PROFILE_TEXT.malfunctionMailsHelp}
      </FormHelperText>
    </Box>
  );
}
