import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from './api-client';
import { createSaveQueue, type QueuedChange, type QueueStorage, type WireChange } from './save-queue';

type Call = { url: string; body: FormData | undefined };
let calls: Call[] = [];
const respond = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mockFetch(handler: (url: string) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body as FormData | undefined });
      return handler(url);
    }),
  );
}

type Value = { v: number | string };
/** The wire format of the tests: the key names the path, the value is the form body. */
const encode = ({ key, value }: QueuedChange<Value>): WireChange => ({
  path: `/api/${key}`,
  body: value,
  method: 'PUT',
});

beforeEach(() => {
  calls = [];
  resetApiClient();
});
afterEach(() => vi.unstubAllGlobals());

describe('save queue', () => {
  const ok = (url: string) =>
    url === '/api/token' ? respond(200, { data: { token: 'T' } }) : respond(200, { data: null });
  const sent = () => calls.filter((c) => c.url !== '/api/token').map((c) => `${c.url} ${c.body?.get('v')}`);

  it('sends queued changes one at a time in order, beside a user action', async () => {
    let open = 0;
    let most = 0;
    mockFetch(async (url) => {
      open++;
      most = Math.max(most, open);
      await new Promise((r) => setTimeout(r, 5));
      open--;
      return ok(url);
    });
    const queue = createSaveQueue({ encode });
    queue.save('a', { v: 1 });
    queue.save('b', { v: 2 });
    queue.save('c', { v: 3 });
    await queue.flushed();
    expect(sent()).toEqual(['/api/a 1', '/api/b 2', '/api/c 3']);
    expect(most).toBe(1);
    expect(queue.state).toEqual({ pending: 0, status: 'idle', failed: null });
  });

  it('replaces a waiting change of the same key with the latest value', async () => {
    mockFetch(async (url) => (await new Promise((r) => setTimeout(r, 5)), ok(url)));
    const queue = createSaveQueue({ encode });
    queue.save('a', { v: 1 });
    queue.save('b', { v: 1 });
    queue.save('b', { v: 2 });
    queue.save('b', { v: 3 });
    await queue.flushed();
    expect(sent()).toEqual(['/api/a 1', '/api/b 3']);
  });

  it('keeps a change through a lost connection and sends it when the connection is back', async () => {
    let online = false;
    mockFetch((url) => {
      if (!online && url !== '/api/token') throw new TypeError('Failed to fetch');
      return ok(url);
    });
    const queue = createSaveQueue({ encode, retryDelays: [5] });
    const states: string[] = [];
    queue.subscribe((s) => states.push(s.status));
    queue.save('a', { v: 1 });
    await vi.waitFor(() => expect(states).toContain('offline'));
    expect(queue.state.pending).toBe(1);
    online = true;
    await queue.flushed();
    expect(sent().filter((s) => s === '/api/a 1').length).toBeGreaterThanOrEqual(2);
    expect(queue.state).toMatchObject({ pending: 0, status: 'idle', failed: null });
  });

  it('reports a refused change once and goes on with the next', async () => {
    mockFetch((url) => (url === '/api/bad' ? respond(409, { message: 'Al ingediend', errors: {} }) : ok(url)));
    const queue = createSaveQueue({ encode });
    queue.save('bad', { v: 1 });
    queue.save('good', { v: 2 });
    await queue.flushed();
    expect(sent()).toEqual(['/api/bad 1', '/api/good 2']);
    expect(queue.state.failed).toMatchObject({ key: 'bad', error: { status: 409, message: 'Al ingediend' } });
  });

  /** A storage in memory, as localStorage would keep it (a copy, not the queue's own objects). */
  const memoryStorage = (initial: QueuedChange<Value>[] = []) => {
    let items = JSON.stringify(initial);
    const storage: QueueStorage<Value> & { items: () => QueuedChange<Value>[] } = {
      load: () => JSON.parse(items) as QueuedChange<Value>[],
      store: (next) => void (items = JSON.stringify(next)),
      items: () => JSON.parse(items) as QueuedChange<Value>[],
    };
    return storage;
  };

  it('keeps waiting changes in its storage until the server accepts them, and replays them in a new queue', async () => {
    let online = false;
    mockFetch((url) => {
      if (!online && url !== '/api/token') throw new TypeError('Failed to fetch');
      return ok(url);
    });
    const storage = memoryStorage();
    const first = createSaveQueue({ encode, retryDelays: [5], storage });
    first.save('a', { v: 1 });
    first.save('b', { v: 2 });
    first.save('b', { v: 3 });
    await vi.waitFor(() => expect(first.state.status).toBe('offline'));
    expect(storage.items().map((i) => `${i.key} ${String(i.value.v)}`)).toEqual(['a 1', 'b 3']);
    // The tab is closed: the queue stops, the storage keeps its changes.
    first.dispose();
    calls = [];
    online = true;
    const saved: string[] = [];
    const second = createSaveQueue({ encode, storage, onSaved: (c) => saved.push(c.key) });
    expect(second.state.pending).toBe(2);
    await second.flushed();
    expect(sent()).toEqual(['/api/a 1', '/api/b 3']);
    expect(saved).toEqual(['a', 'b']);
    expect(storage.items()).toEqual([]);
  });

  it('stops with the change kept when the session has ended (401), and goes on after retryNow', async () => {
    let session = false;
    mockFetch((url) =>
      url === '/api/token' || session ? ok(url) : respond(401, { message: 'Niet ingelogd', errors: {} }),
    );
    const storage = memoryStorage();
    const queue = createSaveQueue({ encode, storage });
    queue.save('a', { v: 1 });
    queue.save('b', { v: 2 });
    await vi.waitFor(() => expect(queue.state.status).toBe('unauthorized'));
    expect(queue.state).toMatchObject({ pending: 2, failed: null });
    expect(storage.items().map((i) => i.key)).toEqual(['a', 'b']);
    session = true;
    queue.retryNow();
    await queue.flushed();
    expect(sent()).toEqual(['/api/a 1', '/api/a 1', '/api/b 2']);
    expect(queue.state).toMatchObject({ pending: 0, status: 'idle' });
  });

  it('holds a delayed change back, keeps it at once, replaces it while it waits, and flush sends it now', async () => {
    mockFetch(ok);
    const storage = memoryStorage();
    const queue = createSaveQueue({ encode, storage });
    queue.save('memo', { v: 'a' }, { delay: 10_000 });
    queue.save('memo', { v: 'ab' }, { delay: 10_000 });
    expect(storage.items().map((i) => i.value.v)).toEqual(['ab']);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent()).toEqual([]);
    await queue.flush();
    expect(sent()).toEqual(['/api/memo ab']);
    expect(storage.items()).toEqual([]);
  });
});
