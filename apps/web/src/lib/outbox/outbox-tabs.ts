import { ApiError } from '../api-client';
import type { TabMessage } from './channel';
import type { OutboxEvents } from './outbox-events';
import type { createSender } from './sender';

type TabDeps<T> = {
  userId: number;
  sender: ReturnType<typeof createSender<T>>;
  events: OutboxEvents<T>;
  /** Count the entries again and tell the listeners. */
  changed: () => Promise<void>;
  disposed: () => boolean;
};

/**
 * What the outbox does with another tab's word: a login (of someone else: this user's entries
 * wait), changed entries, the sender's status, and the server's answers that tab got.
 */
export function tabListener<T>({ userId, sender, events, changed, disposed }: TabDeps<T>) {
  return (message: TabMessage<T>) => {
    if (disposed()) return;
    if (message.type === 'user') {
      // Someone else logged in on this device: this user's entries wait for their return. The
      // same user again (a new login in another tab): try again (the sender checks the session).
      if (message.userId !== userId) sender.block();
      else if (sender.blocked) sender.retryNow();
      return;
    }
    if (message.userId !== userId) return;
    if (message.type === 'changed') void changed();
    else if (message.type === 'status' && !events.state.sender) events.publish({ status: message.status });
    else if (message.type === 'accepted') events.dispatch({ entry: message.entry, ok: true, result: message.result });
    else if (message.type === 'refused') {
      const { message: text, errors, status } = message.entry.error;
      events.dispatch({ entry: message.entry, ok: false, error: new ApiError(text, errors, status) });
    }
  };
}
