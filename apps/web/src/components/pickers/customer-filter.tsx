import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { CustomerOption } from '@keurwijzer/shared/customers';
import { customersResource, useCustomerOptions } from '../../lib/api/customers';

const labelOf = (o: CustomerOption) => (o.customer_number ? `${o.name} (${o.customer_number})` : o.name);

/**
 * A list's customer filter: the customer select of the admin forms (type part of the name or
 * number, searched on the server) as one filter of the list's URL state; empty is "Alle".
 */
export function CustomerFilter({ value, onChange }: { value: string | undefined; onChange: (value: string) => void }) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const { data, isFetching } = useCustomerOptions(search);
  const id = Number(value) || 0;
  // A customer chosen before a reload is named from its own record until a search lists it.
  const { data: chosen } = customersResource.useItem(id, undefined, id > 0);
  const options = data ?? [];
  const selected =
    options.find((o) => o.id === id) ??
    (chosen && chosen.id === id ? { id, name: chosen.name, customer_number: chosen.customer_number ?? '' } : null);
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 240, width: { xs: '100%', sm: 'auto' } }}
      options={selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options}
      value={selected}
      loading={isFetching}
      filterOptions={(x) => x}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, option) => onChange(option ? String(option.id) : '')}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      noOptionsText="Geen klanten gevonden"
      loadingText="Laden..."
      renderInput={(params) => <TextField {...params} label="Klant" />}
    />
  );
}
