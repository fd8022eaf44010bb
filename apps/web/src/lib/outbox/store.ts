import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The outbox's storage on the device (IndexedDB), per user:
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
type Db = IDBPDatabase<OutboxSchema>;

/** A change for a scope whose `last` entry (a submit) already waits. */
export class OutboxClosedError extends Error {
  constructor(readonly scope: string) {
    super(`${scope} is closed: its last change waits to be sent`);
    this.name = 'OutboxClosedError';
  }
}

const dbs = new Map<string, Promise<Db>>();
/** One connection per database name (shared by the outboxes of a tab). */
function database(name: string): Promise<Db> {
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

const STRICT = { durability: 'strict' } as const;
const bySeq = <E extends { seq: number }>(a: E, b: E) => a.seq - b.seq;
const inScope = (scope?: string) => (e: { scope: string }) => scope === undefined || e.scope === scope;
/** An entry's own fields: not taken, no failures counted, nothing held back. */
function plain<T>({ seq, userId, scope, key, value, label, scopeLabel, last }: OutboxEntry<T>): OutboxEntry<T> {
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

/** One user's outbox storage in database `name`. */
export function createOutboxStore<T>(name: string, userId: number) {
  const db = database(name);
  const all = async (store: 'entries' | 'kept' | 'refused', scope?: string) =>
    ((await (await db).getAllFromIndex(store, 'user', userId)) as OutboxEntry<unknown>[])
      .filter(inScope(scope))
      .sort(bySeq);

  return {
    /** Waiting entries, oldest first (of one scope when given). */
    list: (scope?: string) => all('entries', scope) as Promise<OutboxEntry<T>[]>,
    /** Accepted changes kept as the device's copy. */
    kept: (scope?: string) => all('kept', scope) as Promise<KeptEntry<T>[]>,
    /** Refused changes, with the server's reason. */
    refused: (scope?: string) => all('refused', scope) as Promise<RefusedEntry<T>[]>,

    /**
     * Queues changes in one transaction: all of them are stored, or none (a signature and its
     * submit never part). A waiting change of the same scope and key is replaced in its place
     * (never one being sent); a refused one of that key is superseded. Rejects with
     * OutboxClosedError when a scope's `last` change already waits.
     */
    async put(items: readonly NewEntry<T>[]): Promise<number[]> {
      const tx = (await db).transaction(['entries', 'refused'], 'readwrite', STRICT);
      const entries = tx.objectStore('entries');
      const mine = (await entries.index('user').getAll(userId)) as OutboxEntry<T>[];
      const refused = (await tx.objectStore('refused').index('user').getAll(userId)) as RefusedEntry<T>[];
      const closed = items.find((item) => mine.some((e) => e.last && e.scope === item.scope));
      if (closed) {
        tx.abort();
        await tx.done.catch(() => undefined);
        throw new OutboxClosedError(closed.scope);
      }
      const seqs: number[] = [];
      for (const { delay = 0, last = false, ...item } of items) {
        const fields = {
          ...item,
          userId,
          ...(delay > 0 && { notBefore: Date.now() + delay }),
          ...(last && { last }),
        };
        const replaced = mine.find((e) => e.scope === item.scope && e.key === item.key && !e.sending);
        seqs.push(
          replaced
            ? await entries.put({ ...fields, seq: replaced.seq })
            : await entries.add(fields as OutboxEntry<unknown>),
        );
        for (const old of refused.filter((e) => e.scope === item.scope && e.key === item.key)) {
          await tx.objectStore('refused').delete(old.seq);
        }
      }
      await tx.done;
      return seqs;
    },

    /** Sends what is held back (`delay`) at once. */
    async release(scope?: string) {
      const tx = (await db).transaction('entries', 'readwrite');
      for (const entry of await tx.store.index('user').getAll(userId)) {
        if (entry.notBefore && inScope(scope)(entry)) {
          delete entry.notBefore;
          await tx.store.put(entry);
        }
      }
      await tx.done;
    },

    /** The sender takes an entry as stored now (null: it is gone); or gives it back. */
    async take(seq: number, sending: boolean, failed = false): Promise<OutboxEntry<T> | null> {
      const tx = (await db).transaction('entries', 'readwrite');
      const entry = (await tx.store.get(seq)) as OutboxEntry<T> | undefined;
      if (entry) {
        if (sending) entry.sending = true;
        else delete entry.sending;
        if (failed) entry.failures = (entry.failures ?? 0) + 1;
        await tx.store.put(entry);
      }
      await tx.done;
      return entry ?? null;
    },

    /**
     * Accepted: the entry leaves the queue and is kept as the device's copy (replacing an older
     * kept change of the same scope and key), in one transaction.
     */
    async accept(seq: number, result: unknown, acceptedAt: number): Promise<KeptEntry<T> | null> {
      const tx = (await db).transaction(['entries', 'kept'], 'readwrite', STRICT);
      const entry = (await tx.objectStore('entries').get(seq)) as OutboxEntry<T> | undefined;
      if (!entry) {
        await tx.done;
        return null;
      }
      const kept = tx.objectStore('kept');
      for (const old of (await kept.index('user').getAll(userId)) as KeptEntry<T>[]) {
        if (old.scope === entry.scope && old.key === entry.key) await kept.delete(old.seq);
      }
      const keptEntry: KeptEntry<T> = { ...plain(entry), result, acceptedAt };
      await kept.put(keptEntry as KeptEntry<unknown>);
      await tx.objectStore('entries').delete(seq);
      await tx.done;
      return keptEntry;
    },

    /** Refused: the entry leaves the queue for the refused list, in one transaction. */
    async refuse(seq: number, error: StoredError): Promise<RefusedEntry<T> | null> {
      const tx = (await db).transaction(['entries', 'refused'], 'readwrite', STRICT);
      const entry = (await tx.objectStore('entries').get(seq)) as OutboxEntry<T> | undefined;
      if (!entry) {
        await tx.done;
        return null;
      }
      const refused: RefusedEntry<T> = { ...plain(entry), error, refusedAt: Date.now() };
      await tx.objectStore('refused').put(refused as RefusedEntry<unknown>);
      await tx.objectStore('entries').delete(seq);
      await tx.done;
      return refused;
    },

    /**
     * A refused change sent again, at the end of the queue (a waiting submit of its scope still
     * goes after it). When a newer change of its key waits, it is only removed.
     */
    async retry(seq: number): Promise<boolean> {
      const tx = (await db).transaction(['entries', 'refused'], 'readwrite', STRICT);
      const refused = (await tx.objectStore('refused').get(seq)) as RefusedEntry<T> | undefined;
      if (!refused || refused.userId !== userId) {
        await tx.done;
        return false;
      }
      const entries = tx.objectStore('entries');
      const mine = (await entries.index('user').getAll(userId)) as OutboxEntry<T>[];
      // A newer change of its key waits: that one is what the user gave last.
      const superseded = mine.some((e) => e.scope === refused.scope && e.key === refused.key);
      const { seq: _seq, ...fields } = plain(refused);
      if (!superseded) await entries.add(fields as OutboxEntry<unknown>);
      await tx.objectStore('refused').delete(seq);
      await tx.done;
      return !superseded;
    },

    /** Throws a refused change away. */
    async discard(seq: number) {
      const tx = (await db).transaction('refused', 'readwrite', STRICT);
      const refused = await tx.store.get(seq);
      if (refused?.userId === userId) await tx.store.delete(seq);
      await tx.done;
    },

    /** Forgets kept changes that a fresh read of their scope shows (by their numbers). */
    async forget(seqs: readonly number[]) {
      if (seqs.length === 0) return;
      const tx = (await db).transaction('kept', 'readwrite');
      for (const seq of seqs) await tx.store.delete(seq);
      await tx.done;
    },
  };
}

export type OutboxStore<T> = ReturnType<typeof createOutboxStore<T>>;
