import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LIMIT_TEXT, TEXT } from '@keurwijzer/shared/texts';
import {
  MULTIPART_TYPE,
  closing,
  endlessBody,
  fieldPart,
  fileHead,
  lazyMultipart,
  multipartBody,
  within,
} from '../test/bodies';
import type { TestClient } from '../test/client';
import { createMachine, createPlacementChain, uniqueName } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

/**
 * No request costs the server more than its checks allow. The POST twins of PUT and
 * DELETE routes (`_method`) answer 401/419/403 before reading a byte of their body, every route
 * takes a small body and no files, and only the upload route takes files, streamed with limits.
 */
const t = useTestApp();

const MB = 1024 * 1024;

function expectEnvelope(res: LightMyRequestResponse | 'no answer', status: number, message?: string) {
  expect(res, 'the server answered').not.toBe('no answer');
  const r = res as LightMyRequestResponse;
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json() as { message: unknown; errors: unknown };
  expect(body).toEqual({ message: message ?? expect.any(String), errors: expect.any(Object) });
}

describe('a method-override twin checks session, CSRF and permission before reading its body', () => {
  it('answers an anonymous 10 x 1 MB multipart POST with 401 having read almost none of it', async () => {
    const body = lazyMultipart([['_method', 'PUT']], 10, MB);
    const started = performance.now();
    const res = await within(
      t.app.inject({
        method: 'POST',
        url: '/api/users/1',
        headers: { 'content-type': MULTIPART_TYPE, 'content-length': String(body.length) },
        payload: body.stream,
      }),
    );
    const ms = performance.now() - started;
    expectEnvelope(res, 401, TEXT.unauthenticated);
    // Only what the stream buffers ahead was pulled, not the 10 MB.
    expect(body.pulled()).toBeLessThan(MB);
    expect(ms).toBeLessThan(2000);
    body.stream.destroy();
  });

  it('answers 401, 419 and 403 to a body that never ends', async () => {
    const start = Buffer.concat([fieldPart('_method', 'PUT'), fileHead('image')]);
    const post = (headers: Record<string, string>) => {
      const stream = endlessBody(start);
      return within(
        t.app.inject({
          method: 'POST',
          url: `/api/users/1`,
          headers: { 'content-type': MULTIPART_TYPE, ...headers },
          payload: stream,
        }),
      ).finally(() => stream.destroy());
    };
    expectEnvelope(await post({}), 401, TEXT.unauthenticated);
    // Logged in as an admin, but without the CSRF token.
    const { cookie } = t.admin.authHeaders();
    expectEnvelope(await post({ cookie: cookie! }), 419, TEXT.csrf);
    // A mechanic holds no permission of PUT /api/users/:id.
    expectEnvelope(await post(t.mechanic.authHeaders()), 403, TEXT.forbidden);
    // A customer user neither (the twin of a nested route: its machines).
    const chain = t.customerA.chain;
    const machine = await createMachine(t.db, chain, { name: uniqueName('Boor') });
    const stream = endlessBody(start);
    const res = await within(
      t.app.inject({
        method: 'POST',
        url: `/api/customers/${chain.customer.id}/machines/${machine.id}`,
        headers: { 'content-type': MULTIPART_TYPE, ...t.customerA.client.authHeaders() },
        payload: stream,
      }),
    );
    stream.destroy();
    expectEnvelope(res, 403, TEXT.forbidden);
  });

  it('answers 401 and 403 to a JSON body without parsing it, and dispatches to the chosen method for a permitted user', async () => {
    // Not even valid JSON: a twin that parsed its body first would answer 422.
    const json = '{"_method": "DELETE", ';
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/brands/1',
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    expectEnvelope(anonymous, 401, TEXT.unauthenticated);
    const mechanic = await t.app.inject({
      method: 'POST',
      url: '/api/brands/1',
      headers: { 'content-type': 'application/json', ...t.mechanic.authHeaders() },
      payload: json,
    });
    expectEnvelope(mechanic, 403, TEXT.forbidden);
    const created = await t.admin.post('/api/brands', { body: { name: uniqueName('Merk') } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const renamed = await t.admin.post(`/api/brands/${id}`, {
      body: { _method: 'PUT', name: 'Hernoemd merk' },
      as: 'multipart',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Hernoemd merk');
    const removed = await t.admin.post(`/api/brands/${id}`, { body: { _method: 'DELETE' }, as: 'form' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.admin.get(`/api/brands/${id}`)).statusCode).toBe(404);
  });
});

describe('bodies of routes without files are small and hold no files', () => {
  const big = 'x'.repeat(300 * 1024);

  it('refuses 300 KB of JSON, form data and multipart fields with 413 in the envelope', async () => {
    const { user } = await t.signIn('mechanic');
    const url = `/api/users/${user.id}`;
    for (const [method, as] of [
      ['PUT', 'json'],
      ['PUT', 'form'],
      ['PUT', 'multipart'],
      ['POST', 'multipart'],
      ['POST', 'json'],
    ] as const) {
      const body = method === 'POST' ? { _method: 'PUT', first_name: big } : { first_name: big };
      const res = await t.admin.request(method, url, { body, as });
      expectEnvelope(res, 413);
    }
  });

  it('refuses multipart fields over the limit when no content-length says so in advance (chunked)', async () => {
    const { user } = await t.signIn('mechanic');
    const parts = Array.from({ length: 10 }, (_, i) => fieldPart(`f${i}`, 'y'.repeat(30 * 1024)));
    const payload = Buffer.concat([fieldPart('_method', 'PUT'), ...parts]);
    const res = await within(
      t.app.inject({
        method: 'POST',
        url: `/api/users/${user.id}`,
        headers: { 'content-type': MULTIPART_TYPE, ...t.admin.authHeaders() },
        payload: endlessBody(payload),
      }),
    );
    expectEnvelope(res, 413);
  });

  it('refuses a file part with 413 as soon as its header arrives, on a route that takes no files', async () => {
    const res = await within(
      t.app.inject({
        method: 'POST',
        url: '/api/brands',
        headers: { 'content-type': MULTIPART_TYPE, ...t.admin.authHeaders() },
        payload: endlessBody(
          Buffer.concat([fieldPart('name', 'Merk met bijlage'), fileHead('bijlage'), Buffer.alloc(1024)]),
        ),
      }),
    );
    expectEnvelope(res, 413, LIMIT_TEXT.filesNotAccepted);
  });
});

describe('the upload route streams its one file with limits', () => {
  async function imagesUrl() {
    const chain = await createPlacementChain(t.db, uniqueName('Upload'));
    const machine = await createMachine(t.db, chain, { name: uniqueName('Pers') });
    return `/api/customers/${chain.customer.id}/machines/${machine.id}/images`;
  }
  const upload = (url: string, payload: Buffer, client: TestClient = t.admin) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': MULTIPART_TYPE, ...client.authHeaders() },
      payload,
    });

  it('refuses two files, too many fields and too many parts with 413', async () => {
    const url = await imagesUrl();
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const twoFiles = multipartBody(
      [],
      [
        { name: 'image', data: png },
        { name: 'image', data: png },
      ],
    );
    expectEnvelope(await upload(url, twoFiles), 413, LIMIT_TEXT.tooManyFiles);
    const manyFields = multipartBody(Array.from({ length: 50 }, (_, i): [string, string] => [`f${i}`, 'x']));
    expectEnvelope(await upload(url, manyFields), 413, LIMIT_TEXT.tooManyFiles);
    expect((await t.admin.get(url)).json().data).toEqual([]);
  });

  it('refuses a declared content-length over the limit with 413 before reading the body', async () => {
    const url = await imagesUrl();
    const body = lazyMultipart([], 1, 11 * MB);
    const res = await within(
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': MULTIPART_TYPE, 'content-length': String(body.length), ...t.admin.authHeaders() },
        payload: body.stream,
      }),
    );
    expectEnvelope(res, 413, TEXT.payloadTooLarge);
    expect(body.pulled()).toBeLessThan(MB);
    body.stream.destroy();
  });

  it('lets one user have two uploads in progress at once: a third answers 429', async () => {
    const url = await imagesUrl();
    const inProgress = [0, 1].map(() => endlessBody(fileHead('image', 'a.jpg', 'image/jpeg')));
    const pending = inProgress.map((stream) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': MULTIPART_TYPE, ...t.admin.authHeaders() },
        payload: stream,
      }),
    );
    // Both are reading their (endless) file by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const third = await upload(url, multipartBody([], [{ name: 'image', data: Buffer.from('x') }]));
    expectEnvelope(third, 429, LIMIT_TEXT.tooManyUploads);
    // Another user is not held up.
    const other = await upload(url, multipartBody([], [{ name: 'image', data: Buffer.from('x') }]), t.superAdmin);
    expectEnvelope(other, 422);
    // Ended (one whole, one cut off inside its file), they answer and give their slots back.
    inProgress[0]!.push(Buffer.concat([Buffer.from('not an image\r\n'), closing()]));
    inProgress[1]!.push(Buffer.from('the first bytes of a photo'));
    for (const stream of inProgress) stream.push(null);
    const [whole, cut] = await Promise.all(pending);
    expectEnvelope(whole!, 422);
    expectEnvelope(cut!, 422, LIMIT_TEXT.unreadableBody);
    const again = await upload(url, multipartBody([], [{ name: 'image', data: Buffer.from('x') }]));
    expectEnvelope(again, 422);
  });
});
