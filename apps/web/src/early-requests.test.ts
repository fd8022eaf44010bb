import { describe, expect, it, vi } from 'vitest';
import { startEarlyRequests } from './early-requests';

/** A fetch that answers /api/authorized with `session` and everything else with 200. */
function fakeFetch(session: number) {
  return vi.fn(
    async (path: string | URL | Request) => new Response('{}', { status: path === '/api/authorized' ? session : 200 }),
  );
}

describe('startEarlyRequests', () => {
  it("asks the session on every page, with the headers of the app's own GET", async () => {
    const fetcher = fakeFetch(200);
    const early = startEarlyRequests('/admin/customers', fetcher as typeof fetch, 'nl');
    expect([...early.keys()]).toEqual(['/api/authorized']);
    expect((await early.get('/api/authorized'))!.status).toBe(200);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('/api/authorized', {
      headers: { Accept: 'application/json', 'Accept-Language': 'nl' },
      credentials: 'same-origin',
    });
  });

  it('reads each body at once, so a response nobody takes is finished; the copy says the same', async () => {
    const original = new Response('{"data":{"id":7}}', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    const early = startEarlyRequests('/register', (async () => original) as typeof fetch, 'nl');
    const copy = await early.get('/api/authorized')!;
    expect(original.bodyUsed).toBe(true);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('application/json');
    expect(await copy.json()).toEqual({ data: { id: 7 } });
    const empty = startEarlyRequests('/', (async () => new Response(null, { status: 204 })) as typeof fetch, 'nl');
    expect((await empty.get('/api/authorized')!).status).toBe(204);
  });

  it("asks a report screen's report once the session has answered", async () => {
    const fetcher = fakeFetch(200);
    const early = startEarlyRequests('/mechanic/report/42', fetcher as typeof fetch, 'nl');
    expect([...early.keys()]).toEqual(['/api/authorized', '/api/reports/42']);
    // The report waits for the session's answer.
    expect(fetcher).toHaveBeenCalledTimes(1);
    const report = await early.get('/api/reports/42');
    expect(report!.status).toBe(200);
    expect(fetcher.mock.calls.map(([path]) => path)).toEqual(['/api/authorized', '/api/reports/42']);
  });

  it('asks nothing more for a logged-out visitor of a report screen', async () => {
    const fetcher = fakeFetch(401);
    const early = startEarlyRequests('/mechanic/report/42/', fetcher as typeof fetch, 'nl');
    await expect(early.get('/api/reports/42')).rejects.toThrow('no session');
    expect(fetcher.mock.calls.map(([path]) => path)).toEqual(['/api/authorized']);
  });

  it('a report nobody takes after a failed session check is no unhandled error', async () => {
    const fetcher = fakeFetch(401);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startEarlyRequests('/mechanic/report/42', fetcher as typeof fetch, 'nl');
      // One turn of the event loop: a rejection nobody handled is reported before it.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('only on the report screen itself', () => {
    for (const path of [
      '/mechanic/report/42/extra',
      '/mechanic/report/abc',
      '/admin/reports/42',
      '/mechanic/reports/42',
    ]) {
      const early = startEarlyRequests(path, fakeFetch(200) as typeof fetch, 'nl');
      expect([...early.keys()], path).toEqual(['/api/authorized']);
    }
  });
});
