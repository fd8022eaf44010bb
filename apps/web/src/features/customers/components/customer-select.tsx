import { useEffect, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { CustomerOption } from '@keurwijzer/shared/customers';
import { useCustomerOptions } from '../api/customers';

/**
 * Picks a customer by typing part of its name or number. The field value is the customer id;
 * `initial` shows the current customer before any search.
 */
export function CustomerSelect<T extends FieldValues>({
  name,
  control,
  initial,
  required,
}: {
  name: FieldPath<T>;
  control: Control<T>;
  initial?: CustomerOption | null;
  required?: boolean;
}) {
  const { field, fieldState } = useController({ name, control });
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<CustomerOption | null>(initial ?? null);
  const { data, isFetching } = useCustomerOptions(search);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);

  const options = data ?? [];
  const value =
    selected && selected.id === field.value ? selected : (options.find((o) => o.id === field.value) ?? null);

  return (
    <Autocomplete
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      value={value}
      loading={isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(o) => `${o.name} (${o.customer_number})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, option) => {
        setSelected(option);
        field.onChange(option ? option.id : '');
      }}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      onBlur={field.onBlur}
      noOptionsText="Geen klanten gevonden"
      loadingText="Laden..."
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label="Klant"
          required={required}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? 'Typ een deel van de naam of het klantnummer'}
        />
      )}
    />
  );
}
