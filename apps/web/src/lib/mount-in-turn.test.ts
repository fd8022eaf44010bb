import { describe, expect, it } from 'vitest';
import { createTurns } from './mount-in-turn';

/** A scheduler run by hand: `tick()` runs the one scheduled task, if any. */
function manual() {
  const tasks: (() => void)[] = [];
  return {
    schedule: (run: () => void) => void tasks.push(run),
    tick: () => tasks.shift()?.(),
    pending: () => tasks.length,
  };
}

describe('createTurns', () => {
  it('calls one waiting part per task, in the order they asked', () => {
    const clock = manual();
    const turns = createTurns(clock.schedule);
    const done: string[] = [];
    turns.enqueue(() => done.push('a'));
    turns.enqueue(() => done.push('b'));
    turns.enqueue(() => done.push('c'));
    expect(clock.pending()).toBe(1);
    expect(done).toEqual([]);
    clock.tick();
    expect(done).toEqual(['a']);
    clock.tick();
    expect(done).toEqual(['a', 'b']);
    clock.tick();
    expect(done).toEqual(['a', 'b', 'c']);
    expect(clock.pending()).toBe(0);
  });

  it('skips a part that left before its turn, and starts again for a late one', () => {
    const clock = manual();
    const turns = createTurns(clock.schedule);
    const done: string[] = [];
    turns.enqueue(() => done.push('a'));
    const leave = turns.enqueue(() => done.push('b'));
    turns.enqueue(() => done.push('c'));
    leave();
    clock.tick();
    clock.tick();
    expect(done).toEqual(['a', 'c']);
    expect(clock.pending()).toBe(0);
    turns.enqueue(() => done.push('d'));
    expect(clock.pending()).toBe(1);
    clock.tick();
    expect(done).toEqual(['a', 'c', 'd']);
  });
});
