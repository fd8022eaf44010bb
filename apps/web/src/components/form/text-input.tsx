import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { TextFieldProps } from '@mui/material/TextField';

type TextInputProps = Omit<TextFieldProps, 'select' | 'children' | 'variant'>;

/**
 * The outlined TextField without its select mode: MUI's TextField always pulls in Select, Menu,
 * Popover and Modal, which a login page does not need (see docs/architecture.md, bundle size).
 * Takes the TextField props the forms use.
 */
export function TextInput({
  id,
  label,
  helperText,
  error,
  required,
  fullWidth = true,
  size,
  sx,
  slotProps,
  inputRef,
  ...input
}: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  const inputSlot = (slotProps?.input ?? {}) as Record<string, unknown>;
  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <FormControl fullWidth={fullWidth} error={error} required={required} size={size} sx={sx}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...(input as object)}
        {...inputSlot}
        id={inputId}
        label={label}
        inputRef={inputRef}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
