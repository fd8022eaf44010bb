import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { machines } from './machines';
import { userRef } from './users';
import { createdAt } from './columns';

/**
 * The label code of a machine (migration 0034): made when its label is first printed,
 * kept for every reprint, replaced by "Nieuwe code". `token_hash` is the code's SHA-256 (hex), the
 * lookup of a scanned code; `token_sealed` the code encrypted with the secret box (context
 * `label:machine:<id>`), read only to print the label again.
 */
export const machineLabels = pgTable(
  'machine_labels',
  {
    machineId: integer('machine_id')
      .primaryKey()
      .references(() => machines.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('machine_labels_token_hash_unique').on(t.tokenHash),
    index('machine_labels_created_by_idx').on(t.createdBy),
  ],
);
