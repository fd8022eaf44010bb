import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ADMIN_PERMISSIONS,
  HOLDER_LABELS,
  ROLES,
  ROLE_PERMISSIONS,
  type Holder,
  type Permission,
} from '@keurwijzer/shared/permissions';
import type { User } from '@keurwijzer/shared/users';
import { getData } from '../test/helpers';
import { useTestApp } from '../test/use-test-app';

type Operation = {
  'x-access'?: string;
  'x-roles'?: Holder[];
  'x-permission'?: Permission;
  description?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses?: Record<string, unknown>;
};
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

describe('GET /api/openapi.json', () => {
  const t = useTestApp();

  it('describes every API route from its zod schemas, with who may call it', async () => {
    const res = await t.admin.get('/api/openapi.json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    // The whole document (a reader gets the routes of their role: api-tokens.test.ts).
    const doc = t.app.swagger() as unknown as Document;
    expect((res.json() as Document).openapi).toBe('3.1.0');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Keurwijzer API');
    // Every /api route of the app is in it (HEAD mirrors GET; the POST twins are left out).
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const routes = t.app.apiRoutes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    const missing = routes.filter((r) => !r.startsWith('HEAD ') && r !== 'GET /api/openapi.json' && !documented.has(r));
    expect(missing).toEqual([]);
    expect([...documented].some((r) => r.endsWith('/_method'))).toBe(false);
    // The login's body as a client sends it, and who may call it.
    const login = doc.paths['/api/login']!.post!;
    expect(login['x-access']).toBe('public');
    const body = Object.values(login.requestBody!.content)[0]!.schema;
    expect(Object.keys(body.properties ?? {})).toEqual(expect.arrayContaining(['email', 'password']));
    // A path parameter and a permission.
    const machine = doc.paths['/api/customers/{id}/machines/{machineId}']?.get ?? doc.paths['/api/reports/{id}']!.get!;
    expect(machine.parameters?.some((p) => p.in === 'path')).toBe(true);
    expect(doc.paths['/api/reports/{id}']!.get!['x-access']).toMatch(/^permission /);
    expect(doc.paths['/api/reports/{id}']!.get!.responses).toHaveProperty('200');
  });

  it('is for admins and customer users: 401 without a session, 403 for a mechanic', async () => {
    expect((await t.visitor.get('/api/openapi.json')).statusCode).toBe(401);
    expect((await t.mechanic.get('/api/openapi.json')).statusCode).toBe(403);
    expect((await t.customerA.client.get('/api/openapi.json')).statusCode).toBe(200);
    expect((await t.superAdmin.get('/api/openapi.json')).statusCode).toBe(200);
  });

  /** Who holds `permission`, read straight from the role map and the customer administrator's extras. */
  const expectedHolders = (permission: Permission): Holder[] => [
    ...ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission)),
    ...(CUSTOMER_ADMIN_PERMISSIONS.includes(permission) && !ROLE_PERMISSIONS.customer.includes(permission)
      ? (['customer_admin'] as const)
      : []),
  ];

  it('says of every operation exactly who may call it, derived from the permission map', async () => {
    const doc = t.app.swagger() as unknown as Document;
    let checked = 0;
    for (const route of t.app.apiRoutes) {
      // apiRoutes holds no 'override' twins (plugins/access.ts); the document itself is hidden.
      if (route.url === '/api/openapi.json' || route.access === 'override') continue;
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      const expected =
        route.access === 'public' ? undefined : route.access === 'session' ? [...ROLES] : expectedHolders(route.access);
      expect(op!['x-roles'], `${route.method} ${route.url}`).toEqual(expected);
      const who = expected
        ? expected.map((h) => `${HOLDER_LABELS[h]} (${h})`).join(', ')
        : 'anyone, without logging in';
      expect(op!.description, `${route.method} ${route.url}`).toContain(`Who may call it: ${who}.`);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    // The customer administrator's routes name them, and only them.
    for (const [method, op] of Object.entries(doc.paths['/api/own-users']!)) {
      expect(op['x-roles'], method).toEqual(['customer_admin']);
      expect(op['x-permission'], method).toBe('own-users.manage');
      expect(op.description, method).toContain('Beheerder van de klant (customer_admin)');
    }
    expect(doc.paths['/api/own-users/{id}/archive']!.post!['x-roles']).toEqual(['customer_admin']);
    expect(doc.paths['/api/customers']!.get!['x-roles']).toEqual(['super_admin', 'admin']);
    expect(doc.paths['/api/machines']!.get!['x-roles']).toEqual(['customer']);
    expect(doc.paths['/api/authorized']!.get!['x-roles']).toEqual([...ROLES]);
    expect(doc.paths['/api/login']!.post!['x-roles']).toBeUndefined();
    expect(doc.paths['/api/profile']!.get!.description).toContain('Not with an API token');
  });

  it("gives each reader the operations their own permissions admit: /api/own-users only to a customer's administrator", async () => {
    const paths = async (client: typeof t.admin) => ((await client.get('/api/openapi.json')).json() as Document).paths;
    const manager = await t.signIn('customer', { customerId: t.customerA.chain.customer.id, customerAdmin: true });
    const mine = await paths(manager.client);
    expect(Object.keys(mine['/api/own-users']!).sort()).toEqual(['get', 'post']);
    expect(mine['/api/own-users/{id}/restore']).toBeDefined();
    expect(mine['/api/machines']).toBeDefined();
    for (const reader of [t.customerA.client, t.admin, t.superAdmin]) {
      const doc = await paths(reader);
      expect(Object.keys(doc).filter((p) => p.startsWith('/api/own-users'))).toEqual([]);
    }
    // Every operation a reader gets is one their role (or flag) holds.
    for (const [path, ops] of Object.entries(mine))
      for (const [method, op] of Object.entries(ops))
        if (op['x-roles'])
          expect(op['x-roles'], `${method} ${path}`).toSatisfy((r: Holder[]) =>
            r.some((h) => h === 'customer' || h === 'customer_admin'),
          );
    // The user payload names the extra permission too (the single user and the list's JSON alike).
    const me = await getData<User>(manager.client, '/api/authorized');
    expect(me.permissions).toEqual([...ROLE_PERMISSIONS.customer, ...CUSTOMER_ADMIN_PERMISSIONS]);
    const listed = await getData<User[]>(t.admin, `/api/users?search=${encodeURIComponent(manager.user.email)}`);
    expect(listed.map((u) => u.permissions)).toEqual([me.permissions]);
    expect((await getData<User>(t.customerA.client, '/api/authorized')).permissions).toEqual([
      ...ROLE_PERMISSIONS.customer,
    ]);
  });
});
