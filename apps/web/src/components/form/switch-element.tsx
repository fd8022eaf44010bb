import { useId } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { AnyControl } from './form-fields';

/**
 * A yes/no setting of a form: a switch with its label and, below it, what it means (or the
 * field's error), tied to the switch by aria-describedby. The value is a boolean; a form that
 * still holds the API's '1'/'true' shows it as on.
 */
export function SwitchElement<T extends FieldValues>({
  name,
  control,
  label,
  help,
}: {
  name: FieldPath<T>;
  control: AnyControl<T>;
  label: string;
  help?: string;
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
        label={label}
      />
      <FormHelperText id={helpId} error={!!fieldState.error} sx={{ mt: 0 }}>
        {fieldState.error?.message ?? help}
      </FormHelperText>
    </Box>
  );
}
