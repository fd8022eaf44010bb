import { TEXT } from '@keurwijzer/shared/texts';

/** An error with an HTTP status that the error handler turns into the spec's envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = TEXT.notFound) => new AppError(404, message);
export const forbidden = (message: string = TEXT.forbidden) => new AppError(403, message);
export const conflict = (message: string) => new AppError(409, message);
/** A 422 for one field, in the same shape as a schema failure. */
export const fieldError = (field: string, message: string) =>
  new AppError(422, TEXT.validation, { [field]: [message] });

/**
 * True when `err` (or the driver error Drizzle wraps in `cause`) is a unique violation of
 * `constraint`: a check-then-insert can still lose a race against a concurrent request.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && name === constraint) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when `err` (or the driver error Drizzle wraps in `cause`) is a foreign-key violation: a
 * row referred to was deleted by a concurrent request after the checks (insert, update), or a
 * row referring to it was added meanwhile (delete).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
