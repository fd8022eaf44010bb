import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MachineImageSchema } from '@keurwijzer/shared/machines';
import { successText } from '@keurwijzer/shared/texts';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { MessageSchema, changedOf, dataOf } from '../../lib/responses';
import type { MachineImagesService } from './machine-images.service';

const MachineParams = z.object({ customerId: idField(), id: idField() });
const ImageParams = MachineParams.extend({ imageId: idField() });
const UploadSchema = z.object({
  image: z.instanceof(Buffer, { error: 'Kies een afbeelding om te uploaden' }),
});

const config = { access: 'customers.manage' } as const;
const base = '/api/customers/:customerId/machines/:id/images';

/**
 * Images of a machine: upload (multipart field `image`, at most 10 MB, JPEG/PNG/WebP by their
 * bytes, re-encoded), list, the file or its thumbnail, delete. Only through the machine's own
 * customer path.
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
    { config, schema: { params: MachineParams, body: UploadSchema, response: { 201: changedOf(MachineImageSchema) } } },
    async (req, reply) => {
      const data = await service.upload(actorOf(req), req.params.customerId, req.params.id, req.body.image);
      return reply.status(201).send({ data, message: successText('Afbeelding', 'toegevoegd') });
    },
  );

  app.get(
    `${base}/:imageId/file`,
    { config, schema: { params: ImageParams, querystring: z.object({ thumb: z.enum(['1', '0']).optional() }) } },
    async (req, reply) => {
      const { customerId, id, imageId } = req.params;
      const file = await service.file(actorOf(req), customerId, id, imageId, req.query.thumb === '1');
      return reply
        .type(file.contentType)
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .send(file.stream);
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
