import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ROLES, type Role } from '@keurwijzer/shared/permissions';
import { createTestApp, type TestApp } from './build-test-app';
import { TestClient } from './client';
import { PASSWORD, createUser } from './factories';

/**
 * The authorization matrix (security.md "deny by default"): every registered /api route with the
 * roles that may call it, or 'public' for routes without login. A new route fails the first test
 * until it is listed here, so nobody adds a route without deciding who may use it.
 */
const MATRIX: Record<string, 'public' | readonly Role[]> = {
  'GET /api/token': 'public',
  'POST /api/login': 'public',
  'POST /api/activate': 'public',
  'GET /api/authorized': ROLES,
  'POST /api/logout': ROLES,
  'GET /api/users': ['super_admin', 'admin'],
  'GET /api/users/:id': ['super_admin', 'admin'],
  'POST /api/users': ['super_admin', 'admin'],
  'PUT /api/users/:id': ['super_admin', 'admin'],
  'POST /api/users/:id/archive': ['super_admin', 'admin'],
  'POST /api/users/:id/restore': ['super_admin', 'admin'],
  'POST /api/resend-invitation/:id': ['super_admin', 'admin'],
  'GET /api/customers': ['super_admin', 'admin'],
};

/** An id that does not exist: handlers that get past the access check answer 404 or 422. */
const MISSING_ID = '999999';
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

let t: TestApp;
const emails = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) emails[role] = (await createUser(t.db, role)).email;
});
afterAll(() => t.close());

/** A client with a valid CSRF token: logged in as `role`, or a visitor without login. */
async function clientFor(role: Role | null): Promise<TestClient> {
  const client = new TestClient(t.app);
  if (role) {
    const res = await client.login(emails[role], PASSWORD);
    expect(res.statusCode, `login as ${role}`).toBe(200);
  } else {
    await client.fetchToken();
  }
  return client;
}

function split(key: string): { method: string; path: string } {
  const [method, url] = key.split(' ') as [string, string];
  return { method, path: url.replace(/:[A-Za-z]+/g, MISSING_ID) };
}

/** Calls the route with an empty body, directly and (for PUT/PATCH/DELETE) through `_method`. */
async function call(client: TestClient, key: string): Promise<{ via: string; status: number }[]> {
  const { method, path } = split(key);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const direct = await client.request(method as InjectOptions['method'], path, hasBody ? { body: {} } : {});
  const results = [{ via: 'direct', status: direct.statusCode }];
  if (OVERRIDABLE.has(method)) {
    const twin = await client.post(path, { body: { _method: method }, as: 'form' });
    results.push({ via: `POST _method=${method}`, status: twin.statusCode });
  }
  return results;
}

describe('authorization matrix', () => {
  it('lists every registered /api route, and only those', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered.length).toBeGreaterThan(0);
    expect(new Set(registered).size, 'a route is registered twice').toBe(registered.length);
    const listed = Object.keys(MATRIX).sort();
    expect(
      registered.filter((r) => !listed.includes(r)),
      'registered routes without a matrix entry',
    ).toEqual([]);
    expect(
      listed.filter((r) => !registered.includes(r)),
      'matrix entries without a registered route',
    ).toEqual([]);
  });

  it('marks exactly the public routes as public on the server', () => {
    for (const route of t.app.apiRoutes) {
      const entry = MATRIX[`${route.method} ${route.url}`];
      expect(route.access === 'public', `${route.method} ${route.url}`).toBe(entry === 'public');
    }
  });

  it.each(Object.entries(MATRIX))('%s', async (key, allowed) => {
    expect(
      t.app.apiRoutes.some((r) => `${r.method} ${r.url}` === key),
      `${key} is registered`,
    ).toBe(true);
    for (const role of [...ROLES, null]) {
      const client = await clientFor(role);
      const who = role ?? 'no session';
      for (const { via, status } of await call(client, key)) {
        const label = `${key} (${via}) as ${who}: ${status}`;
        expect(status, label).toBeLessThan(500);
        if (allowed === 'public') {
          expect([401, 403, 419], label).not.toContain(status);
        } else if (role === null) {
          expect(status, label).toBe(401);
        } else if (allowed.includes(role)) {
          expect([401, 403, 419], label).not.toContain(status);
        } else {
          expect(status, label).toBe(403);
        }
      }
    }
  });
});
