import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OwnInventoryExportQuerySchema, OwnMachineListQuerySchema } from '@keurwijzer/shared/machines';
import { OwnMachineDetailSchema, OwnMachineReportsQuerySchema, OwnMachineSchema } from '@keurwijzer/shared/portal';
import { MachineReportSchema, ReportDetailSchema } from '@keurwijzer/shared/reports';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, dataOf, pageOf, sendJsonPage } from '../../lib/responses';
import { sendDownload } from '../../lib/stream-download';
import { sendImage } from '../../lib/image-intake';
import type { InventoryRoutesOptions } from './inventory-export.routes';
import type { OwnMachineService } from './own-machine.service';

/** `{ data }` around a JSON text the database built, sent as it is (see `sendJsonPage`). */
const sendJsonData = (reply: FastifyReply, json: string) => reply.type('application/json').send(`{"data":${json}}`);

const ImageParams = IdParamsSchema.extend({ imageId: idField() });
const ReportParams = IdParamsSchema.extend({ reportId: idField() });
const ReportPhotoParams = ReportParams.extend({ photoId: z.string().uuid({ message: 'Ongeldige foto' }) });

const config = { access: 'own-machines.view' } as const;

/**
 * A customer user's own machines (the customer portal, portal.ts): the services' policy reads the
 * customer from the session, never from the request, and leaves archived and concept machines
 * out. The list, the machine screen, its images, its submitted reports with their PDFs, and the
 * same inventory list as the admins', for its own machines. Anything of another customer answers
 * 404, the same as a missing one.
 */
export const ownMachinesRoutes: FastifyPluginAsyncZod<InventoryRoutesOptions & { own: OwnMachineService }> = async (
  app,
  { machines, inventory, own },
) => {
  app.get(
    '/api/machines',
    { config, schema: { querystring: OwnMachineListQuerySchema, response: { 200: pageOf(OwnMachineSchema) } } },
    async (req, reply) => sendJsonPage(reply, await machines.list(actorOf(req), req.query)),
  );
  app.get(
    '/api/machines/export',
    { config: { ...config, usage: 'export' }, schema: { querystring: OwnInventoryExportQuerySchema } },
    async (req, reply) => {
      const download = await inventory.download(actorOf(req), req.query);
      return sendDownload(req, reply, download, 'inventory export');
    },
  );

  // The machine screen: one JSON text built by PostgreSQL, sent as it is (as the list's pages).
  app.get(
    '/api/machines/:id',
    { config, schema: { params: IdParamsSchema, response: { 200: dataOf(OwnMachineDetailSchema) } } },
    async (req, reply) => sendJsonData(reply, await own.detail(actorOf(req), req.params.id)),
  );
  app.get(
    '/api/machines/:id/images/:imageId/file',
    { config, schema: { params: ImageParams, querystring: z.object({ thumb: z.enum(['1', '0']).optional() }) } },
    async (req, reply) => {
      const { id, imageId } = req.params;
      const file = await own.image(actorOf(req), id, imageId, req.query.thumb === '1');
      return sendImage(reply, file);
    },
  );
  app.get(
    '/api/machines/:id/reports',
    {
      config,
      schema: {
        params: IdParamsSchema,
        querystring: OwnMachineReportsQuerySchema,
        response: { 200: dataOf(z.array(MachineReportSchema)) },
      },
    },
    async (req) => ({ data: await own.reports(actorOf(req), req.params.id, req.query.inspection_type) }),
  );
  app.get(
    '/api/machines/:id/reports/:reportId',
    { config, schema: { params: ReportParams, response: { 200: dataOf(ReportDetailSchema) } } },
    async (req) => ({ data: await own.report(actorOf(req), req.params.id, req.params.reportId) }),
  );
  // A photo of the report's answers, or its thumbnail.
  app.get(
    '/api/machines/:id/reports/:reportId/photos/:photoId',
    {
      config,
      schema: { params: ReportPhotoParams, querystring: z.object({ thumb: z.enum(['1', '0']).optional() }) },
    },
    async (req, reply) => {
      const { id, reportId, photoId } = req.params;
      return sendImage(reply, await own.reportPhoto(actorOf(req), id, reportId, photoId, req.query.thumb === '1'));
    },
  );
  app.get(
    '/api/machines/:id/reports/:reportId/pdf',
    { config: { ...config, usage: 'export' }, schema: { params: ReportParams } },
    async (req, reply) =>
      sendDownload(req, reply, await own.pdf(actorOf(req), req.params.id, req.params.reportId), 'report pdf'),
  );
};
