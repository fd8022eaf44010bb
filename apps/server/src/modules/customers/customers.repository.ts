import { type z } from 'zod';
import { and, eq, getTableColumns, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CustomerInput, CustomerListQuerySchema } from '@keurwijzer/shared/customers';
import type { Db, Executor } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';
import { customers, locations } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { createCrudRepository } from '../../lib/crud';
import { countReferences } from '../../lib/in-use';
import { qualified } from '../../lib/list-query';
import { plural } from '../../lib/presenters';
import { toCustomer } from './customers.presenter';

const locationsCount = sql<number>`(select count(*)::int from ${locations} where ${qualified(locations.customerId)} = ${qualified(customers.id)})`;
const usersCount = sql<number>`(select count(*)::int from ${users} where ${qualified(users.customerId)} = ${qualified(customers.id)})`;

/**
 * Customer queries: the generic CRUD (list with search on name, number and city and the
 * archived toggle, read, create, update, delete) plus archive and restore.
 */
export function createCustomersRepository(db: Db) {
  const crud = createCrudRepository({
    db,
    table: customers,
    select: {
      ...getTableColumns(customers),
      locationsCount: locationsCount.as('locations_count'),
      usersCount: usersCount.as('users_count'),
    },
    present: toCustomer,
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
    // Deleting is only for a customer without locations or users; otherwise it is archived.
    inUse: async (id, tx) => {
      const n = await countReferences(tx, locations.customerId, id);
      if (n > 0)
        return `Deze klant heeft ${plural(n, 'vestiging', 'vestigingen')} en kan niet worden verwijderd. Archiveer de klant.`;
      const u = await countReferences(tx, users.customerId, id);
      return u > 0
        ? `Deze klant heeft ${plural(u, 'gebruiker', 'gebruikers')} en kan niet worden verwijderd. Archiveer de klant.`
        : null;
    },
  });

  return {
    crud,

    /**
     * Archives (or restores) the customer in one conditional UPDATE: true when it changed, false
     * when it does not exist or already was archived (restored). Archiving revokes its users'
     * live API tokens in the same transaction.
     */
    async setArchived(id: number, archived: boolean): Promise<boolean> {
      const now = new Date();
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(customers)
          .set({ archivedAt: archived ? now : null, updatedAt: now })
          .where(and(eq(customers.id, id), archived ? isNull(customers.archivedAt) : isNotNull(customers.archivedAt)))
          .returning({ id: customers.id });
        if (changed.length === 0) return false;
        // Archiving revokes the live API tokens of its users with it: restoring the customer lets
        // them log in again, but never brings back a token (as for an archived user).
        if (archived) {
          await tx
            .update(apiTokens)
            .set({ revokedAt: now, revokedReason: 'archived' })
            .where(
              and(
                inArray(apiTokens.userId, tx.select({ id: users.id }).from(users).where(eq(users.customerId, id))),
                isNull(apiTokens.revokedAt),
                gt(apiTokens.expiresAt, now),
              ),
            );
        }
        return true;
      });
    },

    /** Whether the customer exists (archived or not). */
    exists: async (id: number, tx: Executor = db): Promise<boolean> =>
      (await tx.$count(customers, eq(customers.id, id))) > 0,
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
