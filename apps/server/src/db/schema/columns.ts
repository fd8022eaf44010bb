import { serial, timestamp } from 'drizzle-orm/pg-core';

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
