import type { ReactNode } from 'react';
import { useController, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import FormHelperText from '@mui/material/FormHelperText';
import type { TextFieldProps } from '@mui/material/TextField';
import { TextInput } from './text-input';

/** A form's control whatever its submit output (schemas transform values, e.g. '' to null). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyControl<T extends FieldValues> = Control<T, any, any>;

export type FieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  control: AnyControl<T>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  /** The most characters: "12/255" under the field (TextInput's counter). */
  counter?: number;
} & Omit<TextFieldProps, 'name' | 'label' | 'required' | 'helperText' | 'select' | 'children'>;

/**
 * A form field's `autoFocus`, kept only where a mouse or trackpad is the main pointer: on a touch
 * screen the focus opens the on-screen keyboard over the form before the user chose a field.
 */
export const autoFocusWithMouse = (autoFocus: boolean | undefined): boolean =>
  !!autoFocus && typeof window !== 'undefined' && window.matchMedia('(pointer: fine)').matches;

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
  autoFocus,
  ...rest
}: FieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
      {...rest}
      autoFocus={autoFocusWithMouse(autoFocus)}
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

/** The error of a field without its own input (e.g. "at least one option" over a group). */
export function GroupError<T extends FieldValues>({ name, control }: { name: FieldPath<T>; control: AnyControl<T> }) {
  const { errors } = useFormState({ control, name });
  const error = name
    .split('.')
    .reduce<unknown>((e, key) => (e as Record<string, unknown> | undefined)?.[key], errors) as
    { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return message ? (
    <FormHelperText error role="alert">
      {message}
    </FormHelperText>
  ) : null;
}
