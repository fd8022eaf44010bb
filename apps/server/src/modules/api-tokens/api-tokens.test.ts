import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_TOKEN_TEXT, MAX_API_TOKENS, type ApiToken, type ApiTokenCreated } from '@keurwijzer/shared/api-tokens';
import type { AuditEvent } from '@keurwijzer/shared/audit';
import { apiTokens } from '../../db/schema/api-tokens';
import { users } from '../../db/schema/users';
import type { TestClient } from '../../test/client';
import { createMachine } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

/**
 * Personal API tokens: made in a browser session, shown once, kept hashed;
 * a request with `Authorization: Bearer` is its user's (same permissions, same customer), a read
 * token only reads, the account's own routes refuse every token, and every use is in the trail.
 */
const t = useTestApp();

async function createToken(
  client: TestClient,
  body: Record<string, unknown> = { name: 'ERP', scope: 'read', expires_in_days: '30' },
): Promise<ApiTokenCreated> {
  const res = await client.post('/api/api-tokens', { body });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(API_TOKEN_TEXT.created);
  return res.json().data as ApiTokenCreated;
}

/** A request as a program sends it: the token, no cookie, no CSRF token. */
const withToken = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    payload: body ? JSON.stringify(body) : undefined,
  });

const trailOf = async (tokenId: number): Promise<AuditEvent[]> => {
  await t.app.afterResponse.settle();
  const res = await t.superAdmin.get(`/api/audit?itemsPerPage=100&entity=api_token&entity_id=${tokenId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditEvent[];
};

describe('making, listing and revoking tokens', () => {
  it('shows the token once, keeps only its hash, and lists it without the token', async () => {
    const { client } = await t.signIn('admin');
    const created = await createToken(client, { name: '  Exact Online  ', scope: 'write', expires_in_days: '90' });
    expect(created.token).toMatch(/^kw_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Exact Online', scope: 'write', last_used_at: null, expired: false });
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const [stored] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const dump = await t.db.execute(sql`select row_to_json(a)::text as j from api_tokens a`);
    expect(JSON.stringify(dump)).not.toContain(created.token.slice(3));

    const list = await client.get('/api/api-tokens');
    expect(list.statusCode).toBe(200);
    const tokens = list.json().data as ApiToken[];
    expect(tokens.map((x) => x.id)).toEqual([created.id]);
    expect(list.body).not.toContain(created.token);

    const revoked = await client.delete(`/api/api-tokens/${created.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe(API_TOKEN_TEXT.revoked);
    expect((await client.get('/api/api-tokens')).json().data).toEqual([]);
    expect((await withToken(created.token, 'GET', '/api/customers')).statusCode).toBe(401);
    // Revoking twice, or another user's token: 404.
    expect((await client.delete(`/api/api-tokens/${created.id}`)).statusCode).toBe(404);
    const other = await createToken(t.customerA.client);
    expect((await client.delete(`/api/api-tokens/${other.id}`)).statusCode).toBe(404);
    expect((await withToken(other.token, 'GET', '/api/machines')).statusCode).toBe(200);
  });

  it('answers 422 with the errors per field', async () => {
    const { client } = await t.signIn('admin');
    const res = await client.post('/api/api-tokens', { body: { name: ' ', scope: 'admin', expires_in_days: '1000' } });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(['expires_in_days', 'name', 'scope']);
    const long = await client.post('/api/api-tokens', {
      body: { name: 'x'.repeat(81), scope: 'read', expires_in_days: '7' },
    });
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long).name).toEqual(['Maximaal 80 tekens']);
    expect((await client.delete('/api/api-tokens/abc')).statusCode).toBe(404);
  });

  it('needs a session (401), the CSRF token (419) and the permission (403)', async () => {
    const body = { name: 'x', scope: 'read', expires_in_days: '7' };
    expect((await t.visitor.get('/api/api-tokens')).statusCode).toBe(401);
    expect((await t.visitor.post('/api/api-tokens', { body })).statusCode).toBe(401);
    expect((await t.admin.post('/api/api-tokens', { body, csrf: false })).statusCode).toBe(419);
    expect((await t.admin.delete('/api/api-tokens/1', { csrf: false })).statusCode).toBe(419);
    expect((await t.mechanic.get('/api/api-tokens')).statusCode).toBe(403);
    expect((await t.mechanic.post('/api/api-tokens', { body })).statusCode).toBe(403);
  });

  it(`stops at ${MAX_API_TOKENS} live tokens, also when they are asked for at once`, async () => {
    const { client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const body = { name: 'BI', scope: 'read', expires_in_days: '7' };
    const answers = await Promise.all(
      Array.from({ length: MAX_API_TOKENS + 3 }, () => client.post('/api/api-tokens', { body })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_API_TOKENS);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json().message).toBe(API_TOKEN_TEXT.limit);
    // Revoking one makes room again.
    const first = (answers.find((r) => r.statusCode === 201)!.json() as { data: ApiToken }).data;
    expect((await client.delete(`/api/api-tokens/${first.id}`)).statusCode).toBe(200);
    expect((await client.post('/api/api-tokens', { body })).statusCode).toBe(201);
  });
});

describe('a request made with a token', () => {
  it("reads as its user, touches the token's last use and is in the trail", async () => {
    const { client } = await t.signIn('admin');
    const { id, token } = await createToken(client, { name: 'Power BI', scope: 'read', expires_in_days: '7' });
    const res = await withToken(token, 'GET', '/api/customers?itemsPerPage=5');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBeGreaterThan(0);
    expect(res.headers['set-cookie']).toBeUndefined();
    const missing = await withToken(token, 'GET', '/api/customers/2147483647');
    expect(missing.statusCode).toBe(404);
    // What an ERP or BI tool reads: the completed reports, as a page and as the xlsx export.
    const completed = await withToken(token, 'GET', '/api/completed-reports?itemsPerPage=5');
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().meta).toBeDefined();
    const xlsx = await withToken(token, 'GET', '/api/completed-reports/export');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    const [listed] = (await client.get('/api/api-tokens')).json().data as ApiToken[];
    expect(listed!.last_used_at).not.toBeNull();

    const uses = (await trailOf(id)).filter((e) => e.action === 'use');
    expect(uses.map((e) => e.changes.map((c) => `${c.label}=${c.after_text}`).join(' '))).toEqual([
      'Verzoek=GET /api/completed-reports/export Antwoord=200',
      'Verzoek=GET /api/completed-reports Antwoord=200',
      'Verzoek=GET /api/customers/:id Antwoord=404',
      'Verzoek=GET /api/customers Antwoord=200',
    ]);
    expect(uses.every((e) => e.api_token?.name === 'Power BI' && e.actor !== null)).toBe(true);
  });

  it('a read token may not change anything (403), a write token may, without CSRF, and the change names the token', async () => {
    const { client } = await t.signIn('admin');
    const read = await createToken(client, { name: 'Alleen lezen', scope: 'read', expires_in_days: '7' });
    const write = await createToken(client, { name: 'ERP schrijft', scope: 'write', expires_in_days: '7' });
    const body = { name: 'Via API B.V.', customer_number: `API-${Date.now()}`, city: 'Gouda' };

    const refused = await withToken(read.token, 'POST', '/api/customers', body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(API_TOKEN_TEXT.readOnly);
    expect((await withToken(read.token, 'DELETE', '/api/api-tokens/1')).statusCode).toBe(403);

    const created = await withToken(write.token, 'POST', '/api/customers', body);
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json().data.id as number;
    const bad = await withToken(write.token, 'POST', '/api/customers', { name: '' });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).name).toBeDefined();

    const events = (await t.superAdmin.get(`/api/audit?entity=customer&entity_id=${customerId}`)).json()
      .data as AuditEvent[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'create', api_token: { id: write.id, name: 'ERP schrijft' } });
    // The same change in the browser names no token.
    const inApp = await client.put(`/api/customers/${customerId}`, { body: { ...created.json().data, city: 'Delft' } });
    expect(inApp.statusCode, inApp.body).toBe(200);
    const [latest] = (await t.superAdmin.get(`/api/audit?entity=customer&entity_id=${customerId}`)).json()
      .data as AuditEvent[];
    expect(latest).toMatchObject({ action: 'update', api_token: null });
  });

  it("never reaches the account's own routes", async () => {
    const { client } = await t.signIn('admin');
    const { token } = await createToken(client, { name: 'Alles', scope: 'write', expires_in_days: '7' });
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['POST', '/api/logout'],
      ['POST', '/api/change-password'],
      ['POST', '/api/2fa/setup'],
      ['GET', '/api/token'],
      ['POST', '/api/login'],
    ] as const) {
      const res = await withToken(token, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_TEXT.notWithToken);
    }
    expect((await withToken(token, 'GET', '/api/authorized')).statusCode).toBe(200);
  });

  it("a customer's token reads only that customer's machines, and no office route", async () => {
    const a = await createToken(t.customerA.client);
    const machineA = await createMachine(t.db, t.customerA.chain, { name: 'Kolomboor A' });
    const machineB = await createMachine(t.db, t.customerB.chain, { name: 'Kolomboor B' });
    const own = await withToken(a.token, 'GET', `/api/machines/${machineA.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect((await withToken(a.token, 'GET', `/api/machines/${machineB.id}`)).statusCode).toBe(404);
    const list = await withToken(a.token, 'GET', '/api/machines?itemsPerPage=100');
    expect(list.statusCode).toBe(200);
    const names = (list.json().data as { name: string }[]).map((m) => m.name);
    expect(names).toContain('Kolomboor A');
    expect(names).not.toContain('Kolomboor B');
    expect((await withToken(a.token, 'GET', '/api/customers')).statusCode).toBe(403);
    expect(
      (await withToken(a.token, 'GET', `/api/customers/${t.customerB.chain.customer.id}/machines`)).statusCode,
    ).toBe(403);
  });

  it('refuses (401) an unknown, malformed, expired or revoked token and one of an archived user', async () => {
    const { client, user } = await t.signIn('admin');
    const expired = await createToken(client, { name: 'Oud', scope: 'read', expires_in_days: '7' });
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    const archived = await createToken(client, { name: 'Van gearchiveerde', scope: 'read', expires_in_days: '7' });
    const [listed] = ((await client.get('/api/api-tokens')).json().data as ApiToken[]).filter(
      (x) => x.id === expired.id,
    );
    expect(listed!.expired).toBe(true);
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, user.id));

    const unknown = `kw_${'A'.repeat(43)}`;
    for (const header of [
      `Bearer ${expired.token}`,
      `Bearer ${archived.token}`,
      `Bearer ${unknown}`,
      'Bearer kw_short',
      'Bearer',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/machines', headers: { authorization: header } });
      expect(res.statusCode, header.slice(0, 30)).toBe(401);
    }
    // A token with a browser's cookie: the token decides, the cookie does not count.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customers',
      headers: { ...t.admin.authHeaders(), authorization: `Bearer ${unknown}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/openapi.json for a reader', () => {
  it("lists only the routes the reader's role may call, for a token too", async () => {
    const admin = (await t.admin.get('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(admin.paths['/api/customers']).toBeDefined();
    const { token } = await createToken(t.customerB.client);
    const res = await withToken(token, 'GET', '/api/openapi.json');
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { 'x-api-token'?: boolean }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.paths['/api/machines']).toBeDefined();
    expect(doc.paths['/api/customers']).toBeUndefined();
    expect(doc.paths['/api/audit']).toBeUndefined();
    expect(doc.paths['/api/profile']!.get!['x-api-token']).toBe(false);
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
