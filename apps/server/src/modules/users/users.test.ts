import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { User } from '@keurwijzer/shared/users';
import { TestClient } from '../../test/client';
import { createCustomer, createUser } from '../../test/factories';
import { errorsOf, expectNoSecrets, userBody } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

type Page = { data: User[]; meta: { total: number; page: number; itemsPerPage: number; lastPage: number } };

/** A word no other test uses, so a search for it sees only this test's users. */
const marker = () => `Mrk${Math.random().toString(36).slice(2, 10)}`;

async function list(query: string, client = t.admin): Promise<Page> {
  const res = await client.get(`/api/users?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expectNoSecrets(res);
  return res.json() as Page;
}

describe('GET /api/users', () => {
  it('pages with meta total/page/itemsPerPage/lastPage, sorted by last name by default', async () => {
    const m = marker();
    for (const last of ['Eerde', 'Bakker', 'Dijk', 'Aalders', 'Claes']) {
      await createUser(t.db, 'mechanic', { firstName: m, lastName: last });
    }
    const first = await list(`search=${m}&itemsPerPage=2`);
    expect(first.meta).toEqual({ total: 5, page: 1, itemsPerPage: 2, lastPage: 3 });
    expect(first.data.map((u) => u.last_name)).toEqual(['Aalders', 'Bakker']);
    const second = await list(`search=${m}&itemsPerPage=2&page=2`);
    expect(second.meta).toEqual({ total: 5, page: 2, itemsPerPage: 2, lastPage: 3 });
    expect(second.data.map((u) => u.last_name)).toEqual(['Claes', 'Dijk']);
    const last = await list(`search=${m}&itemsPerPage=2&page=3`);
    expect(last.data.map((u) => u.last_name)).toEqual(['Eerde']);
    const beyond = await list(`search=${m}&itemsPerPage=2&page=4`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(5);
  });

  it('answers the user payload of the API conventions', async () => {
    const customer = await createCustomer(t.db, { name: 'Payload B.V.' });
    const m = marker();
    const user = await createUser(t.db, 'customer', { firstName: m, preposition: 'van', customerId: customer.id });
    const { data } = await list(`search=${m}`);
    expect(data).toEqual([
      {
        id: user.id,
        first_name: m,
        preposition: 'van',
        last_name: user.lastName,
        email: user.email,
        image: null,
        role: 'customer',
        roles: ['customer'],
        permissions: ['own-machines.view', 'profile.edit', 'api.docs', 'api.tokens'],
        customer_id: customer.id,
        customer_name: 'Payload B.V.',
        customer_admin: false,
        archived_at: null,
        activated_at: user.activatedAt!.toISOString(),
        created_at: user.createdAt.toISOString(),
      },
    ]);
  });

  it('searches first name, full name with preposition, and e-mail, case-insensitively', async () => {
    const m = marker();
    const a = await createUser(t.db, 'admin', { firstName: 'Aafke', preposition: 'van der', lastName: `Zon${m}` });
    const b = await createUser(t.db, 'mechanic', { email: `bob.${m.toLowerCase()}@werkplaats.nl` });
    const ids = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}`)).data.map((u) => u.id).sort((x, y) => x - y);
    expect(await ids(`zon${m}`.toUpperCase())).toEqual([a.id]);
    expect(await ids(`Aafke van der Zon${m}`)).toEqual([a.id]);
    expect(await ids(`der zon${m}`)).toEqual([a.id]);
    expect(await ids(`bob.${m}@WERK`)).toEqual([b.id]);
    expect(await ids(`  ${m}  `)).toEqual([a.id, b.id]);
    expect(await ids(`${m}-geen-treffer`)).toEqual([]);
  });

  it("finds customer users by their customer's name", async () => {
    const m = marker();
    const customer = await createCustomer(t.db, { name: `Zaagmolen ${m} B.V.` });
    const a = await createUser(t.db, 'customer', { customerId: customer.id });
    const b = await createUser(t.db, 'customer', { customerId: customer.id });
    await createUser(t.db, 'customer');
    const found = await list(`search=${encodeURIComponent(`zaagmolen ${m}`)}`);
    expect(found.data.map((u) => u.id).sort((x, y) => x - y)).toEqual([a.id, b.id]);
    expect(found.meta.total).toBe(2);
    expect(found.data.every((u) => u.customer_name === customer.name)).toBe(true);
  });

  it('searches the current name and e-mail after an edit', async () => {
    const m = marker();
    const user = await createUser(t.db, 'mechanic', { lastName: `Oud${m}` });
    const res = await t.admin.put(`/api/users/${user.id}`, {
      body: userBody({ last_name: `Nieuw${m}`, email: `nieuw.${m}@example.com`.toLowerCase() }),
    });
    expect(res.statusCode).toBe(200);
    expect((await list(`search=oud${m}`)).data).toEqual([]);
    expect((await list(`search=nieuw${m}`)).data.map((u) => u.id)).toEqual([user.id]);
    expect((await list(`search=${encodeURIComponent(`nieuw.${m}@example`)}`)).data.map((u) => u.id)).toEqual([user.id]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const m = marker();
    const pct = await createUser(t.db, 'mechanic', { firstName: `${m}100%` });
    await createUser(t.db, 'mechanic', { firstName: `${m}100x` });
    expect((await list(`search=${encodeURIComponent(`${m}100%`)}`)).data.map((u) => u.id)).toEqual([pct.id]);
    expect((await list(`search=${encodeURIComponent(`${m}10_`)}`)).data).toEqual([]);
    expect((await list(`search=${encodeURIComponent('%')}&itemsPerPage=100`)).data.map((u) => u.id)).toEqual([pct.id]);
  });

  it('filters employees=1 (super admin, admin, mechanic) and employees=0 (customer users)', async () => {
    const m = marker();
    const made = {} as Record<string, number>;
    for (const role of ['super_admin', 'admin', 'mechanic', 'customer'] as const) {
      made[role] = (await createUser(t.db, role, { firstName: m })).id;
    }
    const roles = async (q: string) =>
      (await list(`search=${m}&${q}`)).data.map((u) => u.role).sort((x, y) => x.localeCompare(y));
    expect(await roles('employees=1')).toEqual(['admin', 'mechanic', 'super_admin']);
    expect(await roles('employees=0')).toEqual(['customer']);
    expect(await roles('')).toEqual(['admin', 'customer', 'mechanic', 'super_admin']);
  });

  it('filters the users of one customer with customer_id', async () => {
    const m = marker();
    const a = await createCustomer(t.db);
    const b = await createCustomer(t.db);
    const ofA = await createUser(t.db, 'customer', { firstName: m, customerId: a.id });
    await createUser(t.db, 'customer', { firstName: m, customerId: b.id });
    await createUser(t.db, 'mechanic', { firstName: m });
    expect((await list(`search=${m}&customer_id=${a.id}`)).data.map((u) => u.id)).toEqual([ofA.id]);
    expect((await list(`search=${m}&customer_id=999999`)).data).toEqual([]);
  });

  it('hides archived users unless archived=1, which shows only them', async () => {
    const m = marker();
    const active = await createUser(t.db, 'mechanic', { firstName: m });
    const archived = await createUser(t.db, 'mechanic', { firstName: m, archivedAt: new Date() });
    expect((await list(`search=${m}`)).data.map((u) => u.id)).toEqual([active.id]);
    const onlyArchived = await list(`search=${m}&archived=1`);
    expect(onlyArchived.data.map((u) => u.id)).toEqual([archived.id]);
    expect(onlyArchived.data[0]!.archived_at).not.toBeNull();
    expect((await list(`search=${m}&archived=0`)).data.map((u) => u.id)).toEqual([active.id]);
  });

  it('sorts by every whitelisted key in both orders, ties broken by id', async () => {
    const m = marker();
    const rows = [
      { firstName: 'Cor', lastName: 'Alfa', email: `c.${m}@example.com`.toLowerCase(), role: 'mechanic' as const },
      { firstName: 'Anna', lastName: 'Bravo', email: `a.${m}@example.com`.toLowerCase(), role: 'admin' as const },
      { firstName: 'Bert', lastName: 'Alfa', email: `b.${m}@example.com`.toLowerCase(), role: 'super_admin' as const },
    ];
    const ids: number[] = [];
    for (const { role, ...row } of rows) ids.push((await createUser(t.db, role, { ...row, preposition: m })).id);
    const [cor, anna, bert] = ids as [number, number, number];
    const order = async (q: string) => (await list(`search=${m}&${q}`)).data.map((u) => u.id);
    expect(await order('sortKey=first_name&sortOrder=asc')).toEqual([anna, bert, cor]);
    expect(await order('sortKey=first_name&sortOrder=desc')).toEqual([cor, bert, anna]);
    expect(await order('sortKey=email&sortOrder=desc')).toEqual([cor, bert, anna]);
    expect(await order('sortKey=role')).toEqual([anna, cor, bert]);
    expect(await order('sortKey=last_name')).toEqual([cor, bert, anna]);
    expect(await order('sortKey=last_name&sortOrder=desc')).toEqual([anna, bert, cor]);
    expect(await order('sortKey=created_at&sortOrder=desc')).toEqual([bert, anna, cor]);
  });

  it.each([
    ['page=abc', 'page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=1&page=2', 'page'],
    ['itemsPerPage=100000', 'itemsPerPage'],
    ['itemsPerPage=0', 'itemsPerPage'],
    ['itemsPerPage=ten', 'itemsPerPage'],
    ['sortKey=password_hash', 'sortKey'],
    ['sortKey=email&sortKey=role', 'sortKey'],
    ['sortKey=id;drop table users', 'sortKey'],
    ['sortOrder=sideways', 'sortOrder'],
    ['archived=maybe', 'archived'],
    ['employees=2', 'employees'],
    ['customer_id=abc', 'customer_id'],
    ['customer_id=0', 'customer_id'],
    ['search=a&search=b', 'search'],
    [`search=${'x'.repeat(256)}`, 'search'],
  ])('answers 422 with an errors map for %s', async (query, field) => {
    const res = await t.admin.get(`/api/users?${query}`);
    expect(res.statusCode).toBe(422);
    const errors = errorsOf(res);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]![0]).toEqual(expect.any(String));
  });

  it('gives the Dutch messages for a bad sort key and an oversized search', async () => {
    expect(errorsOf(await t.admin.get('/api/users?sortKey=password_hash')).sortKey).toEqual(['Ongeldige keuze']);
    expect(errorsOf(await t.admin.get(`/api/users?search=${'x'.repeat(256)}`)).search).toEqual(['Maximaal 255 tekens']);
    expect(errorsOf(await t.admin.get('/api/users?page=abc')).page).toEqual(['Ongeldig getal']);
  });

  it('ignores unknown query parameters', async () => {
    const res = await t.admin.get('/api/users?foo=bar&itemsPerPage=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.itemsPerPage).toBe(1);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the user without any password data', async () => {
    const user = await createUser(t.db, 'mechanic', { preposition: 'van' });
    const res = await t.admin.get(`/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, preposition: 'van', role: 'mechanic' });
  });

  it('also answers archived users (the edit screen of an archived user)', async () => {
    const user = await createUser(t.db, 'mechanic', { archivedAt: new Date() });
    const res = await t.admin.get(`/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.archived_at).not.toBeNull();
  });
});

/**
 * Every users endpoint, with a valid body where it takes one, so only the refusal under test
 * can explain the status.
 */
type Endpoint = { name: string; method: InjectOptions['method']; path: (id: string) => string; body?: boolean };
const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/users', method: 'GET', path: () => '/api/users' },
  { name: 'GET /api/users/{id}', method: 'GET', path: (id) => `/api/users/${id}` },
  { name: 'POST /api/users', method: 'POST', path: () => '/api/users', body: true },
  { name: 'PUT /api/users/{id}', method: 'PUT', path: (id) => `/api/users/${id}`, body: true },
  { name: 'POST /api/users/{id} _method=PUT', method: 'POST', path: (id) => `/api/users/${id}`, body: true },
  { name: 'POST /api/users/{id}/archive', method: 'POST', path: (id) => `/api/users/${id}/archive` },
  { name: 'POST /api/users/{id}/restore', method: 'POST', path: (id) => `/api/users/${id}/restore` },
  { name: 'POST /api/resend-invitation/{id}', method: 'POST', path: (id) => `/api/resend-invitation/${id}` },
];
const withId = ENDPOINTS.filter((e) => e.path('X').includes('X'));
const unsafe = ENDPOINTS.filter((e) => e.method !== 'GET');

function send(client: TestClient, e: Endpoint, id: string, opts: { csrf?: boolean } = {}) {
  const body = e.body ? userBody() : undefined;
  if (e.name.includes('_method=PUT')) {
    return client.post(e.path(id), { body: { ...body, _method: 'PUT' }, as: 'form', ...opts });
  }
  return client.request(e.method, e.path(id), { body, ...opts });
}

describe('refusals on every users endpoint', () => {
  let targetId: string;
  beforeAll(async () => {
    // Not activated, so a resend (and an archive) would have something to do.
    targetId = String((await createUser(t.db, 'mechanic', { activatedAt: null, passwordHash: null })).id);
  });

  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s: 401 without a session', async (_, e) => {
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    const res = await send(visitor, e, targetId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Je bent niet ingelogd.', errors: {} });
  });

  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s: 403 for a customer and a mechanic', async (_, e) => {
    for (const role of ['customer', 'mechanic'] as const) {
      const { client } = await t.signIn(role);
      const res = await send(client, e, targetId);
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ message: 'Je hebt geen toegang tot deze actie.', errors: {} });
    }
  });

  it.each(unsafe.map((e) => [e.name, e] as const))('%s: 419 without the CSRF token', async (_, e) => {
    const before = (await t.admin.get(`/api/users/${targetId}`)).body;
    const res = await send(t.admin, e, targetId, { csrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toBe('Je sessie is verlopen. Vernieuw de pagina en probeer het opnieuw.');
    expect((await t.admin.get(`/api/users/${targetId}`)).body).toBe(before);
  });

  it.each(unsafe.map((e) => [e.name, e] as const))('%s: 419 with a wrong CSRF token', async (_, e) => {
    const { client } = await t.signIn('admin');
    client.token = 'x'.repeat(43);
    expect((await send(client, e, targetId)).statusCode).toBe(419);
  });

  it.each(withId.map((e) => [e.name, e] as const))('%s: 404 for an id that does not exist', async (_, e) => {
    const res = await send(t.admin, e, '999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Niet gevonden.', errors: {} });
  });

  it.each(withId.map((e) => [e.name, e] as const))('%s: 4xx, never 500, for junk ids', async (_, e) => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', '2147483648', '1e400', '%00', 'NaN', '1;drop']) {
      const res = await send(t.admin, e, id);
      expect(res.statusCode, `id ${id}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `id ${id}`).toBeLessThan(500);
      expect(res.json()).toHaveProperty('message');
    }
  });
});
