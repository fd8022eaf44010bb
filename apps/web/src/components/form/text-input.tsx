import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { TextFieldProps } from '@mui/material/TextField';

type TextInputProps = Omit<TextFieldProps, 'select' | 'children' | 'variant'> & {
  /**
   * The most characters the text should have: "12/255" under the field, at its right, beside the
   * help or error text. It counts; it does not cut (the schema's message says what is too long).
   */
  counter?: number;
};

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
  counter,
  ...input
}: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText || counter ? `${inputId}-helper` : undefined;
  const length = typeof input.value === 'string' ? input.value.length : 0;
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
      {counter ? (
        <FormHelperText id={helperId} sx={{ display: 'flex', gap: 1 }}>
          <span>{helperText}</span>
          <Box component="span" sx={{ ml: 'auto', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {length}/{counter}
          </Box>
        </FormHelperText>
      ) : (
        helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>
      )}
    </FormControl>
  );
}
