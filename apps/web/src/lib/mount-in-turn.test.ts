import { describe, expect, it, vi } from 'vitest';
import { createEngagement, createTurns } from './mount-in-turn';

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

describe('createEngagement', () => {
  it('calls the waiting parts once the user taps, presses a key or scrolls, and later ones at once', () => {
    for (const type of ['pointerdown', 'keydown', 'wheel', 'scroll']) {
      const target = new EventTarget();
      const whenEngaged = createEngagement(target);
      const done: string[] = [];
      whenEngaged(() => done.push('a'));
      const cancel = whenEngaged(() => done.push('b'));
      whenEngaged(() => done.push('c'));
      cancel();
      target.dispatchEvent(new Event('focus'));
      expect(done, type).toEqual([]);
      target.dispatchEvent(new Event(type));
      expect(done, type).toEqual(['a', 'c']);
      target.dispatchEvent(new Event(type));
      expect(done, type).toEqual(['a', 'c']);
      whenEngaged(() => done.push('d'));
      expect(done, type).toEqual(['a', 'c', 'd']);
    }
  });

  it('listens only while a part waits', () => {
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    const whenEngaged = createEngagement(target);
    whenEngaged(() => undefined);
    whenEngaged(() => undefined);
    expect(add).toHaveBeenCalledTimes(4);
    target.dispatchEvent(new Event('keydown'));
    expect(remove).toHaveBeenCalledTimes(4);
  });
});
