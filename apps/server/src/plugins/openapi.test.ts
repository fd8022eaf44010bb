import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

type Operation = {
  'x-access'?: string;
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
});
