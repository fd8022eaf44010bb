import { ApiError, sendChange, type ApiResult } from '../api-client';
import { createTabChannel, type TabMessage } from './channel';
import { defaultLock, type SenderLock } from './lock';
import { createSender, type OutboxStatus, type SenderOptions } from './sender';
import { createOutboxStore, OUTBOX_DB, type NewEntry, type OutboxEntry } from './store';
import type { WireChange } from './wire';

export { OUTBOX_DB, OutboxClosedError, closeOutboxDatabases } from './store';
export type { KeptEntry, OutboxEntry, RefusedEntry } from './store';
export { nextEntry, type OutboxStatus, type SenderOptions } from './sender';

/**
 * The outbox: every change made while working (a report's answers, photos, signatures, its
 * submit) waits in IndexedDB on this device until the server answered it, so nothing is lost on
 * a reload, a closed app, a lost connection or an expired session. One outbox per user on the
 * device. Its parts:
 *
 * - store.ts: the waiting, kept (accepted) and refused changes;
 * - sender.ts: the one sender of the device (a lock), in order, a `last` entry (a submit) after
 *   the rest of its scope, retried while there is no good answer, stopped by a 401;
 * - channel.ts: the tabs tell each other about changes, the sender's status and each answer.
 *
 * Workbox's Background Sync replays failed requests from the service worker, but only as
 * requests: the screen could not show what waits, a submit could not wait for its answers, a
 * value could not be replaced while it waits, and an expired session would replay into 401s.
 */

const LOCK_NAME = 'keurwijzer-outbox-sender';
const CHANNEL_NAME = 'keurwijzer-outbox';

/**
 * pending: changes waiting to be sent; refused: changes the server refused (until sent again
 * or thrown away); sender: this tab sends.
 */
export type OutboxState = { pending: number; refused: number; status: OutboxStatus; sender: boolean };

/** The server's answer to one entry: accepted (with its data) or refused (with its error). */
export type OutboxResult<T> = { entry: OutboxEntry<T> } & (
  { ok: true; result: ApiResult<unknown> } | { ok: false; error: ApiError }
);

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
  const stateListeners = new Set<(state: OutboxState) => void>();
  const changeListeners = new Set<() => void>();
  const resultListeners = new Set<(result: OutboxResult<T>) => void>();
  const drainWaiters = new Set<() => void>();
  let state: OutboxState = { pending: 0, refused: 0, status: 'idle', sender: false };
  let disposed = false;

  const publish = (next: Partial<OutboxState>) => {
    const merged = { ...state, ...next };
    if ((Object.keys(merged) as (keyof OutboxState)[]).every((k) => merged[k] === state[k])) return;
    state = merged;
    for (const listener of stateListeners) listener(state);
  };

  // Counts read one after the other may finish out of order: only the latest read is published.
  let reads = 0;
  /** The entries changed (here or in another tab): count again, tell the listeners, wake the sender. */
  async function changed() {
    if (disposed) return;
    const read = ++reads;
    const [pending, refused] = await Promise.all([store.list(), store.refused()]);
    if (disposed || read !== reads) return;
    publish({ pending: pending.length, refused: refused.length });
    for (const listener of [...changeListeners, ...drainWaiters]) listener();
    sender.wake();
  }
  const changedHere = async () => {
    channel.post({ type: 'changed', userId });
    await changed();
  };
  const dispatch = (result: OutboxResult<T>) => {
    for (const listener of resultListeners) listener(result);
  };

  const sender = createSender<T>({
    userId,
    store,
    lock,
    lockName: LOCK_NAME,
    retryDelays,
    send,
    status(status) {
      if (state.status === status) return;
      publish({ status });
      if (state.sender) channel.post({ type: 'status', userId, status });
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

  const channel = createTabChannel<T>(channelName, (message: TabMessage<T>) => {
    if (disposed) return;
    if (message.type === 'user') {
      // Someone else logged in on this device: this user's entries wait for their return. The
      // same user again (a new login in another tab): try again (the sender checks the session).
      if (message.userId !== userId) sender.block();
      else if (sender.blocked) sender.retryNow();
      return;
    }
    if (message.userId !== userId) return;
    if (message.type === 'changed') void changed();
    else if (message.type === 'status' && !state.sender) publish({ status: message.status });
    else if (message.type === 'accepted') dispatch({ entry: message.entry, ok: true, result: message.result });
    else if (message.type === 'refused') {
      const { message: text, errors, status } = message.entry.error;
      dispatch({ entry: message.entry, ok: false, error: new ApiError(text, errors, status) });
    }
  });

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
    /** Sends from this tab when it gets the lock (one sender on the device). */
    startSending: (options: SenderOptions<T>) => sender.start(options),
    get state() {
      return state;
    },
    subscribe(listener: (state: OutboxState) => void) {
      stateListeners.add(listener);
      listener(state);
      return () => void stateListeners.delete(listener);
    },
    /** Called when the entries changed (in this tab or another): read them again. */
    onChange(listener: () => void) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
    /** Called with each answer of the server (from whichever tab sent it). */
    onResult(listener: (result: OutboxResult<T>) => void) {
      resultListeners.add(listener);
      return () => void resultListeners.delete(listener);
    },
    /** Tries again now: after the connection came back, or after a new login of this user. */
    retryNow: () => sender.retryNow(),
    /** Stops (another user logged in, the tab closes); the stored entries stay for the next time. */
    dispose() {
      disposed = true;
      stateListeners.clear();
      resultListeners.clear();
      changeListeners.clear();
      for (const check of [...drainWaiters]) check();
      sender.dispose();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      channel.close();
    },
  };
}

export type Outbox<T> = ReturnType<typeof createOutbox<T>>;
