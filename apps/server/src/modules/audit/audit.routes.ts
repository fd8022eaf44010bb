import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEventSchema, AuditListQuerySchema, HistoryQuerySchema } from '@keurwijzer/shared/audit';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, pageOf } from '../../lib/responses';
import { sendDownload } from '../../lib/stream-download';
import type { AuditService } from './audit.service';

const MachineParamsSchema = z.object({ customerId: idField(), machineId: idField() });

/** The audit trail (shared/audit.ts): the super admins' list and export, a machine's and a report's history. */
export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.get(
    '/api/audit',
    {
      config: { access: 'audit.view' },
      schema: { querystring: AuditListQuerySchema, response: { 200: pageOf(AuditEventSchema) } },
    },
    async (req) => service.list(actorOf(req), req.query),
  );

  app.get(
    '/api/audit/export',
    { config: { access: 'audit.view', usage: 'export' }, schema: { querystring: AuditListQuerySchema } },
    async (req, reply) => sendDownload(req, reply, service.download(actorOf(req), req.query), 'audit export'),
  );

  app.get(
    '/api/customers/:customerId/machines/:machineId/history',
    {
      config: { access: 'customers.view' },
      schema: {
        params: MachineParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: pageOf(AuditEventSchema) },
      },
    },
    async (req) => service.machineHistory(actorOf(req), req.params.customerId, req.params.machineId, req.query),
  );

  app.get(
    '/api/reports/:id/history',
    {
      config: { access: 'reports.view' },
      schema: { params: IdParamsSchema, querystring: HistoryQuerySchema, response: { 200: pageOf(AuditEventSchema) } },
    },
    async (req) => service.reportHistory(actorOf(req), req.params.id, req.query),
  );
};
