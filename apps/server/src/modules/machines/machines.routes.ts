import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MachineInputSchema,
  MachineListQuerySchema,
  MachineMoveSchema,
  MachineSchema,
  MoveInputSchema,
} from '@keurwijzer/shared/machines';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { successText } from '@keurwijzer/shared/texts';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf, dataOf, pageOf, sendJsonPage } from '../../lib/responses';
import type { MachinesService } from './machines.service';

const C = '/api/customers/:customerId/machines';
const CustomerParams = z.object({ customerId: idField() });
const MachineParams = CustomerParams.extend({ id: idField() });
const read = { access: ACCESS.customers.read };
const config = { access: ACCESS.customers.write };

/**
 * Machines of a customer (every call checks that the machine belongs to the customer in the
 * path), the move history, archive/restore and the concept machines to approve.
 */
export const machinesRoutes: FastifyPluginAsyncZod<{ service: MachinesService }> = async (app, { service }) => {
  app.get(
    C,
    {
      config: read,
      schema: { params: CustomerParams, querystring: MachineListQuerySchema, response: { 200: pageOf(MachineSchema) } },
    },
    async (req, reply) => sendJsonPage(reply, await service.list(actorOf(req), req.query, req.params.customerId)),
  );
  app.post(
    C,
    {
      config,
      schema: { params: CustomerParams, body: MachineInputSchema, response: { 201: changedOf(MachineSchema) } },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await service.create(actorOf(req), req.params.customerId, req.body),
        message: successText('Machine', 'aangemaakt'),
      }),
  );
  app.get(
    `${C}/:id`,
    { config: read, schema: { params: MachineParams, response: { 200: dataOf(MachineSchema) } } },
    async (req) => ({
      data: await service.get(actorOf(req), req.params.customerId, req.params.id),
    }),
  );
  app.put(
    `${C}/:id`,
    {
      config,
      schema: { params: MachineParams, body: MachineInputSchema, response: { 200: changedOf(MachineSchema) } },
    },
    async (req) => ({
      data: await service.update(actorOf(req), req.params.customerId, req.params.id, req.body),
      message: successText('Machine', 'gewijzigd'),
    }),
  );
  app.post(
    `${C}/:id/archive`,
    { config, schema: { params: MachineParams, response: { 200: changedOf(MachineSchema) } } },
    async (req) => ({
      data: await service.setArchived(actorOf(req), req.params.customerId, req.params.id, true),
      message: successText('Machine', 'gearchiveerd'),
    }),
  );
  app.post(
    `${C}/:id/restore`,
    { config, schema: { params: MachineParams, response: { 200: changedOf(MachineSchema) } } },
    async (req) => ({
      data: await service.setArchived(actorOf(req), req.params.customerId, req.params.id, false),
      message: successText('Machine', 'hersteld'),
    }),
  );
  app.post(
    `${C}/:id/move`,
    { config, schema: { params: MachineParams, body: MoveInputSchema, response: { 200: changedOf(MachineSchema) } } },
    async (req) => ({
      data: await service.move(actorOf(req), req.params.customerId, req.params.id, req.body),
      message: successText('Machine', 'verplaatst'),
    }),
  );
  app.get(
    `${C}/:id/moves`,
    { config: read, schema: { params: MachineParams, response: { 200: dataOf(z.array(MachineMoveSchema)) } } },
    async (req) => ({
      data: await service.moves(actorOf(req), req.params.customerId, req.params.id),
    }),
  );
  // Concept machines of every customer, added by mechanics in the field.
  app.get(
    '/api/machine-concept',
    { config: read, schema: { querystring: MachineListQuerySchema, response: { 200: pageOf(MachineSchema) } } },
    async (req, reply) => sendJsonPage(reply, await service.list(actorOf(req), { ...req.query, status: 'concept' })),
  );
  app.post(
    '/api/machine-concept/:id/approve',
    { config, schema: { params: IdParamsSchema, response: { 200: changedOf(MachineSchema) } } },
    async (req) => ({
      data: await service.approve(actorOf(req), req.params.id),
      message: 'Machine is goedgekeurd',
    }),
  );
};
