import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ApiError, sendChange, type ApiResult } from '../api-client';
import type { WireChange } from './wire';
import { defaultLock, type SenderLock } from './lock';

/**
 * The outbox: every change made while working (a report's answers, photos, signatures, its
 * submit) waits in IndexedDB on this device until the server accepted it, so nothing is lost on
 * a reload, a closed app, a lost connection or an expired session. One outbox per user on the
 * device: entries are stored with their user and only that user's outbox lists or sends them.
 *
 * - `put(scope, key, value)`: a change of `scope` (e.g. "report:5") under `key`; a waiting change
 *   of the same scope and key is replaced by the latest value (never the one being sent).
 * - In order: the oldest entry first, one at a time; a `last` entry (a submit) waits until every
 *   other entry of its scope has been sent, and no new change of its scope is taken.
 * - Without a connection the entry stays first and is tried again with growing pauses; a 401
 *   stops the sender with everything kept (`retryNow` after the next login); a refused change
 *   (422, 409, ...) is reported (`onResult`) and dropped.
 * - One sender on the device (a lock, see lock.ts); the tabs tell each other (BroadcastChannel)
 *   about new entries, the sender's status and each result.
 */

/** The database; an outbox of an older name or version is upgraded, not dropped. */
export const OUTBOX_DB = 'keurwijzer-outbox';
const LOCK_NAME = 'keurwijzer-outbox-sender';
const CHANNEL_NAME = 'keurwijzer-outbox';
/** After this long the sender asks the server again whose session it sends with. */
const VERIFY_MS = 30_000;

export type OutboxEntry<T> = {
  seq: number;
  userId: number;
  /** What the change belongs to ("report:5"): ordering and the `last` rule are per scope. */
  scope: string;
  key: string;
  value: T;
  /** Not sent before this time (ms since epoch): typing waits for a pause, yet is kept at once. */
  notBefore?: number;
  /** Sent after every other entry of the scope; closes the scope for new changes. */
  last?: boolean;
  /** The sender has taken it (it is not replaced any more). */
  sending?: boolean;
};

interface OutboxDb<T> extends DBSchema {
  entries: { key: number; value: OutboxEntry<T>; indexes: { user: number } };
}

/**
 * idle: nothing to send (or waiting for a pause); sending; offline: the last try found no
 * connection, retrying; unauthorized: the session ended (or belongs to someone else): waiting for
 * the user's next login.
 */
export type OutboxStatus = 'idle' | 'sending' | 'offline' | 'unauthorized';
export type OutboxState = { pending: number; status: OutboxStatus; /** this tab sends */ sender: boolean };

/** The server's answer to one entry: accepted (with its data) or refused (with its error). */
export type OutboxResult<T> = { entry: OutboxEntry<T> } & (
  { ok: true; result: ApiResult<unknown> } | { ok: false; error: ApiError }
);

/** A change for a scope whose `last` entry (a submit) already waits. */
export class OutboxClosedError extends Error {
  constructor(readonly scope: string) {
    super(`${scope} is closed: its last change waits to be sent`);
    this.name = 'OutboxClosedError';
  }
}

export type SenderOptions<T> = {
  /** The request of an entry, built when it is sent. */
  encode: (entry: OutboxEntry<T>) => WireChange;
  /** Whose session the requests go with (null: none); a network error when there is no connection. */
  sessionUser: () => Promise<number | null>;
};

type Options = {
  userId: number;
  dbName?: string;
  retryDelays?: number[];
  lock?: SenderLock;
  /** BroadcastChannel's name (null: no other tabs, e.g. where BroadcastChannel is missing). */
  channel?: string | null;
  /** Send through this instead of the API client (tests). */
  send?: (change: WireChange) => Promise<ApiResult<unknown>>;
};

type Message<T> =
  | { type: 'changed'; userId: number }
  | { type: 'status'; userId: number; status: OutboxStatus }
  | {
      type: 'result';
      userId: number;
      entry: OutboxEntry<T>;
      ok: boolean;
      result?: ApiResult<unknown>;
      error?: SentError;
    }
  | { type: 'user'; userId: number };
type SentError = { message: string; errors: ApiError['errors']; status: number };

const dbs = new Map<string, Promise<IDBPDatabase<OutboxDb<unknown>>>>();
/** One connection per database name (shared by the outboxes of a tab). */
function database<T>(name: string): Promise<IDBPDatabase<OutboxDb<T>>> {
  let db = dbs.get(name);
  if (!db) {
    db = openDB<OutboxDb<unknown>>(name, 1, {
      upgrade(d) {
        const store = d.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('user', 'userId');
      },
    });
    dbs.set(name, db);
  }
  return db as unknown as Promise<IDBPDatabase<OutboxDb<T>>>;
}

/** For tests: forgets the open connections (after deleting a database). */
export async function closeOutboxDatabases() {
  for (const db of dbs.values()) (await db.catch(() => null))?.close();
  dbs.clear();
}

/**
 * Which entry goes next: the oldest, except that a `last` entry waits for the other entries of
 * its scope (even ones added after it).
 */
export function nextEntry<T>(entries: readonly OutboxEntry<T>[]): OutboxEntry<T> | undefined {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  return sorted.find((e) => !e.last || !sorted.some((o) => o.scope === e.scope && !o.last));
}

export function createOutbox<T>({
  userId,
  dbName = OUTBOX_DB,
  retryDelays = [1_000, 2_000, 5_000, 10_000, 30_000],
  lock = defaultLock(),
  channel: channelName = typeof BroadcastChannel === 'undefined' ? null : CHANNEL_NAME,
  send = ({ path, body, method }) => sendChange(path, body, method),
}: Options) {
  const db = database<T>(dbName);
  const channel = channelName ? new BroadcastChannel(channelName) : null;
  const stateListeners = new Set<(state: OutboxState) => void>();
  const changeListeners = new Set<() => void>();
  const flushWaiters = new Set<() => void>();
  const resultListeners = new Set<(result: OutboxResult<T>) => void>();
  let state: OutboxState = { pending: 0, status: 'idle', sender: false };
  let disposed = false;

  // The sender (this tab, while it holds the lock).
  let sender: SenderOptions<T> | null = null;
  let lockAbort: AbortController | null = null;
  let blocked = false;
  let wake: (() => void) | null = null;

  const publish = (next: Partial<OutboxState>) => {
    const merged = { ...state, ...next };
    if (merged.pending === state.pending && merged.status === state.status && merged.sender === state.sender) return;
    state = merged;
    for (const listener of stateListeners) listener(state);
  };
  const post = (message: Message<T>) => {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel (disposed): nobody to tell.
    }
  };
  const setStatus = (status: OutboxStatus) => {
    if (state.status === status) return;
    publish({ status });
    if (state.sender) post({ type: 'status', userId, status });
  };

  /** This user's entries, oldest first (of one scope when given). */
  async function list(scope?: string): Promise<OutboxEntry<T>[]> {
    const all = await (await db).getAllFromIndex('entries', 'user', userId);
    return all.filter((e) => scope === undefined || e.scope === scope).sort((a, b) => a.seq - b.seq);
  }

  /** The entries changed (here or in another tab): count again, tell the listeners, wake the sender. */
  async function changed() {
    if (disposed) return;
    const pending = (await list()).length;
    if (disposed) return;
    publish({ pending });
    for (const listener of [...changeListeners, ...flushWaiters]) listener();
    wake?.();
  }
  const changedHere = async () => {
    post({ type: 'changed', userId });
    await changed();
  };

  const dispatch = (result: OutboxResult<T>) => {
    for (const listener of resultListeners) listener(result);
  };

  if (channel) {
    channel.onmessage = (event: MessageEvent<Message<T>>) => {
      const message = event.data;
      if (disposed) return;
      if (message.type === 'user') {
        // Someone else logged in on this device: this user's entries wait for their return. The
        // same user again (a new login in another tab): try again (the sender checks the session).
        if (message.userId !== userId) block();
        else if (blocked) retryNow();
        return;
      }
      if (message.userId !== userId) return;
      if (message.type === 'changed') void changed();
      else if (message.type === 'status' && !state.sender) publish({ status: message.status });
      else if (message.type === 'result') {
        const { entry, ok, result, error } = message;
        dispatch(
          ok
            ? { entry, ok: true, result: result! }
            : { entry, ok: false, error: new ApiError(error!.message, error!.errors, error!.status) },
        );
      }
    };
  }

  const ready = changed();
  post({ type: 'user', userId });

  /** A pause that `wake()` ends early (a new entry, the connection back, retryNow, dispose). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (wake === done) wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  async function remove(seq: number) {
    await (await db).delete('entries', seq);
  }
  async function setSending(seq: number, sending: boolean): Promise<OutboxEntry<T> | null> {
    const tx = (await db).transaction('entries', 'readwrite');
    const entry = await tx.store.get(seq);
    if (entry) {
      if (sending) entry.sending = true;
      else delete entry.sending;
      await tx.store.put(entry);
    }
    await tx.done;
    return entry ?? null;
  }

  /** The sender's loop, while this tab holds the lock: until it is blocked (401) or disposed. */
  async function sendAll(options: SenderOptions<T>) {
    // Taken but never answered by a sender that is gone: they are waiting again.
    for (const entry of await list()) if (entry.sending) await setSending(entry.seq, false);
    let attempt = 0;
    let verifiedAt = 0;
    while (!disposed && !blocked) {
      const entry = nextEntry(await list());
      if (!entry) {
        setStatus('idle');
        await pause(60_000);
        continue;
      }
      const wait = (entry.notBefore ?? 0) - Date.now();
      if (wait > 0) {
        setStatus('idle');
        await pause(wait);
        continue;
      }
      setStatus('sending');
      let taken: OutboxEntry<T> | null = null;
      try {
        // Only with this user's own session (a re-login of someone else sends nothing of theirs).
        if (Date.now() - verifiedAt > VERIFY_MS) {
          const who = await options.sessionUser();
          if (who !== userId) {
            block();
            break;
          }
          verifiedAt = Date.now();
        }
        // As stored now (another tab may have replaced its value since it was listed).
        taken = await setSending(entry.seq, true);
        if (!taken) continue;
        const result = await send(options.encode(taken));
        await remove(entry.seq);
        attempt = 0;
        report({ entry: taken, ok: true, result });
      } catch (err) {
        const error = err instanceof ApiError ? err : new ApiError(String(err), {}, 500, true);
        if (error.network) {
          await setSending(entry.seq, false);
          verifiedAt = 0;
          setStatus('offline');
          await pause(retryDelays[Math.min(attempt++, retryDelays.length - 1)]!);
          continue;
        }
        if (error.status === 401) {
          await setSending(entry.seq, false);
          block();
          break;
        }
        await remove(entry.seq);
        attempt = 0;
        report({ entry: taken ?? entry, ok: false, error });
      }
      if ((await list()).length === 0) setStatus('idle');
      await changedHere();
    }
    if (blocked) setStatus('unauthorized');
  }

  function report(result: OutboxResult<T>) {
    const { entry } = result;
    delete entry.sending;
    dispatch(result);
    post(
      result.ok
        ? { type: 'result', userId, entry, ok: true, result: result.result }
        : {
            type: 'result',
            userId,
            entry,
            ok: false,
            error: { message: result.error.message, errors: result.error.errors, status: result.error.status },
          },
    );
  }

  /** Stops sending until `retryNow` (the next login), with every entry kept. */
  function block() {
    blocked = true;
    publish({ status: 'unauthorized' });
    if (state.sender) post({ type: 'status', userId, status: 'unauthorized' });
    wake?.();
  }

  /** Asks for the lock and sends while holding it; gives it back when blocked or disposed. */
  function requestLock() {
    if (!sender || lockAbort || disposed || blocked) return;
    const abort = new AbortController();
    lockAbort = abort;
    const options = sender;
    let ran = false;
    void lock(LOCK_NAME, abort.signal, async () => {
      if (disposed || blocked) return;
      ran = true;
      publish({ sender: true });
      try {
        // Again when retryNow came while the loop was ending (blocked).
        while (!disposed && !blocked) await sendAll(options);
      } finally {
        publish({ sender: false });
      }
    })
      .catch(() => undefined)
      .finally(() => {
        if (lockAbort === abort) lockAbort = null;
        // Unblocked while the lock was given back: ask for it again.
        if (ran && !disposed && !blocked && sender) requestLock();
      });
  }

  /** Tries again now: after the connection came back, or after a new login of this user. */
  function retryNow() {
    if (disposed) return;
    if (blocked) {
      blocked = false;
      publish({ status: 'idle' });
    }
    wake?.();
    requestLock();
  }

  const onOnline = () => wake?.();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  return {
    userId,
    /** Resolves once the entries stored earlier have been counted. */
    ready,
    /**
     * Queues a change; a waiting one of the same scope and key is replaced (latest value wins).
     * Rejects with OutboxClosedError when the scope's last change (its submit) already waits.
     */
    async put(scope: string, key: string, value: T, { delay = 0, last = false } = {}): Promise<number> {
      const tx = (await db).transaction('entries', 'readwrite');
      const mine = (await tx.store.index('user').getAll(userId)).filter((e) => e.scope === scope);
      if (mine.some((e) => e.last)) {
        tx.abort();
        await tx.done.catch(() => undefined);
        throw new OutboxClosedError(scope);
      }
      const waiting = mine.find((e) => e.key === key && !e.sending);
      const fields = {
        userId,
        scope,
        key,
        value,
        ...(delay > 0 && { notBefore: Date.now() + delay }),
        ...(last && { last }),
      };
      const seq = waiting
        ? await tx.store.put({ ...fields, seq: waiting.seq })
        : await tx.store.add(fields as OutboxEntry<T>);
      await tx.done;
      await changedHere();
      return seq;
    },
    list,
    /** Sends what is held back (`delay`) at once; resolves when the scope (or all) has been answered. */
    async flush(scope?: string): Promise<void> {
      const tx = (await db).transaction('entries', 'readwrite');
      for (const entry of await tx.store.index('user').getAll(userId)) {
        if (entry.notBefore && (scope === undefined || entry.scope === scope)) {
          delete entry.notBefore;
          await tx.store.put(entry);
        }
      }
      await tx.done;
      await changedHere();
      await new Promise<void>((resolve) => {
        const check = () =>
          void list(scope).then((left) => {
            if (left.length > 0 && !disposed) return;
            flushWaiters.delete(check);
            resolve();
          });
        flushWaiters.add(check);
        check();
      });
    },
    /** Sends from this tab when it gets the lock (one sender on the device). */
    startSending(options: SenderOptions<T>) {
      sender = options;
      requestLock();
    },
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
    retryNow,
    /** Stops (another user logged in, the tab closes); the stored entries stay for the next time. */
    dispose() {
      disposed = true;
      stateListeners.clear();
      changeListeners.clear();
      resultListeners.clear();
      for (const check of [...flushWaiters]) check();
      lockAbort?.abort();
      wake?.();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      channel?.close();
    },
  };
}

export type Outbox<T> = ReturnType<typeof createOutbox<T>>;
