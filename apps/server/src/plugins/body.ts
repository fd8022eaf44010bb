import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { LIMIT_TEXT, TEXT } from '@keurwijzer/shared/texts';
import { AppError } from '../lib/errors';
import { multipartBodyLimit, readFormFields } from '../lib/multipart';
import './types';

/** Every route's body limit: forms and JSON are small; only upload routes take more (as files). */
export const BODY_LIMIT = 256 * 1024;

const MULTIPART = /^multipart\/form-data\b/i;

/** No form of the API nests deeper than a list of objects; 5,000 levels are refused (422) before parsing. */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text nests arrays/objects deeper than `max` (brackets in strings do not count). */
export function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * Which bodies the API reads, and how much of them (the server's bodyLimit is BODY_LIMIT):
 * - JSON (nested at most MAX_JSON_DEPTH deep) and `application/x-www-form-urlencoded` up to the
 *   route's bodyLimit (Fastify: 413);
 * - `multipart/form-data` (what the web app sends): fields only, streamed, at most the route's
 *   bodyLimit together; a file part is refused (413) as soon as its header arrives. Only routes
 *   with `config.files` (uploads) take files: their handler streams them with those limits
 *   (lib/multipart.ts `readUpload`);
 * - anything else, `text/plain` included, is 415.
 * Every body is read after the route's checks (plugins/access.ts runs in onRequest), and a
 * declared content-length over the limit is refused before a byte is read.
 */
export const bodyPlugin = fp(async (app) => {
  await app.register(formbody);
  // No attachFieldsToBody: nothing is buffered by the plugin; the hooks below read the fields.
  await app.register(multipart, { limits: { files: 0, fileSize: 0 } });
  app.removeContentTypeParser('text/plain');
  // Fastify's JSON parser (prototype poisoning refused), after a depth check: a deeply nested
  // body must not reach code that walks it recursively (it overflowed the stack: a 500).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      return done(new AppError(422, LIMIT_TEXT.unreadableBody), undefined);
    }
    void parseJson(request, body as string, done);
  });

  app.addHook('preParsing', (request, _reply, payload, done) => {
    const type = request.headers['content-type'];
    if (type && MULTIPART.test(type)) {
      const files = request.routeOptions.config.files;
      const limit = files ? multipartBodyLimit(files) : request.routeOptions.bodyLimit;
      if (Number(request.headers['content-length']) > limit) return done(new AppError(413, TEXT.payloadTooLarge));
    }
    done(null, payload);
  });

  // Synchronous unless there is a form to read: no promise per JSON or GET request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart() || request.routeOptions.config.files) return done();
    void readFormFields(request, request.routeOptions.bodyLimit).then((fields) => {
      request.body = fields;
      done();
    }, done);
  });
});
