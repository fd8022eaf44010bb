import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OwnInventoryExportQuerySchema, OwnMachineListQuerySchema, MachineSchema } from '@keurwijzer/shared/machines';
import { actorOf } from '../../lib/actor';
import { pageOf, sendJsonPage } from '../../lib/responses';
import { sendDownload } from '../../lib/stream-download';
import type { InventoryRoutesOptions } from './inventory-export.routes';

const config = { access: 'own-machines.view' } as const;

/**
 * A customer user's own machines: the service's policy reads the customer from the session,
 * never from the request, and leaves archived and concept machines out. The same inventory list
 * as the admins', for its own machines.
 */
export const ownMachinesRoutes: FastifyPluginAsyncZod<InventoryRoutesOptions> = async (
  app,
  { machines, inventory },
) => {
  app.get(
    '/api/machines',
    { config, schema: { querystring: OwnMachineListQuerySchema, response: { 200: pageOf(MachineSchema) } } },
    async (req, reply) => sendJsonPage(reply, await machines.list(actorOf(req), req.query)),
  );
  app.get(
    '/api/machines/export',
    { config, schema: { querystring: OwnInventoryExportQuerySchema } },
    async (req, reply) => {
      const { format, ...query } = req.query;
      const actor = actorOf(req);
      const { customerId, selection } = machines.exportScope(actor, query);
      return sendDownload(
        req,
        reply,
        await inventory.download(customerId, { ...selection, format }, actor.id),
        'inventory export',
      );
    },
  );
};
