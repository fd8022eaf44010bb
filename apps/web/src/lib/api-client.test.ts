import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  EARLY_MAX_AGE_MS,
  apiGet,
  apiSend,
  errorMessage,
  resetApiClient,
  takeEarlyResponse,
  toFormData,
} from './api-client';

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];

function respond(status: number, body: unknown, contentType = 'application/json') {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': contentType },
  });
}

function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

beforeEach(() => {
  calls = [];
  resetApiClient();
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('fetches a CSRF token first and sends updates as POST form data with _method', async () => {
    mockFetch((url) =>
      url === '/api/token' ? respond(200, { data: { token: 'T1' } }) : respond(200, { data: { id: 1 } }),
    );
    const res = await apiSend<{ id: number }>('/api/users/1', { first_name: 'An', preposition: null, ok: true }, 'PUT');
    expect(res.data.id).toBe(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/token', '/api/users/1']);
    const { init } = calls[1]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('T1');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('nl');
    const form = init.body as FormData;
    expect(form.get('_method')).toBe('PUT');
    expect(form.get('preposition')).toBe('');
    expect(form.get('ok')).toBe('1');
  });

  it('refuses a second change while one runs', async () => {
    let release: (r: Response) => void = () => {};
    mockFetch((url) =>
      url === '/api/token' ? respond(200, { data: { token: 'T' } }) : new Promise<Response>((r) => (release = r)),
    );
    const first = apiSend('/api/a');
    await expect(apiSend('/api/b')).rejects.toThrow('Request already in progress.');
    await vi.waitFor(() => expect(calls.length).toBe(2));
    release(respond(200, { data: null }));
    await expect(first).resolves.toEqual({ data: null });
  });

  it('turns an error envelope into an ApiError with the errors map', async () => {
    mockFetch(() => respond(422, { message: 'Fout', errors: { email: ['Ongeldig e-mailadres'] } }));
    const err = (await apiGet('/api/users').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ email: ['Ongeldig e-mailadres'] });
  });

  it('maps the transport errors of the spec', async () => {
    mockFetch(() => respond(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(apiGet('/api/x')).rejects.toMatchObject({
      message: 'Http error did not return json response.',
      status: 502,
    });
    mockFetch(() => respond(200, 'ok', 'text/plain'));
    await expect(apiGet('/api/x')).resolves.toEqual({
      data: null,
      message: 'Request successfull but no json was returned',
    });
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = (await apiGet('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(500);
    expect(errorMessage(err)).toBe('Geen verbinding met de server. Controleer je internetverbinding.');
  });

  it('retries once with a fresh token after 419', async () => {
    let tokens = 0;
    let attempts = 0;
    mockFetch((url) => {
      if (url === '/api/token') return respond(200, { data: { token: `T${++tokens}` } });
      attempts++;
      return attempts === 1 ? respond(419, { message: 'verlopen', errors: {} }) : respond(200, { data: 'ok' });
    });
    await expect(apiSend('/api/x')).resolves.toEqual({ data: 'ok' });
    expect(tokens).toBe(2);
  });

  it('repeats array keys in form data', () => {
    const form = toFormData({ ids: [1, 2], empty: undefined });
    expect(form.getAll('ids')).toEqual(['1', '2']);
    expect(form.get('empty')).toBe('');
  });
});

describe("the page's early requests (src/app/startup/early-requests.ts)", () => {
  const early = (entries: [string, Promise<Response>][]) => {
    const map = new Map(entries);
    vi.stubGlobal('window', { __keurwijzerEarly: map });
    return map;
  };
  beforeEach(() => void vi.spyOn(performance, 'now').mockReturnValue(1_000));
  afterEach(() => vi.restoreAllMocks());

  it('a GET takes the early response of its path once; the next one fetches', async () => {
    mockFetch(() => respond(200, { data: { id: 2 } }));
    const map = early([['/api/reports/1', Promise.resolve(respond(200, { data: { id: 1 } }))]]);
    expect((await apiGet<{ id: number }>('/api/reports/1')).data.id).toBe(1);
    expect(calls).toEqual([]);
    expect(map.size).toBe(0);
    expect((await apiGet<{ id: number }>('/api/reports/1')).data.id).toBe(2);
    expect(calls.map((c) => c.url)).toEqual(['/api/reports/1']);
  });

  it("an early answer with an error is the GET's answer (the same request)", async () => {
    mockFetch(() => respond(200, { data: { id: 2 } }));
    early([['/api/authorized', Promise.resolve(respond(401, { message: 'Unauthenticated.', errors: {} }))]]);
    await expect(apiGet('/api/authorized')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
  });

  it('an early request that failed is sent again', async () => {
    mockFetch(() => respond(200, { data: { id: 2 } }));
    early([['/api/reports/1', Promise.reject(new Error('no session'))]]);
    expect((await apiGet<{ id: number }>('/api/reports/1')).data.id).toBe(2);
    expect(calls.map((c) => c.url)).toEqual(['/api/reports/1']);
  });

  it('another path, or a page older than EARLY_MAX_AGE_MS, fetches afresh', async () => {
    mockFetch(() => respond(200, { data: { id: 2 } }));
    const map = early([['/api/reports/1', Promise.resolve(respond(200, { data: { id: 1 } }))]]);
    expect((await apiGet<{ id: number }>('/api/reports/3')).data.id).toBe(2);
    expect(map.size).toBe(1);
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_MAX_AGE_MS + 1);
    expect((await apiGet<{ id: number }>('/api/reports/1')).data.id).toBe(2);
    expect(map.size).toBe(0);
    expect(takeEarlyResponse('/api/authorized')).toBeUndefined();
  });

  it('a change never takes an early response', async () => {
    mockFetch((url) =>
      url === '/api/token' ? respond(200, { data: { token: 'T' } }) : respond(200, { data: { id: 2 } }),
    );
    const map = early([['/api/reports/1', Promise.resolve(respond(200, { data: { id: 1 } }))]]);
    expect((await apiSend<{ id: number }>('/api/reports/1', {}, 'PUT')).data.id).toBe(2);
    expect(map.size).toBe(1);
  });
});
