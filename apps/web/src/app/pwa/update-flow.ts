/**
 * The update of the installed app, as the user sees it: a new version of the service worker that
 * is installed and waiting is announced ("Er is een nieuwe versie beschikbaar"), and only taken
 * when the user chooses "Nu bijwerken": then the waiting worker is told to take over and the page
 * reloads once it has (controllerchange). Nothing reloads by itself, so a report being filled in is
 * never swapped from under the mechanic. "Later" hides the message until the next new version or
 * the next start of the app (a waiting worker is announced again at registration).
 */

/** The part of workbox-window's Workbox the flow uses. */
export type UpdateSource = {
  addEventListener(type: 'waiting', listener: () => void): void;
  messageSkipWaiting(): void;
};

/** The part of navigator.serviceWorker the flow uses. */
export type ControllerSource = {
  addEventListener(type: 'controllerchange', listener: () => void): void;
};

export type UpdateState = 'idle' | 'available' | 'updating';

export type UpdateFlow = {
  state(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** "Nu bijwerken": the waiting version takes over, then the page reloads. */
  accept(): void;
  /** "Later". */
  dismiss(): void;
};

export function createUpdateFlow(workbox: UpdateSource, container: ControllerSource, reload: () => void): UpdateFlow {
  let state: UpdateState = 'idle';
  const listeners = new Set<() => void>();
  const set = (next: UpdateState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  workbox.addEventListener('waiting', () => {
    if (state !== 'updating') set('available');
  });
  // The first version takes the page without a reload (clientsClaim): only a chosen update reloads.
  container.addEventListener('controllerchange', () => {
    if (state === 'updating') reload();
  });
  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    accept() {
      if (state !== 'available') return;
      set('updating');
      workbox.messageSkipWaiting();
    },
    dismiss() {
      if (state === 'available') set('idle');
    },
  };
}
