import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompletedReportExportQuerySchema,
  CompletedReportListQuerySchema,
  CompletedReportSchema,
} from '@keurwijzer/shared/reports';
import { actorOf } from '../../lib/actor';
import { pageOf, sendJsonPage } from '../../lib/responses';
import { sendDownload } from '../../lib/stream-download';
import type { CompletedReportsService } from './completed-reports.service';

const C = '/api/completed-reports';
const read = { access: 'reports.view' } as const;

/** The office's completed reports: a page of the submitted reports, and its xlsx export. */
export const completedReportsRoutes: FastifyPluginAsyncZod<{ service: CompletedReportsService }> = async (
  app,
  { service },
) => {
  app.get(
    C,
    {
      config: read,
      schema: { querystring: CompletedReportListQuerySchema, response: { 200: pageOf(CompletedReportSchema) } },
    },
    async (req, reply) => sendJsonPage(reply, await service.list(actorOf(req), req.query)),
  );
  app.get(
    `${C}/export`,
    { config: { ...read, usage: 'export' }, schema: { querystring: CompletedReportExportQuerySchema } },
    async (req, reply) =>
      sendDownload(req, reply, service.download(actorOf(req), req.query), 'completed reports export'),
  );
};
