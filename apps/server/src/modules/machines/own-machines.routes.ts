import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OwnInventoryExportQuerySchema, OwnMachineListQuerySchema, MachineSchema } from '@keurwijzer/shared/machines';
import type { Company } from '../../config';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/actor';
import { pageOf, sendJsonPage } from '../../lib/responses';
import { createInventorySender } from './inventory-export.routes';
import { createMachinesRepository } from './machines.repository';
import { createMachinesService } from './machines.service';

const config = { access: 'own-machines.view' } as const;

/**
 * A customer user's own machines: the service's policy reads the customer from the session,
 * never from the request, and leaves archived and concept machines out. The same inventory list
 * as the admins', for its own machines.
 */
export const ownMachinesRoutes: FastifyPluginAsyncZod<{ db: Db; company: Company }> = async (app, opts) => {
  const service = createMachinesService({ db: opts.db, repo: createMachinesRepository(opts.db) });
  const sendInventory = createInventorySender(opts);

  app.get(
    '/api/machines',
    { config, schema: { querystring: OwnMachineListQuerySchema, response: { 200: pageOf(MachineSchema) } } },
    async (req, reply) => sendJsonPage(reply, await service.list(actorOf(req), req.query)),
  );
  app.get('/api/machines/export', { config, schema: { querystring: OwnInventoryExportQuerySchema } }, (req, reply) => {
    const { format, ...query } = req.query;
    const { customerId, selection } = service.exportScope(actorOf(req), query);
    return sendInventory(req, reply, customerId, { ...selection, format });
  });
};
