import { describe, expect, it, vi } from 'vitest';
import { earlyAnswers, preloadReportScreen, startEarlyRequests } from './early-requests';

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

  it('asks nothing the server answered within the page: the responses are built from its answers', async () => {
    const fetcher = fakeFetch(200);
    const answers = { '/api/authorized': { data: { id: 3 } }, '/api/reports/42': { data: { id: 42 } } };
    const early = startEarlyRequests('/mechanic/report/42', fetcher as typeof fetch, 'nl', answers);
    const session = await early.get('/api/authorized')!;
    expect(session.status).toBe(200);
    expect(session.headers.get('content-type')).toBe('application/json');
    expect(await session.json()).toEqual({ data: { id: 3 } });
    expect(await (await early.get('/api/reports/42')!).json()).toEqual({ data: { id: 42 } });
    expect(fetcher).not.toHaveBeenCalled();
    // Only the session answered: the report is asked as before.
    const some = startEarlyRequests('/mechanic/report/42', fetcher as typeof fetch, 'nl', {
      '/api/authorized': answers['/api/authorized'],
    });
    expect((await some.get('/api/reports/42')!).status).toBe(200);
    expect(fetcher.mock.calls.map(([path]) => path)).toEqual(['/api/reports/42']);
  });

  it("reads the server's answers from the page, and none from a page without them or with broken JSON", () => {
    // A page whose #early-answers element holds `text` (none when undefined).
    const page = (text?: string) =>
      ({
        getElementById: (id: string) => (id === 'early-answers' && text !== undefined ? { textContent: text } : null),
      }) as unknown as Document;
    expect(earlyAnswers(page('{"/api/authorized":{"data":{"id":3}}}'))).toEqual({
      '/api/authorized': { data: { id: 3 } },
    });
    expect(earlyAnswers(page())).toEqual({});
    expect(earlyAnswers(page('{"a":'))).toEqual({});
    expect(earlyAnswers(page('null'))).toEqual({});
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

/** A document with index.html's list of the report screen's files (`list`), recording its links. */
function fakeDocument(list: string | null) {
  const links: { rel: string; as: string; href: string; crossOrigin: string | null; fetchPriority: string }[] = [];
  const doc = {
    getElementById: (id: string) => (id === 'report-screen-code' && list !== null ? { textContent: list } : null),
    createElement: () => ({ rel: '', as: '', href: '', crossOrigin: null, fetchPriority: '' }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  };
  return { doc: doc as unknown as Document, links };
}

describe('preloadReportScreen', () => {
  const list = JSON.stringify(['/assets/report-fill-1.js', '/assets/mui-field-2.js', '/assets/report-fill-3.css']);

  it("asks a report screen's files at low priority, as the app's imports do: scripts as module preloads, style sheets as preloads", () => {
    const { doc, links } = fakeDocument(list);
    expect(preloadReportScreen('/mechanic/report/42', doc)).toBe(3);
    expect(links).toEqual([
      { rel: 'modulepreload', as: '', href: '/assets/report-fill-1.js', crossOrigin: '', fetchPriority: 'low' },
      { rel: 'modulepreload', as: '', href: '/assets/mui-field-2.js', crossOrigin: '', fetchPriority: 'low' },
      { rel: 'preload', as: 'style', href: '/assets/report-fill-3.css', crossOrigin: '', fetchPriority: 'low' },
    ]);
  });

  it('asks nothing on any other page, or without the list (the development server has none)', () => {
    for (const path of ['/', '/login', '/mechanic/report/42/extra', '/admin/reports/42']) {
      const { doc, links } = fakeDocument(list);
      expect(preloadReportScreen(path, doc), path).toBe(0);
      expect(links, path).toEqual([]);
    }
    const { doc, links } = fakeDocument(null);
    expect(preloadReportScreen('/mechanic/report/42', doc)).toBe(0);
    expect(links).toEqual([]);
  });
});
