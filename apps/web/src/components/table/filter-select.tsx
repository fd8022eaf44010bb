import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export type FilterOption = { value: string | number; label: string };

/**
 * One filter of a list: "Alle" or one option. The value lives in the list's URL state (see
 * `useListFilters`); the whole width on a phone (the filters fold open one under the other).
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: string | undefined;
  options: FilterOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      sx={{ minWidth: 170, width: { xs: '100%', sm: 'auto' } }}
      label={label}
      disabled={disabled}
      // Until the options have loaded, a chosen id has no label yet: show it empty, not as an error.
      value={options.some((o) => String(o.value) === value) ? value : ''}
      onChange={(e) => onChange(String(e.target.value))}
    >
      <MenuItem value="">Alle</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
