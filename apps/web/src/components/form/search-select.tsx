import { useEffect, useState } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { autoFocusWithMouse, type AnyControl } from './form-fields';

type Option = { id: number };

/**
 * A select whose options are searched on the server as the user types (debounced). The field
 * value is the chosen id; `initial` shows the current choice before any search.
 */
export function SearchSelect<T extends FieldValues, O extends Option>(props: {
  name: FieldPath<T>;
  control: AnyControl<T>;
  label: string;
  required?: boolean;
  helperText?: string;
  noOptionsText: string;
  useOptions: (search: string) => { data: O[] | undefined; isFetching: boolean };
  getLabel: (option: O) => string;
  initial?: O | null;
  autoFocus?: boolean;
}) {
  const { field, fieldState } = useController({ name: props.name, control: props.control });
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<O | null>(props.initial ?? null);
  const { data, isFetching } = props.useOptions(search);

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
      getOptionLabel={props.getLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, option) => {
        setSelected(option);
        field.onChange(option ? option.id : '');
      }}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      onBlur={field.onBlur}
      noOptionsText={props.noOptionsText}
      loadingText="Laden..."
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={props.label}
          required={props.required}
          autoFocus={autoFocusWithMouse(props.autoFocus)}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? props.helperText}
        />
      )}
    />
  );
}
