import type { ErrorEnvelope } from '@keurwijzer/shared/api';
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TEXT } from '@keurwijzer/shared/texts';
import { AppError } from '../lib/errors';

type Envelope = ErrorEnvelope;

/** PostgreSQL 22021 (invalid byte sequence, e.g. NUL) or 22P05 (untranslatable character). */
function isInvalidText(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Dutch messages for the 4xx errors Fastify and its plugins raise themselves. */
function frameworkMessage(status: number): string {
  if (status === 401) return TEXT.unauthenticated;
  if (status === 403) return TEXT.forbidden;
  if (status === 404) return TEXT.notFound;
  if (status === 413) return TEXT.payloadTooLarge;
  if (status === 415) return TEXT.unsupportedMediaType;
  if (status === 429) return TEXT.throttled;
  return TEXT.validation;
}

/**
 * One error handler for the spec's envelope `{ message, errors }`: schema failures are 422 with
 * a message per field (a junk path id is 404), AppErrors keep their status, other 4xx get a Dutch
 * text, and anything else is a logged 500 without details.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: Envelope = { message: TEXT.serverError, errors: {} };

    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') {
        status = 404;
        body = { message: TEXT.notFound, errors: {} };
      } else {
        status = 422;
        const errors: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          (errors[key] ??= []).push(issue.message ?? TEXT.validation);
        }
        body = { message: TEXT.validation, errors };
      }
    } else if (error instanceof AppError) {
      status = error.statusCode;
      body = { message: error.message, errors: error.errors };
    } else if (isInvalidText(error)) {
      // A character PostgreSQL cannot store (NUL) that reached the database anyway: bad input.
      status = 422;
      body = { message: TEXT.validation, errors: {} };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unknown content types, oversized bodies ...: the client's fault, 4xx.
      status = error.statusCode === 400 ? 422 : error.statusCode;
      body = { message: frameworkMessage(status), errors: {} };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ status, code: (error as FastifyError).code }, 'request refused');
    return reply.status(status).send(body);
  });
});
