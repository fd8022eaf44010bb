import type { ApiResult } from '../api-client';
import type { OutboxStatus } from './sender';
import type { KeptEntry, RefusedEntry } from './store';

/** What the tabs of the app tell each other about one user's outbox. */
export type TabMessage<T> =
  /** Entries were stored, sent, kept, refused or thrown away: read them again. */
  | { type: 'changed'; userId: number }
  /** The sending tab's status. */
  | { type: 'status'; userId: number; status: OutboxStatus }
  /** The server's answer to one entry (from the tab that sent it). */
  | { type: 'accepted'; userId: number; entry: KeptEntry<T>; result: ApiResult<unknown> }
  | { type: 'refused'; userId: number; entry: RefusedEntry<T> }
  /** A user logged in on this tab. */
  | { type: 'user'; userId: number };

/** The tab channel (BroadcastChannel; none where it is missing or `name` is null). */
export function createTabChannel<T>(name: string | null, receive: (message: TabMessage<T>) => void) {
  const channel = name && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(name) : null;
  if (channel) channel.onmessage = (event: MessageEvent<TabMessage<T>>) => receive(event.data);
  return {
    post(message: TabMessage<T>) {
      try {
        channel?.postMessage(message);
      } catch {
        // A closed channel (disposed), or a value that cannot be cloned: the tabs read the store.
      }
    },
    close: () => channel?.close(),
  };
}
