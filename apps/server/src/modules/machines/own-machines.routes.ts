import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OwnInventoryExportQuerySchema, OwnMachineListQuerySchema, MachineSchema } from '@keurwijzer/shared/machines';
import type { Company } from '../../config';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { pageOf, sendJsonPage } from '../../lib/responses';
import { createInventorySender } from './inventory-export.routes';
import { createMachinesRepository } from './machines.repository';

const config = { access: 'own-machines.view' } as const;

/**
 * A customer user's own machines: the machines of the customer in the session, never another's
 * (the customer comes from the session, not from the request). Archived and concept machines are
 * left out. The same inventory list as the admins', for its own machines.
 */
export const ownMachinesRoutes: FastifyPluginAsyncZod<{ db: Db; company: Company }> = async (app, opts) => {
  const repo = createMachinesRepository(opts.db);
  const sendInventory = createInventorySender(opts);
  const customerOf = (user: { customerId: number | null } | null) => {
    if (!user?.customerId) throw forbidden();
    return user.customerId;
  };

  app.get(
    '/api/machines',
    { config, schema: { querystring: OwnMachineListQuerySchema, response: { 200: pageOf(MachineSchema) } } },
    async (req, reply) =>
      sendJsonPage(reply, await repo.list({ ...req.query, archived: false, hideConcept: true }, customerOf(req.user))),
  );
  app.get('/api/machines/export', { config, schema: { querystring: OwnInventoryExportQuerySchema } }, (req, reply) =>
    sendInventory(req, reply, customerOf(req.user), { ...req.query, archived: false, hideConcept: true }),
  );
};
