import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LIMIT_TEXT, TEXT } from '@keurwijzer/shared/texts';
import { MULTIPART_TYPE, fieldPart, fileHead } from '../test/bodies';
import { createTestApp, type TestApp } from '../test/build-test-app';
import { TestClient } from '../test/client';
import { createMachine, createPlacementChain, uniqueName } from '../test/factories';
import { signIn } from '../test/helpers';

/**
 * Bad input is the client's fault: a 4xx in the `{ message, errors }` envelope with a
 * Dutch message, and no error-level log line (those are for the server's own failures).
 */
let t: TestApp;
let admin: TestClient;
let visitor: TestClient;
const lines: { level: number; msg?: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'info',
    logStream: { write: (line) => void lines.push(JSON.parse(line) as { level: number }) },
  });
  admin = (await signIn(t, 'admin')).client;
  visitor = new TestClient(t.app);
  await visitor.fetchToken();
});
afterAll(() => t?.close());

/** Asserts a 4xx in the envelope and that nothing was logged at error level since the last call. */
function expectRefused(res: LightMyRequestResponse, status?: number, message?: string) {
  const label = `${res.raw.req.method} ${res.raw.req.url}: ${res.body}`;
  if (status) expect(res.statusCode, label).toBe(status);
  else {
    expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, label).toBeLessThan(500);
  }
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort(), label).toEqual(['errors', 'message']);
  expect(typeof body.message, label).toBe('string');
  if (message) expect(body.message, label).toBe(message);
  const errors = lines.filter((l) => l.level >= 50);
  expect(errors, label).toEqual([]);
  lines.length = 0;
}

/** Every unsafe /api route and every method-override twin, with 1 for each path parameter. */
function unsafeRoutes(): { method: 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string }[] {
  const routes = t.app.apiRoutes
    .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
    .map((r) => ({ method: r.method as 'POST', url: r.url.replace(/:\w+/g, '1') }));
  const twins = routes.filter((r) => r.method !== 'POST').map((r) => ({ method: 'POST' as const, url: r.url }));
  return [...routes, ...twins];
}

describe('no 500 for a malformed body', () => {
  it('answers multipart without a boundary with a 4xx on every unsafe route, anonymous or with a visitor session', async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const { method, url } of routes) {
      for (const headers of [{}, visitor.authHeaders(), admin.authHeaders()]) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': 'multipart/form-data' },
          payload: `--x\r\nContent-Disposition: form-data; name="_method"\r\n\r\nPUT\r\n--x--\r\n`,
        });
        expectRefused(res);
      }
    }
  });

  it('answers JSON nested 5,000 levels deep with 422 on an override route (and 401 without a session)', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const { user } = await signIn(t, 'mechanic');
    for (const payload of [
      `{"_method":"PUT","first_name":${deep}}`,
      `{"_method":"PUT","customer_id":${deep}}`,
      `{"_method":${deep}}`,
      deep,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/users/${user.id}`,
        headers: { ...admin.authHeaders(), 'content-type': 'application/json' },
        payload,
      });
      expectRefused(res, 422, LIMIT_TEXT.unreadableBody);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"_method":"PUT","a":${deep}}`,
    });
    expectRefused(anonymous, 401, TEXT.unauthenticated);
  });

  it("answers a JSON body that is an array, null or a number with 422 in Dutch (zod's own messages too)", async () => {
    const { user } = await signIn(t, 'mechanic');
    for (const payload of ['[1,2]', 'null', '7']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: { ...admin.authHeaders(), 'content-type': 'application/json' },
        payload,
      });
      expectRefused(res, 422);
      const messages = Object.values((res.json() as { errors: Record<string, string[]> }).errors).flat();
      expect(messages.length, res.body).toBeGreaterThan(0);
      for (const message of messages) expect(message, res.body).not.toMatch(/Invalid|expected|received/i);
    }
  });

  it('answers a multipart body cut off inside a file part (or a field) with 422', async () => {
    const chain = await createPlacementChain(t.db, uniqueName('Afgebroken'));
    const machine = await createMachine(t.db, chain, { name: uniqueName('Zaag') });
    const images = `/api/customers/${chain.customer.id}/machines/${machine.id}/images`;
    const cutInFile = Buffer.concat([
      fileHead('image', 'foto.jpg', 'image/jpeg'),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: images,
      headers: { ...admin.authHeaders(), 'content-type': MULTIPART_TYPE },
      payload: cutInFile,
    });
    expectRefused(upload, 422, LIMIT_TEXT.unreadableBody);

    const { user } = await signIn(t, 'mechanic');
    // Cut off inside the value of its second field.
    const cutInField = Buffer.concat([
      fieldPart('_method', 'PUT'),
      fieldPart('first_name', 'Jannetje').subarray(0, -6),
    ]);
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}`,
      headers: { ...admin.authHeaders(), 'content-type': MULTIPART_TYPE },
      payload: cutInField,
    });
    expectRefused(form, 422);
  });
});

describe('unknown content types and unroutable URLs', () => {
  it('answers text/plain and other unknown content types with 415', async () => {
    const { user } = await signIn(t, 'mechanic');
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml', 'application/octet-stream']) {
      for (const [method, url, client] of [
        ['PUT', `/api/users/${user.id}`, admin],
        ['POST', `/api/users/${user.id}`, admin],
        ['POST', '/api/brands', admin],
        ['POST', '/api/login', visitor],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...client.authHeaders(), 'content-type': type },
          payload: '_method=PUT&first_name=Jan',
        });
        expectRefused(res, 415, TEXT.unsupportedMediaType);
      }
    }
  });

  it("answers Fastify's own bad URL (400) and over-long parameter (414) in the envelope, in Dutch", async () => {
    expectRefused(await t.app.inject({ url: '/api/users/%E0%A4%A' }), 400, LIMIT_TEXT.badUrl);
    expectRefused(await t.app.inject({ url: `/api/users/${'1'.repeat(300)}` }), 414, LIMIT_TEXT.urlTooLong);
    expectRefused(
      await t.app.inject({ method: 'POST', url: `/api/users/${'1'.repeat(300)}`, headers: admin.authHeaders() }),
      414,
      LIMIT_TEXT.urlTooLong,
    );
  });
});
