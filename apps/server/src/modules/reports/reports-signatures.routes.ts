import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '@keurwijzer/shared/permissions';
import {
  MAX_SIGNATURE_BYTES,
  ReportSignatureSchema,
  SIGNATURE_ROLES,
  SIGNATURE_TEXT,
} from '@keurwijzer/shared/reports';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { MSG, idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { AppError, fieldError } from '../../lib/errors';
import { sendImage } from '../../lib/image-intake';
import { readUpload } from '../../lib/multipart';
import { IdParamsSchema, changedOf } from '../../lib/responses';
import { SIGNATURE_FIELD, type ReportSignaturesService, type SignatureUpload } from './reports-signatures.service';

const role = () => z.enum(SIGNATURE_ROLES, { error: MSG.invalidChoice });
const SignatureParams = IdParamsSchema.extend({ role: role() });
const OwnSignatureParams = IdParamsSchema.extend({ reportId: idField(), role: role() });
/** One PNG of at most 512 KB (lib/multipart.ts streams it with these limits). */
const putConfig = { access: ACCESS.tasklists.write, files: { maxFiles: 1, maxFileBytes: MAX_SIGNATURE_BYTES } };

/**
 * The upload's fields and its file `signature`; a file over 512 KB (refused as it streams in) is
 * a 422 on the field, as a wrong type is.
 */
async function uploadOf(req: Parameters<typeof readUpload>[0]): Promise<SignatureUpload> {
  if (!req.isMultipart()) throw fieldError(SIGNATURE_FIELD, SIGNATURE_TEXT.missing);
  try {
    const { fields, files } = await readUpload(req);
    return { fields, file: files.find((f) => f.fieldname === SIGNATURE_FIELD)?.data ?? null };
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 413 && err.message === LIMIT_TEXT.fileTooLarge) {
      throw fieldError(SIGNATURE_FIELD, SIGNATURE_TEXT.tooLarge);
    }
    throw err;
  }
}

/**
 * Signatures of a report: POST (multipart: file `signature`, a PNG; `signer_name`;
 * `signed_at`) stores or replaces the role's signature while the report is open (409 once
 * submitted); GET its image for the staff who read the report, and for a customer user under its
 * own machine's submitted report (the portal's path, as its report and PDF).
 */
export const reportSignaturesRoutes: FastifyPluginAsyncZod<{ service: ReportSignaturesService }> = async (
  app,
  { service },
) => {
  // POST: an upload route takes no `_method` twin (plugins/method-override.ts), and the web app
  // sends every change as a POST (its outbox's PUT arrives with a field `_method=PUT`, ignored).
  app.post(
    '/api/reports/:id/signatures/:role',
    { config: putConfig, schema: { params: SignatureParams, response: { 200: changedOf(ReportSignatureSchema) } } },
    async (req) => ({
      data: await service.put(actorOf(req), req.params.id, req.params.role, () => uploadOf(req)),
      message: SIGNATURE_TEXT.saved,
    }),
  );
  app.get(
    '/api/reports/:id/signatures/:role',
    { config: { access: ACCESS.tasklists.read }, schema: { params: SignatureParams } },
    async (req, reply) => sendImage(reply, await service.file(actorOf(req), req.params.id, req.params.role)),
  );
  app.get(
    '/api/machines/:id/reports/:reportId/signatures/:role',
    { config: { access: 'own-machines.view' }, schema: { params: OwnSignatureParams } },
    async (req, reply) => {
      const { id, reportId, role: which } = req.params;
      return sendImage(reply, await service.ownFile(actorOf(req), id, reportId, which));
    },
  );
};
