import { ApiError, sendChange, type FormBody } from './api-client';

export type SaveQueueState = {
  /** Changes not yet accepted by the server (the one being sent included). */
  pending: number;
  /** idle: all saved; saving: sending; offline: the last try found no connection, retrying. */
  status: 'idle' | 'saving' | 'offline';
  /** The last change the server refused (4xx/5xx), with its message; it is not sent again. */
  failed: { key: string; error: ApiError } | null;
};

type Queued = { key: string; path: string; body: FormBody; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' };

/**
 * Saving while working (autosave, e.g. each answer of a report): changes are queued and sent one
 * at a time, in order, beside the one-change-at-a-time rule of user actions (`apiSend`). A change
 * for a key that is still waiting replaces the waiting one (the latest value wins), so typing
 * sends no backlog. Without a connection the change stays first in line and is tried again with
 * growing pauses (`retryDelays`, the last one repeating) until it gets an answer; an answer that
 * refuses it (422, 409, ...) is reported in `failed` and the queue goes on.
 */
export function createSaveQueue({ retryDelays = [1_000, 2_000, 5_000, 10_000] }: { retryDelays?: number[] } = {}) {
  const queue: Queued[] = [];
  const listeners = new Set<(state: SaveQueueState) => void>();
  const idleWaiters: (() => void)[] = [];
  let state: SaveQueueState = { pending: 0, status: 'idle', failed: null };
  let running = false;

  const publish = (next: Partial<SaveQueueState>) => {
    state = { ...state, ...next, pending: queue.length };
    for (const listener of listeners) listener(state);
    if (state.pending === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function run() {
    if (running) return;
    running = true;
    let attempt = 0;
    while (queue.length > 0) {
      const item = queue[0]!;
      publish({ status: 'saving' });
      try {
        await sendChange(item.path, item.body, item.method);
        queue.shift();
        attempt = 0;
      } catch (err) {
        const error = err instanceof ApiError ? err : new ApiError(String(err), {}, 500, true);
        if (error.network) {
          publish({ status: 'offline' });
          await pause(retryDelays[Math.min(attempt++, retryDelays.length - 1)]!);
          continue;
        }
        queue.shift();
        attempt = 0;
        publish({ failed: { key: item.key, error } });
      }
    }
    running = false;
    publish({ status: 'idle' });
  }

  return {
    /** Queues a change under `key`; an unsent change with the same key is replaced. */
    save(key: string, path: string, body: FormBody, method: Queued['method'] = 'POST') {
      const waiting = queue.findIndex((q, i) => q.key === key && (i > 0 || !running));
      const item = { key, path, body, method };
      if (waiting >= 0) queue[waiting] = item;
      else queue.push(item);
      publish({});
      void run();
    },
    subscribe(listener: (state: SaveQueueState) => void) {
      listeners.add(listener);
      listener(state);
      return () => void listeners.delete(listener);
    },
    get state() {
      return state;
    },
    /** Resolves when everything queued so far has been answered. */
    flushed(): Promise<void> {
      return queue.length === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

export type SaveQueue = ReturnType<typeof createSaveQueue>;
