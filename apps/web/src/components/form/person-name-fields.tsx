import Stack from '@mui/material/Stack';
import type { FieldValues, Path } from 'react-hook-form';
import { TextFieldElement, type AnyControl } from './form-fields';

/**
 * Voornaam, tussenvoegsel and achternaam in one row (one under the other on a phone). `self`: the
 * user's own name (the browser may fill it in); otherwise someone else's, which it must not.
 */
export function PersonNameFields<T extends FieldValues>({ control, self }: { control: AnyControl<T>; self?: boolean }) {
  const name = (n: string) => n as Path<T>;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextFieldElement
        name={name('first_name')}
        control={control}
        label="Voornaam"
        required
        autoComplete={self ? 'given-name' : 'off'}
      />
      <TextFieldElement
        name={name('preposition')}
        control={control}
        label="Tussenvoegsel"
        autoComplete={self ? 'off' : undefined}
        sx={{ maxWidth: { sm: 180 } }}
      />
      <TextFieldElement
        name={name('last_name')}
        control={control}
        label="Achternaam"
        required
        autoComplete={self ? 'family-name' : undefined}
      />
    </Stack>
  );
}
