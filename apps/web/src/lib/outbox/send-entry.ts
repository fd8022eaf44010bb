import { ApiError, type ApiResult } from '../api-client';
import type { KeptEntry, OutboxEntry, OutboxStore, RefusedEntry } from './store';
import type { WireChange } from './wire';

/** A failing server (500) is asked this often before its answer counts as a refusal. */
export const SERVER_FAILURES_BEFORE_REFUSED = 5;

/**
 * What an answer means for the change: sent again later (no connection, a proxy or server that
 * is down or busy, a stale CSRF token), stop until the user logs in again, or refused for good.
 * A refused change is kept in the refused list; nothing is dropped without a word.
 */
export type Outcome = 'network' | 'busy' | 'failing' | 'unauthorized' | 'refused';
export function outcomeOf(error: ApiError): Outcome {
  if (error.network) return 'network';
  if (error.status === 401) return 'unauthorized';
  // 0: the client's own "in progress"; 408/425/429: try later; 419: a token that went stale
  // between its refresh and the retry; 502-504: a proxy or server that is not there (its error
  // page is no JSON).
  if ([0, 408, 419, 425, 429, 502, 503, 504].includes(error.status)) return 'busy';
  if (error.status >= 500) return 'failing';
  return 'refused';
}

/** What sending one entry needs: the store, the request, the pauses, and who hears the answer. */
export type EntryDeps<T> = {
  store: OutboxStore<T>;
  retryDelays: number[];
  send: (change: WireChange) => Promise<ApiResult<unknown>>;
  accepted: (entry: KeptEntry<T>, result: ApiResult<unknown>) => void;
  refused: (entry: RefusedEntry<T>, error: ApiError) => void;
};

/**
 * Sends one entry and files the answer (kept, refused, or back in the queue with a failure
 * counted); says how long to pause before the next (0: go on) or null: stop (no session).
 */
export async function sendEntry<T>(
  deps: EntryDeps<T>,
  encode: (entry: OutboxEntry<T>) => WireChange,
  entry: OutboxEntry<T>,
  attempt: number,
): Promise<number | null> {
  const { store } = deps;
  const taken = await store.take(entry.seq, true);
  if (!taken) return 0;
  try {
    const result = await deps.send(encode(taken));
    const kept = await store.accept(taken.seq, result.data ?? null, result.servedAt ?? Number.POSITIVE_INFINITY);
    if (kept) deps.accepted(kept, result);
    return 0;
  } catch (err) {
    const error = err instanceof ApiError ? err : new ApiError(String(err), {}, 500, true);
    const outcome = outcomeOf(error);
    const failing = outcome === 'failing';
    if (outcome === 'unauthorized') {
      await store.take(taken.seq, false);
      return null;
    }
    if (outcome === 'refused' || (failing && (taken.failures ?? 0) + 1 >= SERVER_FAILURES_BEFORE_REFUSED)) {
      const refused = await store.refuse(taken.seq, {
        message: error.message,
        errors: error.errors,
        status: error.status,
      });
      if (refused) deps.refused(refused, error);
      return 0;
    }
    await store.take(taken.seq, false, failing);
    return deps.retryDelays[Math.min(attempt, deps.retryDelays.length - 1)]!;
  }
}
