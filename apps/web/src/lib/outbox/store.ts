import { bySeq, database, inScope, type KeptEntry, type OutboxEntry, type RefusedEntry } from './store-db';
import { answerMoves } from './store-moves';
import { queueWrites } from './store-queue';

export { OUTBOX_DB, closeOutboxDatabases } from './store-db';
export type { KeptEntry, NewEntry, OutboxEntry, RefusedEntry, StoredError } from './store-db';
export { OutboxClosedError } from './store-queue';

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
    ...queueWrites<T>(db, userId),
    ...answerMoves<T>(db, userId),
  };
}

export type OutboxStore<T> = ReturnType<typeof createOutboxStore<T>>;
