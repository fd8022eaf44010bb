/**
 * The sender's lock: of all tabs (and windows) of the app on this device exactly one sends the
 * outbox. `run` is called once the lock is held and keeps it until the promise it returns settles;
 * `signal` gives up waiting for it (the outbox was disposed). Resolves when the lock was released
 * (or the wait given up).
 */
export type SenderLock = (name: string, signal: AbortSignal, run: () => Promise<void>) => Promise<void>;

/** The Web Locks API (every current browser): the lock goes to the next tab when a tab closes. */
export const webLock: SenderLock = async (name, signal, run) => {
  try {
    await navigator.locks.request(name, { signal }, run);
  } catch (err) {
    if (!signal.aborted) throw err;
  }
};

/** How long a lease holds without renewal (a tab that closed without a word frees it after this). */
const LEASE_MS = 5_000;

/**
 * A fallback for a browser without Web Locks: a lease in localStorage (`{ owner, until }`) that its
 * holder renews every second and gives back when done (or that runs out when its tab is gone).
 * Two tabs taking it at the same moment both write; each then reads back who has it, so one wins.
 */
export function leaseLock(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage): SenderLock {
  const owner = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const read = (key: string): { owner: string; until: number } | null => {
    try {
      return JSON.parse(storage.getItem(key) ?? 'null') as { owner: string; until: number } | null;
    } catch {
      return null;
    }
  };
  const write = (key: string) => storage.setItem(key, JSON.stringify({ owner, until: Date.now() + LEASE_MS }));
  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  return async (name, signal, run) => {
    const key = `keurwijzer.lock.${name}`;
    while (!signal.aborted) {
      const lease = read(key);
      if (!lease || lease.owner === owner || lease.until < Date.now()) {
        write(key);
        // Let a tab that wrote at the same moment finish its write, then see who has it.
        await sleep(50, signal);
        if (read(key)?.owner === owner && !signal.aborted) {
          const renew = setInterval(() => write(key), 1_000);
          try {
            await run();
          } finally {
            clearInterval(renew);
            if (read(key)?.owner === owner) storage.removeItem(key);
          }
          return;
        }
      }
      await sleep(1_000, signal);
    }
  };
}

/** The lock of this browser: Web Locks, or the localStorage lease where they are missing. */
export function defaultLock(): SenderLock {
  if (typeof navigator !== 'undefined' && navigator.locks) return webLock;
  // No storage either (not a browser): this is the only tab.
  return typeof localStorage === 'undefined' ? (_name, _signal, run) => run() : leaseLock();
}
