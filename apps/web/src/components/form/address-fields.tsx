import Stack from '@mui/material/Stack';
import type { FieldValues, Path } from 'react-hook-form';
import { TextFieldElement, type AnyControl } from './form-fields';

/** Straat, huisnummer, toevoeging, postcode and plaats (a location, or a customer's invoice address). */
export function AddressFields<T extends FieldValues>({
  control,
  required,
}: {
  control: AnyControl<T>;
  required?: boolean;
}) {
  const name = (n: string) => n as Path<T>;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextFieldElement
          name={name('street')}
          control={control}
          label="Straat"
          required={required}
          autoComplete="address-line1"
        />
        <TextFieldElement
          name={name('house_number')}
          control={control}
          label="Huisnummer"
          required={required}
          sx={{ maxWidth: { sm: 140 } }}
        />
        <TextFieldElement name={name('addition')} control={control} label="Toevoeging" sx={{ maxWidth: { sm: 140 } }} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextFieldElement
          name={name('postcode')}
          control={control}
          label="Postcode"
          required={required}
          placeholder="1234 AB"
          autoComplete="postal-code"
          sx={{ maxWidth: { sm: 180 } }}
        />
        <TextFieldElement
          name={name('city')}
          control={control}
          label="Plaats"
          required={required}
          autoComplete="address-level2"
        />
      </Stack>
    </>
  );
}
