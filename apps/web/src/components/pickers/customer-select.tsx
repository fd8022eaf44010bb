import type { FieldPath, FieldValues } from 'react-hook-form';
import type { CustomerOption } from '@keurwijzer/shared/customers';
import type { AnyControl } from '../form/form-fields';
import { SearchSelect } from '../form/search-select';
import { useCustomerOptions } from '../../lib/api/customers';

/** Picks a customer by typing part of its name or number; the value is the customer id. */
export function CustomerSelect<T extends FieldValues>(props: {
  name: FieldPath<T>;
  control: AnyControl<T>;
  initial?: CustomerOption | null;
  required?: boolean;
}) {
  return (
    <SearchSelect
      {...props}
      label="Klant"
      helperText="Typ een deel van de naam of het klantnummer"
      noOptionsText="Geen klanten gevonden"
      useOptions={useCustomerOptions}
      getLabel={(o) => (o.customer_number ? `${o.name} (${o.customer_number})` : o.name)}
    />
  );
}
