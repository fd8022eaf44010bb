import { useId } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { AnyControl } from './form-fields';

/**
 * A required choice of a few options as radio buttons, bound to react-hook-form: a fieldset with
 * its legend, nothing chosen until the user chooses (no default that could be sent unread), the
 * error under it (and announced), the focus on the first option when the form's check fails.
 */
export function RadioGroupElement<T extends FieldValues>({
  name,
  control,
  label,
  options,
  required,
  helperText,
  row,
}: {
  name: FieldPath<T>;
  control: AnyControl<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  helperText?: string;
  row?: boolean;
}) {
  const { field, fieldState } = useController({ name, control });
  const labelId = useId();
  const helpId = useId();
  const message = fieldState.error?.message ?? helperText;
  return (
    <FormControl component="fieldset" error={!!fieldState.error} required={required}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <RadioGroup
        name={field.name}
        row={row}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        aria-labelledby={labelId}
        aria-describedby={message ? helpId : undefined}
      >
        {options.map((o, i) => (
          <FormControlLabel
            key={o.value}
            value={o.value}
            control={<Radio inputRef={i === 0 ? field.ref : undefined} />}
            label={o.label}
          />
        ))}
      </RadioGroup>
      {message && (
        <FormHelperText id={helpId} role={fieldState.error ? 'alert' : undefined} sx={{ mx: 0 }}>
          {message}
        </FormHelperText>
      )}
    </FormControl>
  );
}
