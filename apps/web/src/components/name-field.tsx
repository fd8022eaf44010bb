import type { Control } from 'react-hook-form';
import type { NamedFormValues, NamedInput } from '@keurwijzer/shared/master-data';
import { TextFieldElement } from './form-fields';

/** The one field of a named master item (brand, brand type, machine type, category). */
export function NameField({ control }: { control: Control<NamedFormValues, unknown, NamedInput> }) {
  return <TextFieldElement name="name" control={control} label="Naam" required autoFocus />;
}
