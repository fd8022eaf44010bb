import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { archivedAt, serialId, timestamps, usedRef } from './columns';

/** A customer (product-decisions "Customer"); the invoice address is optional. */
export const customers = pgTable(
  'customers',
  {
    id: serialId(),
    name: varchar('name', { length: 255 }).notNull(),
    customerNumber: varchar('customer_number', { length: 255 }).notNull().unique(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 50 }),
    contactPerson: varchar('contact_person', { length: 255 }),
    street: varchar('street', { length: 255 }),
    houseNumber: varchar('house_number', { length: 20 }),
    addition: varchar('addition', { length: 20 }),
    postcode: varchar('postcode', { length: 7 }),
    city: varchar('city', { length: 255 }),
    archivedAt: archivedAt(),
    ...timestamps(),
  },
  (t) => [
    index('customers_name_idx').on(t.name),
    index('customers_city_idx').on(t.city),
    // A waiting account's customer suggested by name similarity (pg_trgm, migration 0035).
    index('customers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** A location (vestiging) of a customer. */
export const locations = pgTable(
  'locations',
  {
    id: serialId(),
    customerId: usedRef('customer_id', () => customers.id),
    name: varchar('name', { length: 255 }).notNull(),
    street: varchar('street', { length: 255 }).notNull(),
    houseNumber: varchar('house_number', { length: 20 }).notNull(),
    addition: varchar('addition', { length: 20 }),
    postcode: varchar('postcode', { length: 7 }).notNull(),
    city: varchar('city', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('locations_name_unique').on(t.customerId, sql`lower(${t.name})`)],
);

/** A department (afdeling) of a location. */
export const departments = pgTable(
  'departments',
  {
    id: serialId(),
    locationId: usedRef('location_id', () => locations.id),
    name: varchar('name', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('departments_name_unique').on(t.locationId, sql`lower(${t.name})`)],
);

/** A room (ruimte) of a department. */
export const rooms = pgTable(
  'rooms',
  {
    id: serialId(),
    departmentId: usedRef('department_id', () => departments.id),
    name: varchar('name', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('rooms_name_unique').on(t.departmentId, sql`lower(${t.name})`)],
);
