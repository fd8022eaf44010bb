/*
 * Limits on heavy work (exports, image decoding), per process and in memory: they protect this
 * process's CPU and memory, so each process counts its own (with several processes a user may
 * run the limit once per process). Nothing here needs to hold across processes; what must (the
 * login throttle) is kept in the database.
 */

/** Gives back a slot; calling it again does nothing. */
export type Release = () => void;

function once(fn: () => void): Release {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** At most `max` pieces of work at once per key (a user id): a slot, or null when all are taken. */
export function createKeyedLimit(max: number) {
  const active = new Map<string | number, number>();
  return {
    tryAcquire(key: string | number): Release | null {
      const n = active.get(key) ?? 0;
      if (n >= max) return null;
      active.set(key, n + 1);
      return once(() => {
        const left = (active.get(key) ?? 1) - 1;
        if (left > 0) active.set(key, left);
        else active.delete(key);
      });
    },
    /** Slots in use for `key` (tests). */
    active: (key: string | number) => active.get(key) ?? 0,
  };
}

export type KeyedLimit = ReturnType<typeof createKeyedLimit>;

/**
 * At most `concurrency` pieces of work at once in this process; the rest wait in line, at most
 * `maxWaiting` of them: `run` rejects with `onFull()` beyond that, so a burst cannot queue
 * unbounded work (and the memory it holds).
 */
export function createWorkQueue({
  concurrency,
  maxWaiting,
  onFull,
}: {
  concurrency: number;
  maxWaiting: number;
  onFull: () => Error;
}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    running--;
    const start = waiting.shift();
    if (start) {
      running++;
      start();
    }
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw onFull();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        next();
      }
    },
    /** Work running and waiting (tests). */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type WorkQueue = ReturnType<typeof createWorkQueue>;
