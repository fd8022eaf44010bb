import { ApiError, sendChange, type ApiResult, type FormBody } from './api-client';

export type SaveQueueState = {
  /** Changes not yet accepted by the server (the one being sent included). */
  pending: number;
  /**
   * idle: all saved; saving: sending; offline: the last try found no connection, retrying;
   * unauthorized: the session ended (401): the changes wait, kept, until `retryNow()` (or, when
   * the queue is stored, until a new queue on the same storage after the next login).
   */
  status: 'idle' | 'saving' | 'offline' | 'unauthorized';
  /** The last change the server refused (4xx/5xx), with its message; it is not sent again. */
  failed: { key: string; error: ApiError } | null;
};

/** What is sent for a change: built from its value only when it goes out (the wire format). */
export type WireChange = {
  path: string;
  body: FormBody;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
};

/** A waiting change: the value itself (what the screen shows), not what goes over the wire. */
export type QueuedChange<T> = {
  key: string;
  /** Plain JSON values only when the queue is stored (no files). */
  value: T;
  /** Not sent before this time (ms since epoch): typing waits for a pause, yet is kept at once. */
  notBefore?: number;
};

/** Where a queue keeps its waiting changes, so a reload or a closed tab sends them later. */
export type QueueStorage<T> = { load(): QueuedChange<T>[]; store(items: QueuedChange<T>[]): void };

type Options<T> = {
  /** What goes over the wire for a change (path, form body, method), built when it is sent. */
  encode: (change: QueuedChange<T>) => WireChange;
  retryDelays?: number[];
  /** Keeps the waiting changes (and starts with what it holds: a reload replays them). */
  storage?: QueueStorage<T>;
  /** Called with each accepted change and the server's answer. */
  onSaved?: (change: QueuedChange<T>, result: ApiResult<unknown>) => void;
};

/**
 * A save queue in memory (with an optional storage). A report's changes no longer use it: they
 * wait in the app's outbox in IndexedDB (lib/outbox), which keeps the same rules across screens,
 * tabs and users. Its types (WireChange, QueuedChange, SaveQueueState) are shared with the outbox.
 *
 * Saving while working (autosave): changes are queued and sent one
 * at a time, in order, beside the one-change-at-a-time rule of user actions (`apiSend`). A change
 * for a key that is still waiting replaces the waiting one (the latest value wins), so typing
 * sends no backlog; `delay` holds a change back a moment (typing) while it is already kept.
 * Without a connection the change stays first in line and is tried again with growing pauses
 * (`retryDelays`, the last one repeating, or at once on `retryNow()`) until it gets an answer; an
 * expired session (401) stops the queue with the change kept; an answer that refuses it (422,
 * 409, ...) is reported in `failed` and the queue goes on. With `storage` the waiting changes
 * survive a reload, a closed tab and a new login: the endpoints must then be idempotent. The queue
 * holds each change's value (`T`, what the screen shows); `encode` turns it into the request only
 * when it is sent.
 */
export function createSaveQueue<T>({
  encode,
  retryDelays = [1_000, 2_000, 5_000, 10_000],
  storage,
  onSaved,
}: Options<T>) {
  const queue: QueuedChange<T>[] = storage ? storage.load() : [];
  const listeners = new Set<(state: SaveQueueState) => void>();
  const idleWaiters: (() => void)[] = [];
  let state: SaveQueueState = { pending: queue.length, status: 'idle', failed: null };
  let running = false;
  let inFlight: QueuedChange<T> | null = null;
  let blocked = false;
  let stopped = false;
  let wake: (() => void) | null = null;

  const persist = () => {
    if (!stopped) storage?.store(queue);
  };
  const publish = (next: Partial<SaveQueueState>) => {
    state = { ...state, ...next, pending: queue.length };
    for (const listener of listeners) listener(state);
    if (state.pending === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
  };
  /** A pause that `wake()` ends early (a new change, the connection back, a flush). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });
  const drop = (item: QueuedChange<T>) => {
    const i = queue.indexOf(item);
    if (i >= 0) queue.splice(i, 1);
    persist();
  };

  async function run() {
    if (running || blocked || stopped) return;
    running = true;
    let attempt = 0;
    while (queue.length > 0 && !stopped) {
      const item = queue[0]!;
      const wait = (item.notBefore ?? 0) - Date.now();
      if (wait > 0) {
        await pause(wait);
        continue;
      }
      inFlight = item;
      publish({ status: 'saving' });
      try {
        const { path, body, method } = encode(item);
        const result = await sendChange(path, body, method);
        inFlight = null;
        drop(item);
        attempt = 0;
        if (!stopped) onSaved?.(item, result);
      } catch (err) {
        inFlight = null;
        const error = err instanceof ApiError ? err : new ApiError(String(err), {}, 500, true);
        if (error.network) {
          publish({ status: 'offline' });
          await pause(retryDelays[Math.min(attempt++, retryDelays.length - 1)]!);
          continue;
        }
        if (error.status === 401) {
          blocked = true;
          break;
        }
        drop(item);
        attempt = 0;
        publish({ failed: { key: item.key, error } });
      }
    }
    running = false;
    if (!stopped) publish({ status: blocked ? 'unauthorized' : 'idle' });
  }

  if (queue.length > 0) void run();

  return {
    /** Queues a change under `key`; an unsent change with the same key is replaced. */
    save(key: string, value: T, { delay = 0 }: { delay?: number } = {}) {
      const waiting = queue.findIndex((q) => q.key === key && q !== inFlight);
      const item: QueuedChange<T> = { key, value, ...(delay > 0 && { notBefore: Date.now() + delay }) };
      if (waiting >= 0) queue[waiting] = item;
      else queue.push(item);
      persist();
      publish({});
      wake?.();
      void run();
    },
    /** The changes not yet accepted (the one being sent included), oldest first. */
    get waiting(): readonly QueuedChange<T>[] {
      return [...queue];
    },
    subscribe(listener: (state: SaveQueueState) => void) {
      listeners.add(listener);
      listener(state);
      return () => void listeners.delete(listener);
    },
    get state() {
      return state;
    },
    /** Tries again now: after the connection came back, or after a new login. */
    retryNow() {
      blocked = false;
      wake?.();
      void run();
    },
    /** Resolves when everything queued so far has been answered. */
    flushed(): Promise<void> {
      return queue.length === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Sends what is held back (`delay`) at once, and resolves when everything has been answered. */
    flush(): Promise<void> {
      let changed = false;
      for (const item of queue) {
        if (item.notBefore) {
          delete item.notBefore;
          changed = true;
        }
      }
      if (changed) persist();
      wake?.();
      void run();
      return this.flushed();
    },
    /** Stops sending (the screen closed); what is stored stays for the next queue on it. */
    dispose() {
      stopped = true;
      listeners.clear();
      wake?.();
    },
  };
}

export type SaveQueue<T> = ReturnType<typeof createSaveQueue<T>>;
