import type { SenderLock } from './lock';
import { sendEntry, type EntryDeps } from './send-entry';
import type { OutboxEntry } from './store';
import type { WireChange } from './wire';

export { outcomeOf, SERVER_FAILURES_BEFORE_REFUSED, type Outcome } from './send-entry';

/** After this long the sender asks the server again whose session it sends with. */
const VERIFY_MS = 30_000;

/** idle: nothing to send; sending; offline: the last try got no (good) answer; unauthorized: waits for a login. */
export type OutboxStatus = 'idle' | 'sending' | 'offline' | 'unauthorized';

export type SenderOptions<T> = {
  /** The request of an entry, built when it is sent. */
  encode: (entry: OutboxEntry<T>) => WireChange;
  /** Whose session the requests go with (null: none); a network error when there is no connection. */
  sessionUser: () => Promise<number | null>;
};

type SenderDeps<T> = EntryDeps<T> & {
  userId: number;
  lock: SenderLock;
  lockName: string;
  /** The sender's status changed (this tab sends). */
  status: (status: OutboxStatus) => void;
  /** This tab holds the lock (or gave it back). */
  holding: (sender: boolean) => void;
  /** The stored entries changed. */
  changed: () => Promise<void>;
};

/**
 * The entry to send next: the oldest, except that a `last` entry (a submit) waits for the rest of
 * its scope, and while a change of its scope was refused (a report is not submitted without a
 * refused signature or answer: the user sends it again or throws it away first).
 */
export function nextEntry<T>(
  entries: readonly OutboxEntry<T>[],
  refusedScopes: ReadonlySet<string> = new Set(),
): OutboxEntry<T> | undefined {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  return sorted.find(
    (e) => !e.last || (!refusedScopes.has(e.scope) && !sorted.some((o) => o.scope === e.scope && !o.last)),
  );
}

/**
 * The one sender of the device: while this tab holds the lock it sends the user's entries, oldest
 * first, one at a time, with growing pauses while there is no good answer, until it is blocked
 * (the session ended or is someone else's) or disposed.
 */
export function createSender<T>(deps: SenderDeps<T>) {
  const { store, userId } = deps;
  let options: SenderOptions<T> | null = null;
  let lockAbort: AbortController | null = null;
  let blocked = false;
  let disposed = false;
  let wake: (() => void) | null = null;

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

  /** The loop, while this tab holds the lock: until blocked or disposed. */
  async function loop() {
    // Taken but never answered by a sender that is gone: they wait again.
    for (const entry of await store.list()) if (entry.sending) await store.take(entry.seq, false);
    let attempt = 0;
    let verifiedAt = 0;
    while (!disposed && !blocked) {
      const refused = new Set((await store.refused()).map((e) => e.scope));
      const entry = nextEntry(await store.list(), refused);
      const wait = entry ? (entry.notBefore ?? 0) - Date.now() : 60_000;
      if (!entry || wait > 0) {
        deps.status('idle');
        await pause(wait);
        continue;
      }
      deps.status('sending');
      try {
        // Only with this user's own session (a re-login of someone else sends nothing of theirs).
        if (Date.now() - verifiedAt > VERIFY_MS) {
          if ((await options!.sessionUser()) !== userId) {
            block();
            break;
          }
          verifiedAt = Date.now();
        }
      } catch {
        verifiedAt = 0;
        deps.status('offline');
        await pause(deps.retryDelays[Math.min(attempt++, deps.retryDelays.length - 1)]!);
        continue;
      }
      const delay = await sendEntry(deps, options!.encode, entry, attempt);
      if (delay === null) {
        block();
        break;
      }
      if (delay > 0) {
        attempt++;
        verifiedAt = 0;
        deps.status('offline');
        await deps.changed();
        await pause(delay);
        continue;
      }
      attempt = 0;
      if ((await store.list()).length === 0) deps.status('idle');
      await deps.changed();
    }
    if (blocked) deps.status('unauthorized');
  }

  /** Stops sending until `retryNow` (the next login), with every entry kept. */
  function block() {
    blocked = true;
    deps.status('unauthorized');
    wake?.();
  }

  /** Asks for the lock and sends while holding it; gives it back when blocked or disposed. */
  function requestLock() {
    if (!options || lockAbort || disposed || blocked) return;
    const abort = new AbortController();
    lockAbort = abort;
    let ran = false;
    void deps
      .lock(deps.lockName, abort.signal, async () => {
        if (disposed || blocked) return;
        ran = true;
        deps.holding(true);
        try {
          // Again when retryNow came while the loop was ending (blocked).
          while (!disposed && !blocked) await loop();
        } finally {
          deps.holding(false);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        if (lockAbort === abort) lockAbort = null;
        // Unblocked while the lock was given back: ask for it again.
        if (ran && !disposed && !blocked && options) requestLock();
      });
  }

  return {
    start(next: SenderOptions<T>) {
      options = next;
      requestLock();
    },
    /** Tries again now: after the connection came back, or after a new login of this user. */
    retryNow() {
      if (disposed) return;
      const wasBlocked = blocked;
      blocked = false;
      if (wasBlocked) deps.status('idle');
      wake?.();
      requestLock();
    },
    block,
    /** A new entry or the connection back: the pause ends. */
    wake: () => wake?.(),
    get blocked() {
      return blocked;
    },
    dispose() {
      disposed = true;
      lockAbort?.abort();
      wake?.();
    },
  };
}
