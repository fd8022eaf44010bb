import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerInputSchema, CustomerListQuerySchema, CustomerSchema } from '@keurwijzer/shared/customers';
import { successText } from '@keurwijzer/shared/texts';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/actor';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { IdParamsSchema, changedOf } from '../../lib/responses';
import { createCustomersRepository } from './customers.repository';
import { createCustomersService } from './customers.service';

/**
 * /api/customers: list (search on name, number and city; archived toggle), CRUD, archive and
 * restore. Deleting is only for a customer without locations or users (409 otherwise).
 */
export const customersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const repo = createCustomersRepository(db);
  const service = createCustomersService(repo);

  registerCrudRoutes(app, {
    path: '/api/customers',
    label: 'Klant',
    // Reading is also what the customer-user form needs; changing is customers.manage.
    access: ACCESS.customers,
    output: CustomerSchema,
    input: CustomerInputSchema,
    listQuery: CustomerListQuerySchema,
    repo: repo.crud,
  });

  const config = { access: ACCESS.customers.write };
  app.post(
    '/api/customers/:id/archive',
    { config, schema: { params: IdParamsSchema, response: { 200: changedOf(CustomerSchema) } } },
    async (req) => ({
      data: await service.archive(actorOf(req), req.params.id),
      message: successText('Klant', 'gearchiveerd'),
    }),
  );
  app.post(
    '/api/customers/:id/restore',
    { config, schema: { params: IdParamsSchema, response: { 200: changedOf(CustomerSchema) } } },
    async (req) => ({
      data: await service.restore(actorOf(req), req.params.id),
      message: successText('Klant', 'hersteld'),
    }),
  );
};
