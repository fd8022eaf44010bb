import type { ErrorEnvelope } from '@keurwijzer/shared/api';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { LIMIT_TEXT, TEXT } from '@keurwijzer/shared/texts';
import { AppError } from '../lib/errors';
import { StorageError } from '../lib/storage';

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
 * Fastify's own answers to a URL it cannot route (its `frameworkErrors` option): a malformed
 * percent-encoding (FST_ERR_BAD_URL, 400) or a path parameter over maxParamLength
 * (FST_ERR_MAX_PARAM_LENGTH, 414), in the envelope and in Dutch instead of Fastify's English body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const message = status === 414 ? LIMIT_TEXT.urlTooLong : status === 400 ? LIMIT_TEXT.badUrl : TEXT.serverError;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ status, code: error.code }, 'request refused');
  const body: Envelope = { message, errors: {} };
  reply.status(status).header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(body);
}

/**
 * The envelope with its content type said explicitly: Fastify drops the content type of a failed
 * reply, and a reply with its own serializer (the `_method` twins) would then go out untyped,
 * which the web client reads as "De server gaf een onverwacht antwoord".
 */
const sendEnvelope = (reply: FastifyReply, status: number, body: Envelope) =>
  reply.status(status).type('application/json; charset=utf-8').send(body);

/**
 * One error handler for the spec's envelope `{ message, errors }`: schema failures are 422 with
 * a message per field (a junk path id is 404), AppErrors keep their status, other 4xx get a Dutch
 * text, and anything else is a logged 500 without details.
 */
export const errorsPlugin = fp(async (app) => {
  let pressureWarnedAt = 0;
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
    } else if ((error as FastifyError).code === 'FST_UNDER_PRESSURE') {
      // plugins/pressure.ts: the event loop lags; Retry-After is set. One warning per stretch.
      status = 503;
      body = { message: LIMIT_TEXT.busy, errors: {} };
      if (Date.now() - pressureWarnedAt > 10_000) {
        pressureWarnedAt = Date.now();
        request.log.warn('under pressure: refusing requests with 503');
      }
      return sendEnvelope(reply, status, body);
    } else if (isInvalidText(error)) {
      // A character PostgreSQL cannot store (NUL) that reached the database anyway: bad input.
      status = 422;
      body = { message: TEXT.validation, errors: {} };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unknown content types, oversized bodies ...: the client's fault, 4xx.
      status = error.statusCode === 400 ? 422 : error.statusCode;
      body = { message: frameworkMessage(status), errors: {} };
    }

    if (error instanceof StorageError) {
      // One line per failed request: what the store was asked and why it failed (no credentials).
      request.log.error(
        { status, operation: error.operation, key: error.key, reason: error.reason, storeStatus: error.httpStatus },
        'storage failed',
      );
    } else if (status === 503) request.log.warn({ status }, 'request refused: busy');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ status, code: (error as FastifyError).code }, 'request refused');
    return sendEnvelope(reply, status, body);
  });
});
