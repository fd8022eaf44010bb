import type { NewEntry, OutboxStore } from './store';

/**
 * What the screens do with the outbox's entries: each change is stored, then told (to this
 * tab's listeners and the other tabs, and the sender wakes).
 */
export function outboxWrites<T>(
  store: OutboxStore<T>,
  changedHere: () => Promise<void>,
  drained: (scope?: string) => Promise<void>,
) {
  return {
    /**
     * Queues a change; a waiting one of the same scope and key is replaced (latest value wins).
     * Rejects with OutboxClosedError when the scope's last change (its submit) already waits.
     */
    async put(
      scope: string,
      key: string,
      value: T,
      extra: Omit<NewEntry<T>, 'scope' | 'key' | 'value'> = {},
    ): Promise<number> {
      const [seq] = await store.put([{ scope, key, value, ...extra }]);
      await changedHere();
      return seq!;
    },
    /** Queues several changes at once: all are stored or none (a signature with its submit). */
    async putAll(items: readonly NewEntry<T>[]): Promise<number[]> {
      const seqs = await store.put(items);
      await changedHere();
      return seqs;
    },
    /** Waiting entries, oldest first. */
    list: store.list,
    /** Accepted changes kept as the device's copy, until `forget`. */
    kept: store.kept,
    /** Refused changes with the server's reason. */
    refused: store.refused,
    /** Forgets kept changes a fresh read shows. */
    forget: async (seqs: readonly number[]) => {
      await store.forget(seqs);
    },
    /** Sends a refused change again (false: a newer change of it waits; it was removed). */
    async retry(seq: number) {
      const queued = await store.retry(seq);
      await changedHere();
      return queued;
    },
    /** Throws a refused change away. */
    async discard(seq: number) {
      await store.discard(seq);
      await changedHere();
    },
    /** Sends what is held back (`delay`) at once; resolves when the scope (or all) has been answered. */
    async flush(scope?: string): Promise<void> {
      await store.release(scope);
      await changedHere();
      await drained(scope);
    },
  };
}
