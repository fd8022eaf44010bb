import {
  type Db,
  plain,
  STRICT,
  type KeptEntry,
  type OutboxEntry,
  type RefusedEntry,
  type StoredError,
} from './store-db';

/**
 * The moves of one user's changes between the stores, each in one transaction: accepted to
 * `kept`, refused to `refused`, a refused one back to the queue or thrown away, kept ones forgotten.
 */
export function answerMoves<T>(db: Promise<Db>, userId: number) {
  return {
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
