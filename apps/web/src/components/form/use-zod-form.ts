import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** A schema whose input is a form's values (what the user typed, as sent to the API). */
export type FormSchema<TValues extends FieldValues, TOutput = unknown> = z.ZodType<TOutput, TValues>;

/**
 * A react-hook-form form validated by a shared zod schema, typed with the schema's input (the
 * values) and output. The output is for showing what is valid; what a form sends is its values
 * (`FormPage` hands `onSubmit` the values, never the parsed output), because the server parses
 * them with the same schema: sending a parsed price (cents) to a field that parses euros
 * multiplied every saved price by 100.
 */
export function useZodForm<TValues extends FieldValues, TOutput>(
  schema: FormSchema<TValues, TOutput>,
  defaultValues: DefaultValues<TValues>,
): UseFormReturn<TValues, unknown, TOutput> {
  return useForm<TValues, unknown, TOutput>({
    resolver: zodResolver<TValues, unknown, TOutput>(schema),
    defaultValues,
    // Validate on save, then live: validating on blur moved the Opslaan button under the pointer.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * The submit handler of a form: validates with the schema, then hands `save` the form's values as
 * typed (never the parsed output, which `handleSubmit` would pass).
 */
export function submitValues<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  save: (values: TValues) => Promise<void>,
) {
  return form.handleSubmit(() => save(form.getValues()));
}
