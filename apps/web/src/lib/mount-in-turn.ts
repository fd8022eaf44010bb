import { startTransition, useEffect, useState } from 'react';

/*
 * Mounting a long screen in turns: parts that are not needed for the first paint (the question
 * cards below the first few of a 40-question report) start as a light placeholder and become
 * themselves one per task, in the order they asked, so no single task renders them all and the
 * page answers taps while it builds (Lighthouse's total blocking time counts every task over
 * 50 ms). One queue for the page: a part that unmounts before its turn leaves it.
 */

/** A queue of turns: one waiting callback is called per scheduled task, first come first served. */
export function createTurns(schedule: (run: () => void) => void) {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    waiting.shift()?.();
    if (waiting.length > 0) wake();
  };
  const wake = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(next);
  };
  return {
    /** Queues `turn`; the returned function takes it out again if it has not run yet. */
    enqueue(turn: () => void): () => void {
      waiting.push(turn);
      wake();
      return () => {
        const i = waiting.indexOf(turn);
        if (i >= 0) waiting.splice(i, 1);
      };
    },
  };
}

const turns = createTurns((run) => setTimeout(run, 0));

/**
 * Whether the part may render itself now: at once when `eager`, otherwise from its turn on
 * (and then for good). Its turn renders at transition priority, which React splits into short
 * tasks, so a tap in between is answered first.
 */
export function useMountInTurn(eager: boolean): boolean {
  const [ready, setReady] = useState(eager);
  useEffect(() => (ready ? undefined : turns.enqueue(() => startTransition(() => setReady(true)))), [ready]);
  return ready;
}
