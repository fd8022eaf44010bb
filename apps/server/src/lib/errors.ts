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
