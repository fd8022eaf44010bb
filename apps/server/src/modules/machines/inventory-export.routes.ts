import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InventoryExportQuerySchema } from '@keurwijzer/shared/machines';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { sendDownload } from '../../lib/stream-download';
import type { InventoryService } from './inventory.service';
import type { MachinesService } from './machines.service';

export type InventoryRoutesOptions = { machines: MachinesService; inventory: InventoryService };

/**
 * The inventory list of a customer for admins, with the filters of the machines screen: the
 * inventory service narrows the selection to what the actor may see (machines.policy.ts) and makes
 * the file (404 for a customer that does not exist), which streams out while the machines are
 * read in batches (lib/stream-download.ts).
 */
export const inventoryExportRoutes: FastifyPluginAsyncZod<InventoryRoutesOptions> = async (app, { inventory }) => {
  app.get(
    '/api/customers/:customerId/machines/export',
    {
      config: { access: ACCESS.customers.read, usage: 'export' },
      schema: { params: z.object({ customerId: idField() }), querystring: InventoryExportQuerySchema },
    },
    async (req, reply) => {
      const download = await inventory.download(actorOf(req), req.query, req.params.customerId);
      return sendDownload(req, reply, download, 'inventory export');
    },
  );
};
