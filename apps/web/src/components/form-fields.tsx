import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type FieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
} & Omit<TextFieldProps, 'name' | 'label' | 'required' | 'helperText' | 'select' | 'children'>;

/** A text field bound to react-hook-form; shows at most one error (spec section 5). */
export function TextFieldElement<T extends FieldValues>({ name, control, label, required, helperText, ...rest }: FieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}

export type Option = { value: string | number; label: string };

/** A select bound to react-hook-form. */
export function SelectElement<T extends FieldValues>({
  options,
  emptyLabel,
  ...props
}: FieldProps<T> & { options: Option[]; emptyLabel?: string }) {
  const { field, fieldState } = useController({ name: props.name, control: props.control });
  const { name: _name, control: _control, helperText, label, required, ...rest } = props;
  return (
    <TextField
      {...rest}
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
