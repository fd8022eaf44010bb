import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api-client';

/**
 * A failed save of a dialog's form: the server's field errors (422) go onto their fields, the
 * first one focused; anything else is notified.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  err: unknown,
  notify: (message: string, status: 'error') => void,
) {
  if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length > 0) {
    Object.entries(err.errors).forEach(([field, messages], i) =>
      form.setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: i === 0 }),
    );
  } else notify(errorMessage(err), 'error');
}

/** A refusal as one line: the server's reason of the first machine it names, or its message. */
export const refusalText = (err: unknown): string =>
  (err instanceof ApiError && Object.values(err.errors).flat()[0]) || errorMessage(err);
