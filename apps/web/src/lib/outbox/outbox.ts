import { sendChange, type ApiResult } from '../api-client';
import { createTabChannel } from './channel';
import { defaultLock, type SenderLock } from './lock';
import { createOutboxEvents } from './outbox-events';
import { tabListener } from './outbox-tabs';
import { outboxWrites } from './outbox-writes';
import { createSender, type SenderOptions } from './sender';
import { createOutboxStore, OUTBOX_DB } from './store';
import type { WireChange } from './wire';

export { OUTBOX_DB, OutboxClosedError, closeOutboxDatabases } from './store';
export type { KeptEntry, OutboxEntry, RefusedEntry } from './store';
export { nextEntry, type OutboxStatus, type SenderOptions } from './sender';
export type { OutboxResult, OutboxState } from './outbox-events';

/**
 * The outbox: every change made while working (a report's answers, photos, signatures, its
 * submit) waits in IndexedDB on this device until the server answered it, so nothing is lost on
 * a reload, a closed app, a lost connection or an expired session. One outbox per user on the
 * device. Its parts:
 *
 * - store.ts: the waiting, kept (accepted) and refused changes (store-db.ts the database and
 *   its entries, store-queue.ts the queue, store-moves.ts the moves between the stores);
 * - sender.ts: the one sender of the device (a lock), in order, a `last` entry (a submit) after
 *   the rest of its scope, retried while there is no good answer, stopped by a 401 (send-entry.ts
 *   one entry's send and what its answer means);
 * - channel.ts: the tabs tell each other about changes, the sender's status and each answer
 *   (outbox-tabs.ts what this outbox does with them);
 * - outbox-events.ts: the state and the listeners of the screens; outbox-writes.ts their changes.
 *
 * Workbox's Background Sync replays failed requests from the service worker, but only as
 * requests: the screen could not show what waits, a submit could not wait for its answers, a
 * value could not be replaced while it waits, and an expired session would replay into 401s.
 */

const LOCK_NAME = 'keurwijzer-outbox-sender';
const CHANNEL_NAME = 'keurwijzer-outbox';

type Options = {
  userId: number;
  dbName?: string;
  retryDelays?: number[];
  lock?: SenderLock;
  /** BroadcastChannel's name (null: no other tabs). */
  channel?: string | null;
  /** Send through this instead of the API client (tests). */
  send?: (change: WireChange) => Promise<ApiResult<unknown>>;
};

export function createOutbox<T>({
  userId,
  dbName = OUTBOX_DB,
  retryDelays = [1_000, 2_000, 5_000, 10_000, 30_000],
  lock = defaultLock(),
  channel: channelName = CHANNEL_NAME,
  send = ({ path, body, method }) => sendChange(path, body, method),
}: Options) {
  const store = createOutboxStore<T>(dbName, userId);
  const events = createOutboxEvents<T>();
  const { publish, dispatch } = events;
  const drainWaiters = new Set<() => void>();
  let disposed = false;

  // Counts read one after the other may finish out of order: only the latest read is published.
  let reads = 0;
  /** The entries changed (here or in another tab): count again, tell the listeners, wake the sender. */
  async function changed() {
    if (disposed) return;
    const read = ++reads;
    const [pending, refused] = await Promise.all([store.list(), store.refused()]);
    if (disposed || read !== reads) return;
    publish({ pending: pending.length, refused: refused.length });
    events.changed();
    for (const listener of [...drainWaiters]) listener();
    sender.wake();
  }
  const changedHere = async () => {
    channel.post({ type: 'changed', userId });
    await changed();
  };

  const sender = createSender<T>({
    userId,
    store,
    lock,
    lockName: LOCK_NAME,
    retryDelays,
    send,
    status(status) {
      if (events.state.status === status) return;
      publish({ status });
      if (events.state.sender) channel.post({ type: 'status', userId, status });
    },
    holding: (holds) => publish({ sender: holds }),
    accepted(entry, result) {
      dispatch({ entry, ok: true, result });
      channel.post({ type: 'accepted', userId, entry, result });
    },
    refused(entry, error) {
      dispatch({ entry, ok: false, error });
      channel.post({ type: 'refused', userId, entry });
    },
    changed: changedHere,
  });

  const channel = createTabChannel<T>(
    channelName,
    tabListener({ userId, sender, events, changed, disposed: () => disposed }),
  );

  const ready = changed();
  channel.post({ type: 'user', userId });

  const onOnline = () => sender.wake();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  /** Resolves once nothing of `scope` (or nothing at all) waits any more. */
  const drained = (scope?: string) =>
    new Promise<void>((resolve) => {
      const check = () =>
        void store.list(scope).then((left) => {
          if (left.length > 0 && !disposed) return;
          drainWaiters.delete(check);
          resolve();
        });
      drainWaiters.add(check);
      check();
    });

  return {
    userId,
    /** Resolves once the entries stored earlier have been counted. */
    ready,
    ...outboxWrites(store, changedHere, drained),
    /** Sends from this tab when it gets the lock (one sender on the device). */
    startSending: (options: SenderOptions<T>) => sender.start(options),
    get state() {
      return events.state;
    },
    subscribe: events.subscribe,
    /** Called when the entries changed (in this tab or another): read them again. */
    onChange: events.onChange,
    /** Called with each answer of the server (from whichever tab sent it). */
    onResult: events.onResult,
    /** Tries again now: after the connection came back, or after a new login of this user. */
    retryNow: () => sender.retryNow(),
    /** Stops (another user logged in, the tab closes); the stored entries stay for the next time. */
    dispose() {
      disposed = true;
      events.clear();
      for (const check of [...drainWaiters]) check();
      sender.dispose();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      channel.close();
    },
  };
}

export type Outbox<T> = ReturnType<typeof createOutbox<T>>;
