import type { ApiError, ApiResult } from '../api-client';
import type { OutboxStatus } from './sender';
import type { OutboxEntry } from './store';

/**
 * pending: changes waiting to be sent; refused: changes the server refused (until sent again
 * or thrown away); sender: this tab sends.
 */
export type OutboxState = { pending: number; refused: number; status: OutboxStatus; sender: boolean };

/** The server's answer to one entry: accepted (with its data) or refused (with its error). */
export type OutboxResult<T> = { entry: OutboxEntry<T> } & (
  { ok: true; result: ApiResult<unknown> } | { ok: false; error: ApiError }
);

/**
 * What the outbox tells the screens: its state (counts, the sender's status, whether this tab
 * sends), that its entries changed, and each answer of the server.
 */
export function createOutboxEvents<T>() {
  const stateListeners = new Set<(state: OutboxState) => void>();
  const changeListeners = new Set<() => void>();
  const resultListeners = new Set<(result: OutboxResult<T>) => void>();
  let state: OutboxState = { pending: 0, refused: 0, status: 'idle', sender: false };

  return {
    get state() {
      return state;
    },
    publish(next: Partial<OutboxState>) {
      const merged = { ...state, ...next };
      if ((Object.keys(merged) as (keyof OutboxState)[]).every((k) => merged[k] === state[k])) return;
      state = merged;
      for (const listener of stateListeners) listener(state);
    },
    changed() {
      for (const listener of changeListeners) listener();
    },
    dispatch(result: OutboxResult<T>) {
      for (const listener of resultListeners) listener(result);
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
    clear() {
      stateListeners.clear();
      resultListeners.clear();
      changeListeners.clear();
    },
  };
}

export type OutboxEvents<T> = ReturnType<typeof createOutboxEvents<T>>;
