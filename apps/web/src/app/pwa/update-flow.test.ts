import { describe, expect, it } from 'vitest';
import { createUpdateFlow } from './update-flow';

/** A Workbox and a navigator.serviceWorker that fire their events when the test says so. */
function setup() {
  const waiting: (() => void)[] = [];
  const controllerChange: (() => void)[] = [];
  const calls: string[] = [];
  const flow = createUpdateFlow(
    {
      addEventListener: (_type, listener) => void waiting.push(listener),
      messageSkipWaiting: () => void calls.push('skipWaiting'),
    },
    { addEventListener: (_type, listener) => void controllerChange.push(listener) },
    () => void calls.push('reload'),
  );
  const states: string[] = [];
  flow.subscribe(() => states.push(flow.state()));
  return {
    flow,
    calls,
    states,
    newVersionWaiting: () => waiting.forEach((l) => l()),
    controllerChanged: () => controllerChange.forEach((l) => l()),
  };
}

describe('the update prompt', () => {
  it('announces a waiting version and never reloads by itself', () => {
    const s = setup();
    // The first version taking the page (clientsClaim) is no update.
    s.controllerChanged();
    s.newVersionWaiting();
    expect(s.flow.state()).toBe('available');
    s.controllerChanged();
    expect(s.calls).toEqual([]);
  });

  it('"Nu bijwerken": the waiting version takes over, then the page reloads once', () => {
    const s = setup();
    s.newVersionWaiting();
    s.flow.accept();
    expect(s.calls).toEqual(['skipWaiting']);
    expect(s.flow.state()).toBe('updating');
    s.controllerChanged();
    expect(s.calls).toEqual(['skipWaiting', 'reload']);
  });

  it('"Later" hides it until the next new version; nothing is taken meanwhile', () => {
    const s = setup();
    s.newVersionWaiting();
    s.flow.dismiss();
    expect(s.flow.state()).toBe('idle');
    s.flow.accept();
    expect(s.calls).toEqual([]);
    s.newVersionWaiting();
    expect(s.states).toEqual(['available', 'idle', 'available']);
  });
});
