import type { z } from 'zod';
import { TEXT } from '@keurwijzer/shared/texts';
import { AppError } from './errors';

/** A schema failure's issues as the envelope's errors: messages per field ('_' for the whole). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return errors;
}

/**
 * Parses a form read outside Fastify's schema step (a multipart body read after the checks),
 * with the 422 of that step in the same shape (errors per field).
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: unknown): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  throw new AppError(422, TEXT.validation, fieldErrorsOf(result.error));
}
