import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { PHOTO_TEXT, ReportPhotoSchema } from '@keurwijzer/shared/reports';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { fieldError } from '../../lib/errors';
import { MAX_IMAGE_BYTES, sendImage } from '../../lib/image-intake';
import { readUpload } from '../../lib/multipart';
import { IdParamsSchema, MessageSchema, changedOf } from '../../lib/responses';
import type { ReportPhotosService } from './reports-photos.service';

/** The device's uuid of a photo (a junk one in a path to read or delete is a 404, as every junk path id). */
const PhotoParams = IdParamsSchema.extend({ photoId: z.string().uuid() });
/**
 * The upload's photo id is the device's data: a bad one is a 422 on `photo_id` (checked in the
 * handler, before the body is read), not the 404 of a junk path id.
 */
const UploadParams = IdParamsSchema.extend({ questionId: idField(), photoId: z.string().max(100) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ThumbQuery = z.object({ thumb: z.enum(['1', '0']).optional() });

const read = { access: ACCESS.tasklists.read };
const config = { access: ACCESS.tasklists.write };
/** One photo of at most 10 MB (lib/multipart.ts streams it with these limits), and `taken_at`. */
const uploadConfig = { ...config, files: { maxFiles: 1, maxFileBytes: MAX_IMAGE_BYTES } };

/**
 * The photos of a report's answers, for the staff:
 * - POST   /api/reports/:id/questions/:questionId/photos/:photoId  multipart `photo` and `taken_at`:
 *          201 stored, 200 a replay of a stored one (nothing stored twice), 409 once submitted,
 *          404 a question of another report, 422 not an image or the question has 4 already
 * - GET    /api/reports/:id/photos/:photoId[?thumb=1]              the image (or its WebP thumbnail)
 * - DELETE /api/reports/:id/photos/:photoId                        open report only; idempotent
 * The customer portal's read is GET /api/machines/:id/reports/:reportId/photos/:photoId.
 */
export const reportPhotosRoutes: FastifyPluginAsyncZod<{ service: ReportPhotosService }> = async (app, { service }) => {
  app.post(
    '/api/reports/:id/questions/:questionId/photos/:photoId',
    {
      config: uploadConfig,
      schema: {
        params: UploadParams,
        response: { 200: changedOf(ReportPhotoSchema), 201: changedOf(ReportPhotoSchema) },
      },
    },
    async (req, reply) => {
      const { id, questionId, photoId } = req.params;
      if (!UUID.test(photoId)) throw fieldError('photo_id', PHOTO_TEXT.invalidId);
      // The body is read by the service, after its checks.
      const body = async () => {
        if (!req.isMultipart()) throw fieldError('photo', PHOTO_TEXT.missing);
        const { files, fields } = await readUpload(req);
        const file = files.find((f) => f.fieldname === 'photo');
        if (!file) throw fieldError('photo', PHOTO_TEXT.missing);
        const takenAt = fields.taken_at;
        if (Array.isArray(takenAt)) throw fieldError('taken_at', PHOTO_TEXT.invalidTakenAt);
        return { data: file.data, takenAt };
      };
      const { photo, created } = await service.upload(actorOf(req), id, questionId, photoId, body);
      return reply.status(created ? 201 : 200).send({ data: photo, message: PHOTO_TEXT.added });
    },
  );

  app.get(
    '/api/reports/:id/photos/:photoId',
    { config: read, schema: { params: PhotoParams, querystring: ThumbQuery } },
    async (req, reply) => {
      const file = await service.file(actorOf(req), req.params.id, req.params.photoId, req.query.thumb === '1');
      return sendImage(reply, file);
    },
  );

  app.delete(
    '/api/reports/:id/photos/:photoId',
    { config, schema: { params: PhotoParams, response: { 200: MessageSchema } } },
    async (req) => {
      await service.remove(actorOf(req), req.params.id, req.params.photoId);
      return { data: null, message: PHOTO_TEXT.removed };
    },
  );
};
