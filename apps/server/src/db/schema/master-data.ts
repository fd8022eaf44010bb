import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const brands = pgTable(
  'brands',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 255 }).notNull(), ...timestamps },
  (t) => [uniqueIndex('brands_name_unique').on(sql`lower(${t.name})`)],
);

export const brandTypes = pgTable(
  'brand_types',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('brand_types_name_unique').on(t.brandId, sql`lower(${t.name})`)],
);

export const machineTypes = pgTable(
  'machine_types',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 255 }).notNull(), ...timestamps },
  (t) => [uniqueIndex('machine_types_name_unique').on(sql`lower(${t.name})`)],
);

export const categories = pgTable(
  'categories',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 255 }).notNull(), ...timestamps },
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

/** The question bank. Reports copy a question's text and options when filled in (history). */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    /** 1 to 4 answer labels, e.g. Goed / Matig / Slecht / n.v.t. */
    answerOptions: text('answer_options').array().notNull(),
    memoTitle: varchar('memo_title', { length: 255 }),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('questions_name_unique').on(sql`lower(${t.name})`),
    index('questions_order_idx').on(t.order, t.id),
  ],
);
