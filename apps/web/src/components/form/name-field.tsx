import type { NamedFormValues } from '@keurwijzer/shared/master-data';
import { TextFieldElement, type AnyControl } from './form-fields';

/** The one field of a named master item (brand, brand type, machine type, category). */
export function NameField({ control }: { control: AnyControl<NamedFormValues> }) {
  return <TextFieldElement name="name" control={control} label="Naam" required autoFocus />;
}
