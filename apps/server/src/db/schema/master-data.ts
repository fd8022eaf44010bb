import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { questionKindColumns, serialId, timestamps, usedRef } from './columns';

export const brands = pgTable(
  'brands',
  { id: serialId(), name: varchar('name', { length: 255 }).notNull(), ...timestamps() },
  (t) => [uniqueIndex('brands_name_unique').on(sql`lower(${t.name})`)],
);

export const brandTypes = pgTable(
  'brand_types',
  {
    id: serialId(),
    brandId: usedRef('brand_id', () => brands.id),
    name: varchar('name', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('brand_types_name_unique').on(t.brandId, sql`lower(${t.name})`)],
);

export const machineTypes = pgTable(
  'machine_types',
  { id: serialId(), name: varchar('name', { length: 255 }).notNull(), ...timestamps() },
  (t) => [uniqueIndex('machine_types_name_unique').on(sql`lower(${t.name})`)],
);

export const categories = pgTable(
  'categories',
  { id: serialId(), name: varchar('name', { length: 255 }).notNull(), ...timestamps() },
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

/** The question bank. Reports copy a question's text and options when filled in (history). */
export const questions = pgTable(
  'questions',
  {
    id: serialId(),
    name: varchar('name', { length: 255 }).notNull(),
    /** 1 to 4 answer labels, e.g. Goed / Matig / Slecht / n.v.t. */
    answerOptions: text('answer_options').array().notNull(),
    memoTitle: varchar('memo_title', { length: 255 }),
    order: integer('order').notNull().default(0),
    /** Answer options (choice) or a measured value with a unit and limits (measurement). */
    ...questionKindColumns(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('questions_name_unique').on(sql`lower(${t.name})`),
    index('questions_order_idx').on(t.order, t.id),
    check('questions_kind_check', sql`${t.kind} in ('choice', 'measurement')`),
    check(
      'questions_judgements_check',
      sql`${t.answerJudgements} <@ ARRAY['good', 'remark', 'reject', 'na']::text[] and (${t.kind} = 'measurement' or cardinality(${t.answerJudgements}) = cardinality(${t.answerOptions}))`,
    ),
    check(
      'questions_measurement_check',
      sql`${t.kind} = 'choice' or ((${t.minValue} is not null or ${t.maxValue} is not null) and (${t.minValue} is null or ${t.maxValue} is null or ${t.minValue} <= ${t.maxValue}))`,
    ),
  ],
);
