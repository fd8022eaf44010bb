import type { FastifyRequest } from 'fastify';
import { LIMIT_TEXT, TEXT } from '@keurwijzer/shared/texts';
import { AppError, fieldError } from './errors';

/** Form fields as the schemas read them: a repeated key becomes an array. */
export type FormFields = Record<string, string | string[]>;

/** The files an upload route accepts (its `config.files`); every other route takes none. */
export type FileLimits = {
  /** Files in one request. */
  maxFiles: number;
  /** Bytes per file. */
  maxFileBytes: number;
};

/** An uploaded file, read whole once it passed the limits. */
export type UploadedFile = { fieldname: string; filename: string; mimetype: string; data: Buffer };

/** Fields besides the files of an upload, and how large they may be together. */
const UPLOAD_FIELDS = 20;
const UPLOAD_FIELD_BYTES = 64 * 1024;

/** At most this many parts in a form without files (the bytes are limited by the route's bodyLimit). */
const MAX_FIELDS = 1000;

/** Bytes a multipart request to `files` may send at most (content-length checked before reading). */
export const multipartBodyLimit = (files: FileLimits) => files.maxFiles * files.maxFileBytes + UPLOAD_FIELD_BYTES;

/**
 * A multipart failure as the envelope's error: a limit reached is 413, anything else about the
 * body (no boundary, cut off inside a part, a malformed header, a JSON field) is 422. The stream
 * parser's own errors carry no status and would otherwise be a logged 500.
 */
export function multipartError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { statusCode?: unknown; code?: unknown };
  if (e?.statusCode === 413) {
    if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') {
      return new AppError(413, LIMIT_TEXT.tooManyFiles);
    }
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, LIMIT_TEXT.fileTooLarge);
    return new AppError(413, TEXT.payloadTooLarge);
  }
  return new AppError(422, LIMIT_TEXT.unreadableBody);
}

/**
 * After a refusal halfway, the rest of the body is read and dropped (not parsed), so the answer
 * goes out and the connection stays usable; nothing of it is kept.
 */
function discardRest(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.resume();
}

function add(fields: FormFields, name: string, value: string) {
  const had = fields[name];
  if (had === undefined) fields[name] = value;
  else if (Array.isArray(had)) had.push(value);
  else fields[name] = [had, value];
}

/**
 * The fields of a multipart form without files, read as they stream in: a file part is refused
 * (413) as soon as its header arrives, before its bytes are read, and the fields together may
 * take at most `maxBytes` (the route's bodyLimit).
 */
export async function readFormFields(request: FastifyRequest, maxBytes: number): Promise<FormFields> {
  const fields: FormFields = {};
  let bytes = 0;
  try {
    const parts = request.parts({
      limits: { files: 0, fields: MAX_FIELDS, parts: MAX_FIELDS, fieldSize: maxBytes, fieldNameSize: 200 },
    });
    for await (const part of parts) {
      if (part.type === 'file') throw new AppError(413, LIMIT_TEXT.filesNotAccepted);
      // A JSON part arrives parsed: forms carry strings only.
      if (typeof part.value !== 'string') throw new AppError(422, LIMIT_TEXT.unreadableBody);
      bytes += part.fieldname.length + part.value.length;
      if (part.valueTruncated || part.fieldnameTruncated || bytes > maxBytes) {
        throw new AppError(413, TEXT.payloadTooLarge);
      }
      add(fields, part.fieldname, part.value);
    }
  } catch (err) {
    discardRest(request);
    // busboy's files limit 0 means "a file part came": say so.
    if ((err as { code?: unknown })?.code === 'FST_FILES_LIMIT') throw new AppError(413, LIMIT_TEXT.filesNotAccepted);
    throw multipartError(err);
  }
  return fields;
}

/**
 * The fields and files of an upload (a route with `config.files`), streamed with its limits:
 * more files than allowed, too many fields or parts, or a file over its size answer 413 while
 * the body arrives (a file is never read past its limit); a body cut off inside a part is 422.
 */
export async function readUpload(request: FastifyRequest): Promise<{ fields: FormFields; files: UploadedFile[] }> {
  const limits = request.routeOptions.config.files;
  if (!limits) throw new Error(`${request.routeOptions.url} declares no config.files`);
  const fields: FormFields = {};
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes,
        fields: UPLOAD_FIELDS,
        parts: UPLOAD_FIELDS + limits.maxFiles,
        fieldSize: UPLOAD_FIELD_BYTES,
        fieldNameSize: 200,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const { fieldname, filename, mimetype } = part;
        files.push({ fieldname, filename, mimetype, data: await part.toBuffer() });
      } else {
        if (typeof part.value !== 'string') throw new AppError(422, LIMIT_TEXT.unreadableBody);
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, TEXT.payloadTooLarge);
        add(fields, part.fieldname, part.value);
      }
    }
  } catch (err) {
    discardRest(request);
    throw multipartError(err);
  }
  return { fields, files };
}

/**
 * The fields and files of a form that may carry photos: multipart (what the web app sends), or a
 * JSON body without files. A file past the route's `config.files.maxFiles` is refused as it
 * arrives (the stream's files limit, 413); it is said on `filesField` with `tooManyText` (422),
 * so the form shows it under its photos.
 */
export async function readFormBody(
  request: FastifyRequest,
  filesField: string,
  tooManyText: string,
): Promise<{ fields: FormFields; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as FormFields) : {}, files: [] };
  }
  try {
    return await readUpload(request);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 413 && err.message === LIMIT_TEXT.tooManyFiles) {
      throw fieldError(filesField, tooManyText);
    }
    throw err;
  }
}
