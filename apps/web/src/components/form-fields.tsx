import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { TextFieldProps } from '@mui/material/TextField';
import { TextInput } from './text-input';

export type FieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
} & Omit<TextFieldProps, 'name' | 'label' | 'required' | 'helperText' | 'select' | 'children'>;

/**
 * A text field bound to react-hook-form; shows at most one error (spec section 5). Selects live
 * in select-element.tsx so that text-only screens (login) do not load MUI's Select and Menu.
 */
export function TextFieldElement<T extends FieldValues>({
  name,
  control,
  label,
  required,
  helperText,
  ...rest
}: FieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
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
