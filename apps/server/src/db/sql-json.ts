import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from './client';

/*
 * The read side's SQL kit: the pieces with which PostgreSQL builds the API's JSON (the task
 * lists, reports, completed reports, malfunctions, machines and users leave the database as the
 * JSON they are sent as). One copy here; the presenters and repositories of the modules use it.
 */

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A timestamp as `Date.toISOString()` writes it (UTC, milliseconds); null stays null. */
export const isoOf = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** "Voornaam tussenvoegsel Achternaam" of the users row `alias` (null when all are empty). */
export const fullName = (alias: string) =>
  sql.raw(`nullif(concat_ws(' ', ${alias}.first_name, ${alias}.preposition, ${alias}.last_name), '')`);

/**
 * `json_build_object('key', value, ...)` of a field map (PostgreSQL takes at most 50 fields).
 * The keys are the contract's field names (code, never input): they are written as literals.
 */
export const jsonObject = <T = unknown>(fields: Record<string, SQL>) =>
  sql<T>`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
