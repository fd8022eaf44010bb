import { useController, type FieldValues } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { autoFocusWithMouse, type FieldProps } from './form-fields';

export type Option = { value: string | number; label: string };

/** A select bound to react-hook-form. */
export function SelectElement<T extends FieldValues>({
  options,
  emptyLabel,
  ...props
}: FieldProps<T> & { options: Option[]; emptyLabel?: string }) {
  const { field, fieldState } = useController({ name: props.name, control: props.control });
  const { name: _name, control: _control, helperText, label, required, autoFocus, ...rest } = props;
  return (
    <TextField
      {...rest}
      autoFocus={autoFocusWithMouse(autoFocus)}
      select
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
