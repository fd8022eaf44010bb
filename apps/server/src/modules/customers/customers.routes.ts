import { type z } from 'zod';
import { and, count, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerInputSchema,
  CustomerListQuerySchema,
  CustomerSchema,
  type CustomerInput,
} from '@keurwijzer/shared/customers';
import { successText } from '@keurwijzer/shared/texts';
import type { Db } from '../../db/client';
import { customers, locations } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { createCrudRepository } from '../../lib/crud';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { conflict, notFound } from '../../lib/errors';
import { qualified } from '../../lib/list-query';
import { iso, plural } from '../../lib/presenters';
import { IdParamsSchema, changedOf } from '../../lib/responses';

const locationsCount = sql<number>`(select count(*)::int from ${locations} where ${qualified(locations.customerId)} = ${qualified(customers.id)})`;
const usersCount = sql<number>`(select count(*)::int from ${users} where ${qualified(users.customerId)} = ${qualified(customers.id)})`;

type CustomerRow = typeof customers.$inferSelect & { locationsCount: number; usersCount: number };

const present = (r: CustomerRow) => ({
  id: r.id,
  name: r.name,
  customer_number: r.customerNumber,
  email: r.email,
  phone: r.phone,
  contact_person: r.contactPerson,
  street: r.street,
  house_number: r.houseNumber,
  addition: r.addition,
  postcode: r.postcode,
  city: r.city,
  archived_at: r.archivedAt ? iso(r.archivedAt) : null,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
  locations_count: r.locationsCount,
  users_count: r.usersCount,
});

/**
 * /api/customers: list (search on name, number and city; archived toggle), CRUD, archive and
 * restore. Deleting is only for a customer without locations or users (409 otherwise).
 */
export const customersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const repo = createCrudRepository({
    db,
    table: customers,
    select: {
      ...getTableColumns(customers),
      locationsCount: locationsCount.as('locations_count'),
      usersCount: usersCount.as('users_count'),
    },
    present,
    values: (input: CustomerInput) => ({
      name: input.name,
      customerNumber: input.customer_number,
      email: input.email,
      phone: input.phone,
      contactPerson: input.contact_person,
      street: input.street,
      houseNumber: input.house_number,
      addition: input.addition,
      postcode: input.postcode,
      city: input.city,
    }),
    sortColumns: {
      name: customers.name,
      customer_number: customers.customerNumber,
      city: customers.city,
      created_at: customers.createdAt,
    },
    searchColumns: [customers.name, customers.customerNumber, customers.city],
    filters: (q: z.output<typeof CustomerListQuerySchema>) =>
      q.archived ? isNotNull(customers.archivedAt) : isNull(customers.archivedAt),
    unique: {
      column: customers.customerNumber,
      field: 'customer_number',
      message: 'Dit klantnummer is al in gebruik',
      constraint: 'customers_customer_number_unique',
    },
    inUse: async (id, tx) => {
      const [row] = await tx
        .select({ locations: count(locations.id) })
        .from(locations)
        .where(eq(locations.customerId, id));
      const n = row?.locations ?? 0;
      if (n > 0)
        return `Deze klant heeft ${plural(n, 'vestiging', 'vestigingen')} en kan niet worden verwijderd. Archiveer de klant.`;
      const u = await tx.$count(users, eq(users.customerId, id));
      return u > 0
        ? `Deze klant heeft ${plural(u, 'gebruiker', 'gebruikers')} en kan niet worden verwijderd. Archiveer de klant.`
        : null;
    },
  });

  registerCrudRoutes(app, {
    path: '/api/customers',
    label: 'Klant',
    // Reading is also what the customer-user form needs; changing is customers.manage.
    access: ACCESS.customers,
    output: CustomerSchema,
    input: CustomerInputSchema,
    listQuery: CustomerListQuerySchema,
    repo,
  });

  /**
   * One conditional UPDATE, so two clicks at once archive (or restore) once: the second finds
   * nothing to change and answers 409 instead of a second "gearchiveerd" with a new date.
   */
  const setArchived = async (id: number, archived: boolean) => {
    const changed = await db
      .update(customers)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(and(eq(customers.id, id), archived ? isNull(customers.archivedAt) : isNotNull(customers.archivedAt)))
      .returning({ id: customers.id });
    if (changed.length === 0) {
      if ((await db.$count(customers, eq(customers.id, id))) === 0) throw notFound();
      throw conflict(archived ? 'Deze klant is al gearchiveerd.' : 'Deze klant is niet gearchiveerd.');
    }
    return repo.get(id);
  };

  const config = { access: 'customers.manage' } as const;
  app.post(
    '/api/customers/:id/archive',
    { config, schema: { params: IdParamsSchema, response: { 200: changedOf(CustomerSchema) } } },
    async (req) => ({
      data: await setArchived(req.params.id, true),
      message: successText('Klant', 'gearchiveerd'),
    }),
  );
  app.post(
    '/api/customers/:id/restore',
    { config, schema: { params: IdParamsSchema, response: { 200: changedOf(CustomerSchema) } } },
    async (req) => ({
      data: await setArchived(req.params.id, false),
      message: successText('Klant', 'hersteld'),
    }),
  );
};
