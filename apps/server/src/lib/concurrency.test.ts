import { describe, expect, it } from 'vitest';
import { createKeyedLimit, createWorkQueue } from './concurrency';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createKeyedLimit', () => {
  it('gives each key at most `max` slots; a released slot (once) can be taken again', () => {
    const limit = createKeyedLimit(2);
    const a = limit.tryAcquire(1);
    const b = limit.tryAcquire(1);
    expect(a && b).toBeTruthy();
    expect(limit.tryAcquire(1)).toBeNull();
    expect(limit.tryAcquire(2)).not.toBeNull();
    a!();
    a!();
    expect(limit.active(1)).toBe(1);
    expect(limit.tryAcquire(1)).not.toBeNull();
    expect(limit.tryAcquire(1)).toBeNull();
  });
});

describe('createWorkQueue', () => {
  it('runs at most `concurrency` at once, lets `maxWaiting` wait and refuses the rest', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 1, onFull: () => new Error('vol') });
    const gates = [deferred(), deferred(), deferred()];
    let running = 0;
    let most = 0;
    const work = (i: number) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await gates[i]!.promise;
        running--;
        return i;
      });
    const results = [work(0), work(1), work(2)];
    await expect(work(0)).rejects.toThrow('vol');
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    gates[0]!.resolve();
    await results[0];
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect(most).toBe(2);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0, onFull: () => new Error('vol') });
    await expect(queue.run(() => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot');
    expect(await queue.run(async () => 'weer')).toBe('weer');
  });
});
