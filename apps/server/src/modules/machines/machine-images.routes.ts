import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MachineImageSchema } from '@keurwijzer/shared/machines';
import { successText } from '@keurwijzer/shared/texts';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { fieldError } from '../../lib/errors';
import { readUpload } from '../../lib/multipart';
import { MessageSchema, changedOf, dataOf } from '../../lib/responses';
import { sendImage } from '../../lib/image-intake';
import { IMAGE_MISSING_MESSAGE, MAX_IMAGE_BYTES } from './machine-images';
import type { MachineImagesService } from './machine-images.service';

const MachineParams = z.object({ customerId: idField(), id: idField() });
const ImageParams = MachineParams.extend({ imageId: idField() });
const config = { access: 'customers.manage' } as const;
/** The one upload route: one file of at most 10 MB (lib/multipart.ts streams it with these limits). */
const uploadConfig = { ...config, files: { maxFiles: 1, maxFileBytes: MAX_IMAGE_BYTES } };
const base = '/api/customers/:customerId/machines/:id/images';

/**
 * Images of a machine: upload (multipart field `image`, one file of at most 10 MB, streamed with
 * those limits; JPEG/PNG/WebP by their bytes, re-encoded), list, the file or its thumbnail,
 * delete. Only through the machine's own customer path.
 */
export const machineImagesRoutes: FastifyPluginAsyncZod<{ service: MachineImagesService }> = async (
  app,
  { service },
) => {
  app.get(
    base,
    { config, schema: { params: MachineParams, response: { 200: dataOf(z.array(MachineImageSchema)) } } },
    async (req) => ({
      data: await service.list(actorOf(req), req.params.customerId, req.params.id),
    }),
  );

  app.post(
    base,
    { config: uploadConfig, schema: { params: MachineParams, response: { 201: changedOf(MachineImageSchema) } } },
    async (req, reply) => {
      // The body is read by the service, after its checks (machine, the user's uploads at once).
      const image = async () => {
        if (!req.isMultipart()) throw fieldError('image', IMAGE_MISSING_MESSAGE);
        const { files } = await readUpload(req);
        const file = files.find((f) => f.fieldname === 'image');
        if (!file) throw fieldError('image', IMAGE_MISSING_MESSAGE);
        return file.data;
      };
      const data = await service.upload(actorOf(req), req.params.customerId, req.params.id, image);
      return reply.status(201).send({ data, message: successText('Afbeelding', 'toegevoegd') });
    },
  );

  app.get(
    `${base}/:imageId/file`,
    { config, schema: { params: ImageParams, querystring: z.object({ thumb: z.enum(['1', '0']).optional() }) } },
    async (req, reply) => {
      const { customerId, id, imageId } = req.params;
      const file = await service.file(actorOf(req), customerId, id, imageId, req.query.thumb === '1');
      return sendImage(reply, file);
    },
  );

  app.delete(
    `${base}/:imageId`,
    { config, schema: { params: ImageParams, response: { 200: MessageSchema } } },
    async (req) => {
      await service.remove(actorOf(req), req.params.customerId, req.params.id, req.params.imageId);
      return { data: null, message: successText('Afbeelding', 'verwijderd') };
    },
  );
};
