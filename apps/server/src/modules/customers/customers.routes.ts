import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema } from '@keurwijzer/shared/api';
import { CustomerOptionSchema } from '@keurwijzer/shared/customers';
import { isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { allOf, orderBy, paginate, searchCondition } from '../../lib/list-query';
import { pageOf } from '../../lib/responses';

const CustomerListQuerySchema = listQuerySchema(['name', 'customer_number'], 'name');

/**
 * GET /api/customers: the minimal list the customer-user form picks from. The customers work
 * replaces this with the full customer module.
 */
export const customersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/customers',
    {
      config: { access: 'customers.view' },
      schema: { querystring: CustomerListQuerySchema, response: { 200: pageOf(CustomerOptionSchema) } },
    },
    async (req) => {
      const q = req.query;
      const where = allOf(
        q.archived ? isNotNull(customers.archivedAt) : isNull(customers.archivedAt),
        searchCondition(q.search, [customers.name, customers.customerNumber]),
      );
      return paginate(
        q,
        () => db.$count(customers, where),
        (limit, offset) =>
          db
            .select({ id: customers.id, name: customers.name, customer_number: customers.customerNumber })
            .from(customers)
            .where(where)
            .orderBy(
              ...orderBy(
                q.sortKey,
                q.sortOrder,
                { name: customers.name, customer_number: customers.customerNumber },
                customers.id,
              ),
            )
            .limit(limit)
            .offset(offset),
      );
    },
  );
};
