import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerInputSchema, CustomerListQuerySchema, CustomerSchema } from '@keurwijzer/shared/customers';
import { successText } from '@keurwijzer/shared/texts';
import { actorOf } from '../../lib/actor';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { IdParamsSchema, changedOf } from '../../lib/responses';
import type { CustomersService } from './customers.service';

/**
 * /api/customers: list (search on name, number and city; archived toggle), CRUD, archive and
 * restore. Deleting is only for a customer without locations or users (409 otherwise).
 */
export const customersRoutes: FastifyPluginAsyncZod<{ service: CustomersService }> = async (app, { service }) => {
  registerCrudRoutes(app, {
    path: '/api/customers',
    label: 'Klant',
    // Reading is also what the customer-user form needs; changing is customers.manage.
    access: ACCESS.customers,
    output: CustomerSchema,
    input: CustomerInputSchema,
    listQuery: CustomerListQuerySchema,
    service: service.crud,
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
