import TextField from '@mui/material/TextField';

/**
 * One day filter of a list (a period's "Van" or "Tot en met"): the browser's date field, its
 * value (jjjj-mm-dd) in the list's URL state; the whole width on a phone, like FilterSelect.
 */
export function FilterDay({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 180 } }}
    />
  );
}
