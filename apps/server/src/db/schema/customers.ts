import { index, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Minimal customers table; the customers work extends it with contact and address fields. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    customerNumber: varchar('customer_number', { length: 255 }).notNull().unique(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_name_idx').on(t.name)],
);
