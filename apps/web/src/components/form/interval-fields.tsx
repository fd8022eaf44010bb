import type { FieldPath, FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { DUE_TYPES, DUE_TYPE_LABELS, type DueType } from '@keurwijzer/shared/compliance';
import { INTERVALS_TEXT } from '@keurwijzer/shared/intervals';
import { TextFieldElement, type AnyControl } from './form-fields';

/**
 * Three interval fields in months (Keuring, Onderhoud, Veiligheid): a numeric keyboard on a
 * phone, "maanden" after the number, the inherited value as placeholder where one applies.
 * `prefix` names the fields in a larger form ("intervals.0." for a row of the customer grid).
 */
export function IntervalFields<T extends FieldValues>({
  control,
  prefix = '',
  placeholders,
  hint,
  title = 'Keuringsintervallen',
}: {
  control: AnyControl<T>;
  prefix?: string;
  placeholders?: Partial<Record<DueType, string>>;
  hint?: string;
  title?: string | null;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {title && (
        <Typography component="legend" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
          {title}
        </Typography>
      )}
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {DUE_TYPES.map((type) => (
          <TextFieldElement<T>
            key={type}
            name={`${prefix}${type}` as FieldPath<T>}
            control={control}
            label={DUE_TYPE_LABELS[type]}
            placeholder={placeholders?.[type]}
            slotProps={{
              htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'aria-describedby': undefined },
              input: { endAdornment: <InputAdornment position="end">{INTERVALS_TEXT.monthsSuffix}</InputAdornment> },
              inputLabel: placeholders?.[type] ? { shrink: true } : undefined,
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
