import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiResult } from '../api-client';
import type { WireChange } from './wire';
import type { SenderLock } from './lock';
import { leaseLock } from './lock';
import { SERVER_FAILURES_BEFORE_REFUSED } from './sender';
import {
  closeOutboxDatabases,
  createOutbox,
  nextEntry,
  OutboxClosedError,
  type Outbox,
  type OutboxEntry,
  type OutboxResult,
} from './outbox';

type Value = { v: string; last?: boolean; blob?: Blob };

let dbCount = 0;
const outboxes: Outbox<Value>[] = [];
afterEach(async () => {
  for (const o of outboxes.splice(0)) o.dispose();
  await closeOutboxDatabases();
});

/** One lock for the "tabs" of a test: the next waiter gets it when the holder is done. */
function memoryLock(): SenderLock & { holders: number } {
  let tail: Promise<void> = Promise.resolve();
  const lock = ((_name, signal, run) => {
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    return previous
      .then(async () => {
        if (signal.aborted) return;
        lock.holders++;
        try {
          await run();
        } finally {
          lock.holders--;
        }
      })
      .finally(release);
  }) as SenderLock & { holders: number };
  lock.holders = 0;
  return lock;
}

/** The server of a test: answers each request with `answer` (by default accepted). */
function server(
  answer: (change: WireChange) => Promise<ApiResult<unknown>> | ApiResult<unknown> = () => ({ data: null }),
) {
  const sent: string[] = [];
  let open = 0;
  let most = 0;
  const send = async (change: WireChange) => {
    open++;
    most = Math.max(most, open);
    try {
      const result = await answer(change);
      sent.push(`${change.path} ${String(change.body.v)}`);
      return result;
    } finally {
      open--;
    }
  };
  return { send, sent, most: () => most };
}

const encode = (entry: OutboxEntry<Value>): WireChange => ({
  path: `/${entry.scope}/${entry.key}`,
  body: { v: entry.value.v },
  method: 'PUT',
});

function make(
  opts: {
    userId?: number;
    db?: string;
    send?: (c: WireChange) => Promise<ApiResult<unknown>>;
    lock?: SenderLock;
    channel?: string | null;
    session?: () => Promise<number | null>;
    start?: boolean;
  } = {},
) {
  const userId = opts.userId ?? 1;
  const outbox = createOutbox<Value>({
    userId,
    dbName: opts.db ?? `outbox-test-${++dbCount}`,
    retryDelays: [5],
    lock: opts.lock ?? memoryLock(),
    channel: opts.channel ?? null,
    send: opts.send ?? server().send,
  });
  outboxes.push(outbox);
  if (opts.start !== false) outbox.startSending({ encode, sessionUser: opts.session ?? (async () => userId) });
  return outbox;
}

/** Resolves when the outbox reached a state (a listener, no polling). */
const until = (outbox: Outbox<Value>, test: (s: Outbox<Value>['state']) => boolean) =>
  new Promise<void>((resolve) => {
    const off = outbox.subscribe((s) => {
      if (!test(s)) return;
      queueMicrotask(() => off());
      resolve();
    });
  });

const results = (outbox: Outbox<Value>) => {
  const seen: OutboxResult<Value>[] = [];
  outbox.onResult((r) => seen.push(r));
  return seen;
};

describe('outbox', () => {
  it('sends in order, one at a time; a waiting change of the same key is replaced by the latest', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const srv = server(async () => (await gate, { data: null }));
    const outbox = make({ send: srv.send });
    await outbox.put('report:5', 'answer:1', { v: 'a' });
    await outbox.put('report:5', 'answer:2', { v: 'b' });
    await outbox.put('report:6', 'answer:1', { v: 'c' });
    // While answer:1 may be on its way, answer:2 is still waiting: replaced in its place.
    await outbox.put('report:5', 'answer:2', { v: 'b2' });
    expect(outbox.state.pending).toBe(3);
    release();
    await outbox.flush();
    expect(srv.sent).toEqual(['/report:5/answer:1 a', '/report:5/answer:2 b2', '/report:6/answer:1 c']);
    expect(srv.most()).toBe(1);
    expect(outbox.state).toMatchObject({ pending: 0, status: 'idle' });
  });

  it('never replaces the change in flight: the newer value is sent after it', async () => {
    let release!: () => void;
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const srv = server(async () => {
      started();
      await gate;
      return { data: null };
    });
    const outbox = make({ send: srv.send });
    await outbox.put('report:5', 'memo:1', { v: 'a' });
    await inFlight;
    await outbox.put('report:5', 'memo:1', { v: 'ab' });
    release();
    await outbox.flush();
    expect(srv.sent).toEqual(['/report:5/memo:1 a', '/report:5/memo:1 ab']);
  });

  it('sends a submit last for its report and takes no change of that report after it', async () => {
    const srv = server();
    const outbox = make({ send: srv.send, start: false });
    await outbox.put('report:5', 'answer:1', { v: 'a' });
    await outbox.put('report:5', 'submit', { v: 'submit' }, { last: true });
    await outbox.put('report:6', 'answer:1', { v: 'other report' });
    await expect(outbox.put('report:5', 'answer:2', { v: 'late' })).rejects.toBeInstanceOf(OutboxClosedError);
    outbox.startSending({ encode, sessionUser: async () => 1 });
    await outbox.flush();
    // In the order given; the submit after every other change of report 5.
    expect(srv.sent).toEqual(['/report:5/answer:1 a', '/report:5/submit submit', '/report:6/answer:1 other report']);
  });

  it('picks a submit after every other change of its report, even one stored after it', () => {
    const entry = (seq: number, scope: string, last = false): OutboxEntry<Value> => ({
      seq,
      userId: 1,
      scope,
      key: `k${seq}`,
      value: { v: String(seq) },
      ...(last && { last }),
    });
    expect(nextEntry([entry(1, 'report:5', true), entry(2, 'report:5'), entry(3, 'report:6')])?.seq).toBe(2);
    expect(nextEntry([entry(1, 'report:5', true), entry(3, 'report:6')])?.seq).toBe(1);
    expect(nextEntry([])).toBeUndefined();
  });

  it('holds a delayed change back until flush, keeping it stored at once', async () => {
    const srv = server();
    const outbox = make({ send: srv.send });
    await outbox.put('report:5', 'memo:1', { v: 'typing' }, { delay: 60_000 });
    expect((await outbox.list('report:5')).map((e) => e.value.v)).toEqual(['typing']);
    expect(srv.sent).toEqual([]);
    await outbox.flush('report:5');
    expect(srv.sent).toEqual(['/report:5/memo:1 typing']);
  });

  it('keeps a change through a lost connection and sends it once the server answers', async () => {
    let online = false;
    const srv = server(() => {
      if (!online) throw new ApiError('Failed to fetch', {}, 500, true);
      return { data: null };
    });
    const outbox = make({ send: srv.send });
    const offline = until(outbox, (s) => s.status === 'offline');
    await outbox.put('report:5', 'answer:1', { v: 'a' });
    await offline;
    expect(outbox.state.pending).toBe(1);
    online = true;
    outbox.retryNow();
    await outbox.flush();
    expect(srv.sent).toEqual(['/report:5/answer:1 a']);
  });

  it('reports a refused change once, keeps it in the refused list with its reason and goes on', async () => {
    const srv = server((c) => {
      if (c.path.endsWith('bad')) throw new ApiError('Al ingediend', { option: ['Kies een optie'] }, 409);
      return { data: { ok: true } };
    });
    const outbox = make({ send: srv.send });
    const seen = results(outbox);
    await outbox.put('report:5', 'bad', { v: '1' }, { label: 'Antwoord op vraag 1' });
    await outbox.put('report:5', 'good', { v: '2' });
    await outbox.flush();
    expect(seen.map((r) => [r.entry.key, r.ok])).toEqual([
      ['bad', false],
      ['good', true],
    ]);
    const refused = seen[0]!;
    expect(!refused.ok && refused.error.status).toBe(409);
    // Not dropped: listed with the server's reason until sent again or thrown away.
    const [kept] = await outbox.refused();
    expect(kept).toMatchObject({
      key: 'bad',
      label: 'Antwoord op vraag 1',
      value: { v: '1' },
      error: { message: 'Al ingediend', errors: { option: ['Kies een optie'] }, status: 409 },
    });
    await until(outbox, (s) => s.refused === 1 && s.pending === 0);
  });

  it('a refused change is sent again on request, or thrown away; a newer change of its key replaces it', async () => {
    let refuse = true;
    const srv = server(() => {
      if (refuse) throw new ApiError('Ongeldige waarde', {}, 422);
      return { data: null };
    });
    const outbox = make({ send: srv.send });
    await outbox.put('report:5', 'answer:1', { v: 'a' });
    await outbox.put('report:5', 'answer:2', { v: 'b' });
    await outbox.put('report:5', 'answer:3', { v: 'c' });
    await outbox.flush();
    expect((await outbox.refused()).map((e) => e.key)).toEqual(['answer:1', 'answer:2', 'answer:3']);
    refuse = false;
    // Sent again: at the end of the queue, accepted now.
    const [one, two] = await outbox.refused();
    expect(await outbox.retry(one!.seq)).toBe(true);
    await outbox.flush();
    expect(srv.sent).toContain('/report:5/answer:1 a');
    // Thrown away: gone, never sent.
    await outbox.discard(two!.seq);
    // Given again: the new value replaces the refused one.
    await outbox.put('report:5', 'answer:3', { v: 'c2' });
    await outbox.flush();
    expect(await outbox.refused()).toEqual([]);
    expect(srv.sent.filter((line) => line.includes('answer:2'))).toEqual([]);
    expect(srv.sent.at(-1)).toBe('/report:5/answer:3 c2');
    await until(outbox, (s) => s.refused === 0 && s.pending === 0);
  });

  it('keeps a change through a proxy or server that is down or busy (502, 503, 504, 429, 419, no JSON)', async () => {
    const failures = [502, 503, 504, 429, 419, 408];
    const srv = server(() => {
      const status = failures.shift();
      if (status) throw new ApiError('Bad Gateway', {}, status);
      return { data: 'ok' };
    });
    const outbox = make({ send: srv.send });
    const seen = results(outbox);
    await outbox.put('report:5', 'submit', { v: 'submit' }, { last: true });
    await outbox.flush();
    expect(failures).toEqual([]);
    expect(seen.map((r) => r.ok)).toEqual([true]);
    expect(await outbox.refused()).toEqual([]);
  });

  it("holds a report's submit back while a change of that report was refused, and sends it once that is settled", async () => {
    let refuse = true;
    const srv = server((c) => {
      if (refuse && c.path.endsWith('signature:mechanic')) throw new ApiError('Tijdstip in de toekomst', {}, 422);
      return { data: null };
    });
    const outbox = make({ send: srv.send });
    await outbox.putAll([
      { scope: 'report:5', key: 'signature:mechanic', value: { v: 'sig' } },
      { scope: 'report:5', key: 'submit', value: { v: 'submit' }, last: true },
    ]);
    await outbox.put('report:6', 'answer:1', { v: 'other report' });
    await outbox.flush('report:6');
    // The other report's change went; this report's submit waits for its refused signature.
    expect(srv.sent).toEqual(['/report:6/answer:1 other report']);
    expect((await outbox.list('report:5')).map((e) => e.key)).toEqual(['submit']);
    refuse = false;
    const [signature] = await outbox.refused('report:5');
    await outbox.retry(signature!.seq);
    await outbox.flush('report:5');
    expect(srv.sent).toEqual([
      '/report:6/answer:1 other report',
      '/report:5/signature:mechanic sig',
      '/report:5/submit submit',
    ]);
  });

  it('a server that keeps failing (500) is asked a few times, then its refusal is listed', async () => {
    let asked = 0;
    const srv = server((c) => {
      if (c.path.endsWith('broken')) {
        asked++;
        throw new ApiError('Er ging iets mis', {}, 500);
      }
      return { data: null };
    });
    const outbox = make({ send: srv.send });
    await outbox.put('report:5', 'broken', { v: '1' });
    await outbox.put('report:5', 'next', { v: '2' });
    await outbox.flush();
    expect(asked).toBe(SERVER_FAILURES_BEFORE_REFUSED);
    expect((await outbox.refused()).map((e) => [e.key, e.error.status])).toEqual([['broken', 500]]);
    // The queue was not held up for good: the next change went.
    expect(srv.sent).toEqual(['/report:5/next 2']);
  });

  it("keeps what the server accepted, with its answer and the server's time, until it is forgotten", async () => {
    const srv = server((c) => ({ data: { saved: c.body.v }, servedAt: Date.UTC(2026, 11, 2, 9, 30, 0) }));
    const outbox = make({ send: srv.send });
    await outbox.put('report:5', 'answer:1', { v: 'a' });
    await outbox.put('report:5', 'answer:1', { v: 'a2' });
    await outbox.flush();
    await outbox.put('report:5', 'answer:1', { v: 'a3' });
    await outbox.put('report:6', 'answer:1', { v: 'b' });
    await outbox.flush();
    // One kept change per scope and key: the last the server accepted.
    const kept = await outbox.kept('report:5');
    expect(kept.map((e) => [e.key, e.value.v, e.result, e.acceptedAt])).toEqual([
      ['answer:1', 'a3', { saved: 'a3' }, Date.UTC(2026, 11, 2, 9, 30, 0)],
    ]);
    expect(await outbox.list()).toEqual([]);
    await outbox.forget(kept.map((e) => e.seq));
    expect(await outbox.kept('report:5')).toEqual([]);
    expect((await outbox.kept()).map((e) => e.scope)).toEqual(['report:6']);
  });

  it('stores several changes at once or none: a closed scope takes neither the signature nor the submit', async () => {
    const outbox = make({ start: false });
    await outbox.putAll([
      { scope: 'report:5', key: 'signature:mechanic', value: { v: 'sig' } },
      { scope: 'report:5', key: 'submit', value: { v: 'submit' }, last: true },
    ]);
    expect((await outbox.list('report:5')).map((e) => [e.key, e.last ?? false])).toEqual([
      ['signature:mechanic', false],
      ['submit', true],
    ]);
    await expect(
      outbox.putAll([
        { scope: 'report:6', key: 'answer:1', value: { v: 'other' } },
        { scope: 'report:5', key: 'signature:customer', value: { v: 'late' } },
      ]),
    ).rejects.toBeInstanceOf(OutboxClosedError);
    expect(await outbox.list('report:6')).toEqual([]);
    expect(outbox.state.pending).toBe(2);
  });

  it('counts every change stored, also when puts overlap (the badge never lags the outbox)', async () => {
    const outbox = make({ start: false });
    await outbox.ready;
    const counts: number[] = [];
    outbox.subscribe((s) => counts.push(s.pending));
    await Promise.all(['a', 'b', 'c', 'd'].map((k) => outbox.put('report:5', k, { v: k })));
    expect(outbox.state.pending).toBe(4);
    // Never a count lower than one already shown.
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it('stops with everything kept on a 401, and a new outbox of the same user (a new login) sends it', async () => {
    const db = `outbox-test-${++dbCount}`;
    let session = false;
    const srv = server(() => {
      if (!session) throw new ApiError('Niet ingelogd', {}, 401);
      return { data: null };
    });
    const first = make({ db, send: srv.send });
    const stopped = until(first, (s) => s.status === 'unauthorized');
    await first.put('report:5', 'answer:1', { v: 'a' });
    await first.put('report:5', 'answer:2', { v: 'b' });
    await stopped;
    expect((await first.list()).map((e) => e.key)).toEqual(['answer:1', 'answer:2']);
    // A reload after the login: the stored entries are sent in their order.
    first.dispose();
    session = true;
    const second = make({ db, send: srv.send });
    await second.ready;
    expect(second.state.pending).toBe(2);
    await second.flush();
    expect(srv.sent).toEqual(['/report:5/answer:1 a', '/report:5/answer:2 b']);
    // retryNow after the login in the same tab works too.
    session = false;
    const blocked = until(second, (s) => s.status === 'unauthorized');
    await second.put('report:5', 'answer:3', { v: 'c' });
    await blocked;
    session = true;
    second.retryNow();
    await second.flush();
    expect(srv.sent.at(-1)).toBe('/report:5/answer:3 c');
  });

  it("keeps each user's entries to that user: another user on the device neither sends nor sees them", async () => {
    const db = `outbox-test-${++dbCount}`;
    const srv = server();
    const lock = memoryLock();
    // User 1 leaves entries (the session ended before they went out).
    const first = make({ db, userId: 1, lock, start: false });
    await first.put('report:5', 'answer:1', { v: 'of user 1' });
    first.dispose();
    // User 2 logs in on the same device.
    const second = make({ db, userId: 2, lock, send: srv.send, session: async () => 2 });
    await second.ready;
    expect(second.state.pending).toBe(0);
    expect(await second.list()).toEqual([]);
    await second.put('report:7', 'answer:1', { v: 'of user 2' });
    await second.flush();
    expect(srv.sent).toEqual(['/report:7/answer:1 of user 2']);
    second.dispose();
    // User 1 returns: their entry was kept and goes now, as user 1.
    const again = make({ db, userId: 1, lock, send: srv.send, session: async () => 1 });
    await again.ready;
    expect(again.state.pending).toBe(1);
    await again.flush();
    expect(srv.sent).toEqual(['/report:7/answer:1 of user 2', '/report:5/answer:1 of user 1']);
  });

  it("never sends with another user's session", async () => {
    const srv = server();
    const outbox = make({ userId: 1, send: srv.send, session: async () => 2 });
    const stopped = until(outbox, (s) => s.status === 'unauthorized');
    await outbox.put('report:5', 'answer:1', { v: 'a' });
    await stopped;
    expect(srv.sent).toEqual([]);
    expect(outbox.state.pending).toBe(1);
  });

  it('keeps a photo (a Blob) as it was given', async () => {
    const outbox = make({ start: false });
    await outbox.put('report:5', 'photo:x', { v: 'photo', blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }) });
    const [entry] = await outbox.list('report:5');
    expect(entry!.value.blob).toBeInstanceOf(Blob);
    expect(entry!.value.blob!.type).toBe('image/jpeg');
    expect(await entry!.value.blob!.text()).toBe('jpeg bytes');
  });

  it('two tabs on one database: one sends (the lock), both see the changes and results', async () => {
    const db = `outbox-test-${++dbCount}`;
    const channel = `outbox-test-channel-${dbCount}`;
    const lock = memoryLock();
    const srv = server();
    const a = make({ db, lock, channel, send: srv.send });
    const b = make({ db, lock, channel, send: srv.send });
    await until(a, (s) => s.sender);
    expect(b.state.sender).toBe(false);
    expect(lock.holders).toBe(1);

    // A change made in tab b is sent by tab a; b hears the result and counts 0 again.
    const seenInB = results(b);
    const bEmpty = until(b, (s) => s.pending === 0);
    await b.put('report:5', 'answer:1', { v: 'from b' });
    await a.flush();
    await bEmpty;
    expect(srv.sent).toEqual(['/report:5/answer:1 from b']);
    await vi.waitFor(() => expect(seenInB.map((r) => r.entry.key)).toEqual(['answer:1']));

    // Tab a closes: tab b takes over.
    a.dispose();
    await until(b, (s) => s.sender);
    await b.put('report:5', 'answer:2', { v: 'later' });
    await b.flush();
    expect(srv.sent).toEqual(['/report:5/answer:1 from b', '/report:5/answer:2 later']);
    expect(srv.most()).toBe(1);
  });

  it('the localStorage lease (no Web Locks) lets one of two tabs hold the lock', async () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    const [one, two] = [leaseLock(storage), leaseLock(storage)];
    let holding = 0;
    let most = 0;
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const abort = new AbortController();
    const run = (name: string) => async () => {
      holding++;
      most = Math.max(most, holding);
      order.push(name);
      if (order.length === 1) await firstHeld;
      holding--;
    };
    const p1 = one('x', abort.signal, run('one'));
    const p2 = two('x', abort.signal, run('two'));
    await vi.waitFor(() => expect(order.length).toBe(1));
    releaseFirst();
    await Promise.all([p1, p2]);
    expect(order.sort()).toEqual(['one', 'two']);
    expect(most).toBe(1);
  });
});
