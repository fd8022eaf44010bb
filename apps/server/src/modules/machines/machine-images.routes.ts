import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successText } from '@keurwijzer/shared/texts';
import { idField } from '@keurwijzer/shared/validation';
import type { Db } from '../../db/client';
import { machineImages, machines } from '../../db/schema/machines';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/presenters';
import { MessageSchema, changedOf, dataOf } from '../../lib/responses';
import { MachineImageSchema } from '@keurwijzer/shared/machines';
import type { Storage } from '../../lib/storage';
import { processImage } from './machine-images';

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
export const machineImagesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  async function assertMachine(customerId: number, machineId: number) {
    const n = await db.$count(machines, and(eq(machines.id, machineId), eq(machines.customerId, customerId)));
    if (n === 0) throw notFound();
  }
  const present = (customerId: number, row: typeof machineImages.$inferSelect) => {
    const url = `/api/customers/${customerId}/machines/${row.machineId}/images/${row.id}/file`;
    return {
      id: row.id,
      url,
      thumb_url: `${url}?thumb=1`,
      content_type: row.contentType,
      width: row.width,
      height: row.height,
      created_at: iso(row.createdAt),
    };
  };
  async function find(p: z.output<typeof ImageParams>) {
    await assertMachine(p.customerId, p.id);
    const [row] = await db
      .select()
      .from(machineImages)
      .where(and(eq(machineImages.id, p.imageId), eq(machineImages.machineId, p.id)));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    base,
    { config, schema: { params: MachineParams, response: { 200: dataOf(z.array(MachineImageSchema)) } } },
    async (req) => {
      await assertMachine(req.params.customerId, req.params.id);
      const rows = await db
        .select()
        .from(machineImages)
        .where(eq(machineImages.machineId, req.params.id))
        .orderBy(asc(machineImages.id));
      return { data: rows.map((r) => present(req.params.customerId, r)) };
    },
  );

  app.post(
    base,
    { config, schema: { params: MachineParams, body: UploadSchema, response: { 201: changedOf(MachineImageSchema) } } },
    async (req, reply) => {
      await assertMachine(req.params.customerId, req.params.id);
      const image = await processImage(req.params.id, req.body.image);
      await storage.put(image.fileKey, image.file);
      await storage.put(image.thumbKey, image.thumb);
      const [row] = await db
        .insert(machineImages)
        .values({
          machineId: req.params.id,
          fileKey: image.fileKey,
          thumbKey: image.thumbKey,
          contentType: image.contentType,
          size: image.file.length,
          width: image.width,
          height: image.height,
          uploadedBy: req.user!.id,
        })
        .returning();
      return reply
        .status(201)
        .send({ data: present(req.params.customerId, row!), message: successText('Afbeelding', 'toegevoegd') });
    },
  );

  app.get(
    `${base}/:imageId/file`,
    { config, schema: { params: ImageParams, querystring: z.object({ thumb: z.enum(['1', '0']).optional() }) } },
    async (req, reply) => {
      const row = await find(req.params);
      const thumb = req.query.thumb === '1';
      const stream = await storage.get(thumb ? row.thumbKey : row.fileKey);
      if (!stream) throw notFound();
      const ext = thumb ? 'webp' : row.fileKey.split('.').pop();
      return reply
        .type(thumb ? 'image/webp' : row.contentType)
        .header(
          'content-disposition',
          `inline; filename="machine-${row.machineId}-${row.id}${thumb ? '-klein' : ''}.${ext}"`,
        )
        .send(stream);
    },
  );

  app.delete(
    `${base}/:imageId`,
    { config, schema: { params: ImageParams, response: { 200: MessageSchema } } },
    async (req) => {
      const row = await find(req.params);
      await db.delete(machineImages).where(eq(machineImages.id, row.id));
      await storage.delete(row.fileKey);
      await storage.delete(row.thumbKey);
      return { data: null, message: successText('Afbeelding', 'verwijderd') };
    },
  );
};
