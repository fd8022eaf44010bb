import { type Db, inScope, STRICT, type NewEntry, type OutboxEntry, type RefusedEntry } from './store-db';

/** A change for a scope whose `last` entry (a submit) already waits. */
export class OutboxClosedError extends Error {
  constructor(readonly scope: string) {
    super(`${scope} is closed: its last change waits to be sent`);
    this.name = 'OutboxClosedError';
  }
}

/** The queue of one user's outbox: changes stored, released, taken by the sender or given back. */
export function queueWrites<T>(db: Promise<Db>, userId: number) {
  return {
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
  };
}
