import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, errorMessage } from '../api-client';
import { AUTH_QUERY_KEY } from '../query-client';
import type { WireChange } from './wire';
import {
  createOutbox,
  type Outbox,
  type OutboxEntry,
  type OutboxResult,
  type OutboxState,
  type RefusedEntry,
} from './outbox';

/**
 * The app's one outbox: of the user logged in on this tab (a new login of another user replaces
 * it; the previous user's entries stay stored, unsent and unseen, until that user returns).
 */
let current: Outbox<unknown> | null = null;
const currentListeners = new Set<() => void>();

/** The outbox of `userId` (made once; another user's is stopped first). */
export function outboxFor<T>(userId: number): Outbox<T> {
  if (current?.userId !== userId) {
    current?.dispose();
    current = createOutbox<unknown>({ userId });
    // Told after this render (a screen may ask for it while rendering).
    queueMicrotask(() => currentListeners.forEach((listener) => listener()));
  }
  return current as Outbox<T>;
}

/** Sends what waits now (instead of after the next retry pause). */
export const retryOutbox = () => current?.retryNow();

/** Results a screen waits for itself (a submit): not said again by the app. */
const claimed = new Set<number>();
/** The screen that queued entry `seq` says the server's refusal itself. */
export const claimResult = (seq: number) => void claimed.add(seq);

/** What the app does with the outbox's entries: their requests and the server's answers. */
export type OutboxConfig<T> = {
  encode: (entry: OutboxEntry<T>) => WireChange;
  /** After each answer of the server (any tab's): update what the screens show. */
  onResult?: (queryClient: QueryClient, result: OutboxResult<T>) => void;
  /** Brings entries an older version kept elsewhere (localStorage) into the outbox, once. */
  migrate?: (outbox: Outbox<T>) => Promise<void>;
};

/** How the app tells the user something (the notifications of components/feedback). */
export type Notifier = (message: string, severity: 'error' | 'warning' | 'info' | 'success') => void;

/** The user of the session the requests go with (null: none). */
async function sessionUser(): Promise<number | null> {
  try {
    return (await apiGet<{ id: number } | null>('/api/authorized')).data?.id ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** "Niet verzonden: <reden>": a refusal as the app says it (it stays in the outbox's list). */
export const refusedText = (error: ApiError) => `Niet verzonden: ${errorMessage(error)}`;

/**
 * Sends the logged-in user's outbox from this tab (when it gets the lock: one sender on the
 * device), on every screen. Mounted by the main layout. A refused change is said with `notify`
 * (and stays listed under the badge); an ended session (401) asks who is logged in again, so the
 * guard sends the user to login; the next login of the same user sends what waited.
 */
export function useOutboxSender<T>(userId: number, config: OutboxConfig<T>, notify: Notifier) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const outbox = outboxFor<T>(userId);
    let live = true;
    const start = async () => {
      try {
        await config.migrate?.(outbox);
      } catch {
        // The old entries stay where they are; tried again at the next start.
      }
      if (!live) return;
      outbox.startSending({ encode: config.encode, sessionUser });
      outbox.retryNow();
    };
    void start();
    const offResult = outbox.onResult((result) => {
      config.onResult?.(queryClient, result);
      if (result.ok) return;
      if (claimed.delete(result.entry.seq)) return;
      notify(refusedText(result.error), 'error');
    });
    let status = outbox.state.status;
    const offState = outbox.subscribe((state) => {
      if (state.status === 'unauthorized' && status !== 'unauthorized') {
        void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
      }
      status = state.status;
    });
    const online = () => outbox.retryNow();
    window.addEventListener('online', online);
    return () => {
      live = false;
      offResult();
      offState();
      window.removeEventListener('online', online);
    };
    // The config is the app's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, queryClient, notify]);
}

const subscribeCurrent = (notify: () => void) => {
  currentListeners.add(notify);
  return () => void currentListeners.delete(notify);
};
const IDLE: OutboxState = { pending: 0, refused: 0, status: 'idle', sender: false };

/** The logged-in user's outbox (null before one is made). */
export const useCurrentOutbox = () => useSyncExternalStore(subscribeCurrent, () => current);

/** The state of the logged-in user's outbox (nothing pending before one is made). */
export function useOutboxState(): OutboxState {
  const outbox = useCurrentOutbox();
  return useSyncExternalStore(
    (notify) => outbox?.subscribe(notify) ?? (() => undefined),
    () => outbox?.state ?? IDLE,
  );
}

/** What waits and what was refused, read again whenever the outbox changes (while `open`). */
export function useOutboxItems(open: boolean) {
  const outbox = useCurrentOutbox();
  const [items, setItems] = useState<{ waiting: OutboxEntry<unknown>[]; refused: RefusedEntry<unknown>[] } | null>(
    null,
  );
  useEffect(() => {
    if (!outbox || !open) return;
    let live = true;
    let reads = 0;
    const read = () => {
      const n = ++reads;
      void Promise.all([outbox.list(), outbox.refused()]).then(([waiting, refused]) => {
        if (live && n === reads) setItems({ waiting, refused });
      });
    };
    read();
    const off = outbox.onChange(read);
    return () => {
      live = false;
      off();
    };
  }, [outbox, open]);
  return { items, outbox };
}

/** The browser's idea of the connection, followed live. */
export function useOnline() {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify);
      window.addEventListener('offline', notify);
      return () => {
        window.removeEventListener('online', notify);
        window.removeEventListener('offline', notify);
      };
    },
    () => navigator.onLine,
  );
}
