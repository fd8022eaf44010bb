import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/*
 * Mounting a long screen in turns: parts that are not needed for the first paint (the question
 * cards below the first few of a 40-question report) start as a light placeholder and become
 * themselves when they come near the screen, or in their turn once the user has started working
 * on the page (the first tap, key or scroll): one per task, in the order they asked, so no single
 * task renders them all and the page answers taps while it builds. Until then a phone's start-up
 * renders only what it shows (docs/decisions.md, "Start-up"). One queue for the page: a part that
 * unmounts before its turn leaves it.
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

/** What counts as the user starting to work on the page. */
const ENGAGING = ['pointerdown', 'keydown', 'wheel', 'scroll'] as const;

/**
 * Calls `then` once the user has tapped, pressed a key or scrolled on this page (at once if
 * that already happened); the returned function cancels a call still waiting.
 */
export function createEngagement(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>) {
  let engaged = false;
  const waiting = new Set<() => void>();
  const engage = () => {
    engaged = true;
    for (const type of ENGAGING) target.removeEventListener(type, engage, true);
    const calls = [...waiting];
    waiting.clear();
    for (const call of calls) call();
  };
  return (then: () => void): (() => void) => {
    if (engaged) {
      then();
      return () => undefined;
    }
    if (waiting.size === 0) {
      for (const type of ENGAGING) target.addEventListener(type, engage, { capture: true, passive: true });
    }
    waiting.add(then);
    return () => {
      waiting.delete(then);
    };
  };
}

const whenEngaged = createEngagement(typeof window === 'undefined' ? new EventTarget() : window);

/** How near the screen (above or below, in parts of its height) a part renders itself. */
const NEAR = '50% 0px';

/**
 * Whether the part may render itself now, and the ref of its frame: at once when `eager`,
 * otherwise once its frame comes near the screen or its turn comes (and then for good). Its
 * render runs at transition priority, which React splits into short tasks, so a tap in between
 * is answered first.
 */
export function useMountInTurn<T extends Element>(eager: boolean): [RefObject<T | null>, boolean] {
  const frame = useRef<T>(null);
  const [ready, setReady] = useState(eager);
  useEffect(() => {
    if (ready) return undefined;
    const show = () => startTransition(() => setReady(true));
    const element = frame.current;
    const near =
      element && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: NEAR })
        : null;
    if (element) near?.observe(element);
    let leave = () => {};
    const stopWaiting = whenEngaged(() => {
      leave = turns.enqueue(show);
    });
    return () => {
      near?.disconnect();
      stopWaiting();
      leave();
    };
  }, [ready]);
  return [frame, ready];
}
