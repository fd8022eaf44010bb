import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The outbox's storage on the device (IndexedDB), per user (its reads, queue and moves are in
 * store.ts, store-queue.ts and store-moves.ts):
 *
 * - `entries`: changes waiting for the server, oldest first;
 * - `kept`: changes the server accepted, kept as the device's copy until a fresh read of what
 *   they changed replaces them (a reload without a connection shows them, though the copy of
 *   the report kept when the list was opened is older);
 * - `refused`: changes the server refused, with its reason, until the user sends them again or
 *   throws them away (never dropped without a word).
 *
 * A change moves from one store to the next in one transaction, so a reload or a closed app
 * never loses it nor keeps it twice. Writes are `strict`: committed means on disk.
 */

/** The database; an outbox of an older version is upgraded, not dropped. */
export const OUTBOX_DB = 'keurwijzer-outbox';

export type OutboxEntry<T> = {
  seq: number;
  userId: number;
  /** What the change belongs to ("report:5"): ordering and the `last` rule are per scope. */
  scope: string;
  key: string;
  value: T;
  /** What the user reads for it ("Vraag 3: Noodstop"), and for its scope ("Rapport Kolomboor"). */
  label?: string;
  scopeLabel?: string;
  /** Not sent before this time (ms since epoch): typing waits for a pause, yet is kept at once. */
  notBefore?: number;
  /** Sent after every other entry of the scope; closes the scope for new changes. */
  last?: boolean;
  /** The sender has taken it (it is not replaced any more). */
  sending?: boolean;
  /** Answers of a failing server (5xx) so far: after a few it counts as refused. */
  failures?: number;
};

/** A change the server accepted, with its answer; `acceptedAt` is the server's time (ms). */
export type KeptEntry<T> = OutboxEntry<T> & { result: unknown; acceptedAt: number };

/** The server's refusal as kept (an ApiError's fields). */
export type StoredError = { message: string; errors: Record<string, string[]>; status: number };
export type RefusedEntry<T> = OutboxEntry<T> & { error: StoredError; refusedAt: number };

/** A change to queue: `delay` holds it back (ms), `last` sends it after the rest of its scope. */
export type NewEntry<T> = {
  scope: string;
  key: string;
  value: T;
  label?: string;
  scopeLabel?: string;
  delay?: number;
  last?: boolean;
};

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: OutboxEntry<unknown>; indexes: { user: number } };
  kept: { key: number; value: KeptEntry<unknown>; indexes: { user: number } };
  refused: { key: number; value: RefusedEntry<unknown>; indexes: { user: number } };
}
export type Db = IDBPDatabase<OutboxSchema>;

const dbs = new Map<string, Promise<Db>>();
/** One connection per database name (shared by the outboxes of a tab). */
export function database(name: string): Promise<Db> {
  let db = dbs.get(name);
  if (!db) {
    db = openDB<OutboxSchema>(name, 2, {
      upgrade(d, oldVersion) {
        if (oldVersion < 1)
          d.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true }).createIndex('user', 'userId');
        if (oldVersion < 2) {
          d.createObjectStore('kept', { keyPath: 'seq' }).createIndex('user', 'userId');
          d.createObjectStore('refused', { keyPath: 'seq' }).createIndex('user', 'userId');
        }
      },
    });
    dbs.set(name, db);
  }
  return db;
}

/** For tests: forgets the open connections (after deleting a database). */
export async function closeOutboxDatabases() {
  for (const db of dbs.values()) (await db.catch(() => null))?.close();
  dbs.clear();
}

export const STRICT = { durability: 'strict' } as const;
export const bySeq = <E extends { seq: number }>(a: E, b: E) => a.seq - b.seq;
export const inScope = (scope?: string) => (e: { scope: string }) => scope === undefined || e.scope === scope;
/** An entry's own fields: not taken, no failures counted, nothing held back. */
export function plain<T>({ seq, userId, scope, key, value, label, scopeLabel, last }: OutboxEntry<T>): OutboxEntry<T> {
  return {
    seq,
    userId,
    scope,
    key,
    value,
    ...(label !== undefined && { label }),
    ...(scopeLabel !== undefined && { scopeLabel }),
    ...(last && { last }),
  };
}
