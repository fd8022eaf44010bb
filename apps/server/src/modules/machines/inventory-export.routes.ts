import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InventoryExportQuerySchema, type InventoryFormat } from '@keurwijzer/shared/machines';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { idField } from '@keurwijzer/shared/validation';
import type { Company } from '../../config';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/actor';
import { sendDownload } from '../../lib/stream-download';
import { createInventoryRepository } from './inventory.repository';
import { createInventoryService } from './inventory.service';
import { createMachinesRepository, type MachineSelection } from './machines.repository';
import { createMachinesService } from './machines.service';

/**
 * Streams the inventory list of `customerId` as xlsx or PDF with the given selection (already
 * narrowed to what the actor may see): 404 for a customer that does not exist; the file streams
 * out while the machines are read in batches (lib/stream-download.ts).
 */
export function createInventorySender({ db, company }: { db: Db; company: Company }) {
  const service = createInventoryService({
    inventory: createInventoryRepository(db),
    machines: createMachinesRepository(db),
    company,
  });
  return async (
    req: FastifyRequest,
    reply: FastifyReply,
    customerId: number,
    query: MachineSelection & { format: InventoryFormat },
  ) => sendDownload(req, reply, await service.download(customerId, query), 'inventory export');
}

/** The inventory list of a customer for admins, with the filters of the machines screen. */
export const inventoryExportRoutes: FastifyPluginAsyncZod<{ db: Db; company: Company }> = async (app, opts) => {
  const sendInventory = createInventorySender(opts);
  const machines = createMachinesService({ db: opts.db, repo: createMachinesRepository(opts.db) });
  app.get(
    '/api/customers/:customerId/machines/export',
    {
      config: { access: ACCESS.customers.read },
      schema: { params: z.object({ customerId: idField() }), querystring: InventoryExportQuerySchema },
    },
    (req, reply) => {
      const { format, ...query } = req.query;
      const { customerId, selection } = machines.exportScope(actorOf(req), query, req.params.customerId);
      return sendInventory(req, reply, customerId, { ...selection, format });
    },
  );
};
