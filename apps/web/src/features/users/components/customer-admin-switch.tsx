import { useId } from 'react';
import { useController } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { ACCOUNTS_TEXT, type UserFormValues } from '@keurwijzer/shared/users';
import type { AnyControl } from '../../../components/form/form-fields';

/**
 * "Beheerder van de klant" (issue 22): the office lets a customer user invite and archive the
 * users of their own customer. Only on the customer users' form (the server refuses it for others).
 */
export function CustomerAdminSwitch({ control }: { control: AnyControl<UserFormValues> }) {
  const { field, fieldState } = useController({ name: 'customer_admin', control });
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
        label={ACCOUNTS_TEXT.customerAdmin}
      />
      <FormHelperText id={helpId} error={!!fieldState.error} sx={{ mt: 0 }}>
        {fieldState.error?.message ?? ACCOUNTS_TEXT.customerAdminHelp}
      </FormHelperText>
    </Box>
  );
}
