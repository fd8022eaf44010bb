/**
 * Work a request starts after its answer (mails whose timing must not tell whether an address
 * exists, notices after a commit): run on the next turn of the event loop, its failure logged,
 * never the request's. The app waits for what is still running before it closes (its preClose),
 * so no such task outlives the database it writes to.
 */
export type AfterResponseTasks = {
  run(task: () => Promise<unknown>, onError: (err: unknown) => void): void;
  /** Resolves once every task started so far (and any they started) has finished. */
  settle(): Promise<void>;
};

export function createAfterResponseTasks(): AfterResponseTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(task, onError) {
      const done: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch(onError)
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
