import { describe, expect, it } from 'vitest';
import type { CustomerOption } from '@keurwijzer/shared/customers';
import { TestClient } from '../../test/client';
import { createCustomer, createUser } from '../../test/factories';
import { errorsOf, userBody } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

const marker = () => `Mrk${Math.random().toString(36).slice(2, 10)}`;

describe('customer isolation (two customers, a customer user each)', () => {
  it('a customer user reads neither users nor customers, own or foreign (403), and learns nothing', async () => {
    const { customerA: a, customerB: b } = t;
    const [acme, beta] = [a.chain.customer, b.chain.customer];
    const colleague = await createUser(t.db, 'customer', { customerId: acme.id });

    for (const [me, other, otherCustomer] of [
      [a, b, beta],
      [b, a, acme],
    ] as const) {
      const { client } = me;
      expect((await client.get('/api/authorized')).json().data).toMatchObject({
        id: me.user.id,
        customer_id: me.user.customerId,
      });
      const reads = [
        '/api/users',
        '/api/users?employees=0',
        `/api/users?search=${encodeURIComponent(other.user.email)}`,
        `/api/users/${me.user.id}`,
        `/api/users/${other.user.id}`,
        `/api/users/${colleague.id}`,
        '/api/customers',
        `/api/customers?search=${encodeURIComponent(otherCustomer.name)}`,
      ];
      for (const url of reads) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain(other.user.email);
        expect(res.body).not.toContain(otherCustomer.name);
      }
      const writes = [
        client.put(`/api/users/${other.user.id}`, {
          body: userBody({ role: 'customer', customer_id: me.user.customerId }),
        }),
        client.post(`/api/users/${other.user.id}`, {
          body: { ...userBody({ role: 'customer', customer_id: me.user.customerId }), _method: 'PUT' },
          as: 'form',
        }),
        client.post(`/api/users/${other.user.id}/archive`),
        client.post(`/api/resend-invitation/${other.user.id}`),
        client.post('/api/users', { body: userBody({ role: 'customer', customer_id: otherCustomer.id }) }),
      ];
      for (const res of await Promise.all(writes)) expect(res.statusCode, res.body).toBe(403);
    }
    // Both accounts are unchanged and still logged in.
    expect((await a.client.get('/api/authorized')).statusCode).toBe(200);
    expect((await b.client.get('/api/authorized')).json().data.customer_id).toBe(beta.id);
  });
});

type Page = { data: CustomerOption[]; meta: { total: number; page: number; itemsPerPage: number; lastPage: number } };

describe('GET /api/customers (the customer select)', () => {
  async function list(query: string, client = t.admin): Promise<Page> {
    const res = await client.get(`/api/customers?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  }

  it('searches name and customer number, pages and sorts', async () => {
    const m = marker();
    const made = [];
    for (const [name, nr] of [
      ['Delta', '300'],
      ['Alfa', '200'],
      ['Charlie', '100'],
      ['Bravo', '400'],
    ] as const) {
      made.push(await createCustomer(t.db, { name: `${name} ${m}`, customerNumber: `${m}-${nr}` }));
    }
    const first = await list(`search=${m.toUpperCase()}&itemsPerPage=3`);
    expect(first.meta).toEqual({ total: 4, page: 1, itemsPerPage: 3, lastPage: 2 });
    expect(first.data.map((c) => c.name)).toEqual([`Alfa ${m}`, `Bravo ${m}`, `Charlie ${m}`]);
    expect(first.data[0]).toMatchObject({ id: made[1]!.id, name: `Alfa ${m}`, customer_number: `${m}-200` });
    const second = await list(`search=${m}&itemsPerPage=3&page=2`);
    expect(second.meta).toEqual({ total: 4, page: 2, itemsPerPage: 3, lastPage: 2 });
    expect(second.data.map((c) => c.name)).toEqual([`Delta ${m}`]);

    const byNumber = await list(`search=${m}&sortKey=customer_number&sortOrder=desc`);
    expect(byNumber.data.map((c) => c.customer_number)).toEqual([`${m}-400`, `${m}-300`, `${m}-200`, `${m}-100`]);
    expect((await list(`search=${encodeURIComponent(`${m}-100`)}`)).data.map((c) => c.name)).toEqual([`Charlie ${m}`]);
    expect((await list(`search=charlie ${m}`)).data).toHaveLength(1);
  });

  it('hides archived customers unless archived=1', async () => {
    const m = marker();
    const active = await createCustomer(t.db, { name: `Actief ${m}` });
    const archived = await createCustomer(t.db, { name: `Weg ${m}`, archivedAt: new Date() });
    expect((await list(`search=${m}`)).data.map((c) => c.id)).toEqual([active.id]);
    expect((await list(`search=${m}&archived=1`)).data.map((c) => c.id)).toEqual([archived.id]);
  });

  it('works for a super admin; refuses mechanics (403) and visitors (401)', async () => {
    const sa = await t.signIn('super_admin');
    expect((await sa.client.get('/api/customers')).statusCode).toBe(200);
    const mechanic = await t.signIn('mechanic');
    expect((await mechanic.client.get('/api/customers')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/customers')).statusCode).toBe(401);
  });

  it.each([
    ['sortKey=id', 'sortKey'],
    ['sortKey=archived_at', 'sortKey'],
    ['sortOrder=random', 'sortOrder'],
    ['itemsPerPage=1000', 'itemsPerPage'],
    ['page=abc', 'page'],
    ['page=1&page=2', 'page'],
    ['search=a&search=b', 'search'],
    [`search=${'z'.repeat(256)}`, 'search'],
  ])('answers 422 for %s', async (query, field) => {
    const res = await t.admin.get(`/api/customers?${query}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual([field]);
  });
});
