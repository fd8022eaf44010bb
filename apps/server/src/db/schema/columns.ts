import { sql } from 'drizzle-orm';
import { integer, numeric, serial, text, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Judgement, QuestionKind } from '@keurwijzer/shared/compliance';

/*
 * The columns many tables share, spelled once: each call builds a new column. They stand in a
 * table where the columns stood by hand (their order is the tables' column order); what they
 * make is what the migrations create (timestamptz, not null, default now()).
 */

const tz = { withTimezone: true } as const;

/** The table's own id: serial primary key. */
export const serialId = () => serial('id').primaryKey();

export const createdAt = () => timestamp('created_at', tz).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', tz).notNull().defaultNow();

/** created_at and updated_at, both set at the insert (a write sets updated_at itself). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Set when the row is archived; null while it is in use. */
export const archivedAt = () => timestamp('archived_at', tz);

/** A not-null reference to the row this one belongs to, deleted with it (on delete cascade). */
export const ownerRef = (name: string, column: () => AnyPgColumn) =>
  integer(name).notNull().references(column, { onDelete: 'cascade' });

/**
 * A stored image (machine images, malfunction and report photos): storage keys chosen by the
 * server, never the uploaded name, of the re-encoded file and its thumbnail, with what the image
 * intake measured.
 */
export const storedImage = () => ({
  fileKey: text('file_key').notNull(),
  thumbKey: text('thumb_key').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
});

/** A not-null reference to master data or a customer's place, which cannot be deleted while used. */
export const usedRef = (name: string, column: () => AnyPgColumn) =>
  integer(name).notNull().references(column, { onDelete: 'restrict' });

/**
 * What a question asks (the bank's question, and its copy in a report): answer options (choice) or
 * a measured value with a unit and limits (measurement); the judgement of each answer option in
 * the options' order (a measurement has none); the limits both inclusive, at least one, as
 * decimal strings ("0.30").
 */
export const questionKindColumns = () => ({
  kind: text('kind').$type<QuestionKind>().notNull().default('choice'),
  answerJudgements: text('answer_judgements')
    .array()
    .$type<Judgement[]>()
    .notNull()
    .default(sql`'{}'`),
  unit: varchar('unit', { length: 20 }),
  minValue: numeric('min_value'),
  maxValue: numeric('max_value'),
});
