import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { plural } from './presenters';

/**
 * How many rows refer to item `id` through the foreign-key `column` (machines.brand_id,
 * departments.location_id ...): the count an in-use rule (lib/crud.ts `inUse`) answers with.
 * Archived rows count too: they keep their history. Run it inside the delete's transaction.
 */
export const countReferences = (tx: Executor, column: PgColumn, id: number): Promise<number> =>
  tx.$count(column.table, eq(column, id));

/**
 * "Dit merk wordt gebruikt door 2 machines en kan niet worden verwijderd.", or null when `n` is 0.
 * `what` is the item as the sentence names it ("dit merk", "deze vestiging").
 */
export const usedByMachinesText = (what: string, n: number): string | null =>
  n > 0
    ? `${capitalize(what)} wordt gebruikt door ${plural(n, 'machine', 'machines')} en kan niet worden verwijderd.`
    : null;

/**
 * The 409 reason when machines (archived ones too) still refer to item `id` through `column`
 * (a column of machines or machine_questionnaires), else null.
 */
export const machinesUsing = async (tx: Executor, column: PgColumn, id: number, what: string): Promise<string | null> =>
  usedByMachinesText(what, await countReferences(tx, column, id));

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
