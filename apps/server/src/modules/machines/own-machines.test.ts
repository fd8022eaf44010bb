import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '@keurwijzer/shared/machines';
import { machines } from '../../db/schema/machines';
import { createTestApp, type TestApp } from '../../test/build-test-app';
import type { TestClient } from '../../test/client';
import { errorsOf, signIn } from '../../test/helpers';
import { createPlacementChain, type PlacementChain } from '../../test/placements';
import { uniqueName } from '../../test/master-data';

/**
 * GET /api/machines and GET /api/machines/export: a customer user's own machines, from the
 * customer in the session. Two customers, each with a user: neither ever sees the other's.
 */
let t: TestApp;
let a: { chain: PlacementChain; client: TestClient };
let b: { chain: PlacementChain; client: TestClient };
let admin: TestClient;
let mechanic: TestClient;

async function customerWithUser(name: string) {
  const chain = await createPlacementChain(t.db, uniqueName(name));
  const { client } = await signIn(t, 'customer', { customerId: chain.customer.id });
  return { chain, client };
}

const add = (c: PlacementChain, name: string, values: Partial<typeof machines.$inferInsert> = {}) =>
  t.db
    .insert(machines)
    .values({ customerId: c.customer.id, locationId: c.location.id, name, inventoryNumber: name, ...values })
    .returning()
    .then((rows) => rows[0]!);

beforeAll(async () => {
  t = await createTestApp();
  a = await customerWithUser('Klant A');
  b = await customerWithUser('Klant B');
  admin = (await signIn(t, 'admin')).client;
  mechanic = (await signIn(t, 'mechanic')).client;
  await add(a.chain, 'A-pers');
  await add(a.chain, 'A-zaag', { status: 'inactive' });
  await add(a.chain, 'A-concept', { status: 'concept' });
  await add(a.chain, 'A-oud', { archivedAt: new Date() });
  await add(b.chain, 'B-boor');
});
afterAll(() => t.close());

const names = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/machines?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Machine[]).map((m) => m.name);
};

describe('GET /api/machines (a customer user)', () => {
  it("lists only the own customer's machines in use: no concept, no archived, never another customer's", async () => {
    expect(await names(a.client)).toEqual(['A-pers', 'A-zaag']);
    expect(await names(b.client)).toEqual(['B-boor']);
    const res = await a.client.get('/api/machines');
    expect(res.json().meta).toEqual({ total: 2, page: 1, itemsPerPage: 10, lastPage: 1 });
  });

  it('searches, filters on status and sorts', async () => {
    expect(await names(a.client, 'search=zaag')).toEqual(['A-zaag']);
    expect(await names(a.client, 'search=B-boor')).toEqual([]);
    expect(await names(a.client, 'status=inactive')).toEqual(['A-zaag']);
    expect(await names(a.client, 'sortKey=name&sortOrder=desc')).toEqual(['A-zaag', 'A-pers']);
  });

  it('cannot be widened to another customer or to archived machines through the query', async () => {
    expect(await names(a.client, `customer_id=${b.chain.customer.id}`)).toEqual(['A-pers', 'A-zaag']);
    expect(await names(a.client, 'archived=1')).toEqual(['A-pers', 'A-zaag']);
  });

  it('answers 422 with the errors map for junk', async () => {
    for (const [query, field] of [
      ['status=concept', 'status'],
      ['sortKey=price', 'sortKey'],
      ['page=0', 'page'],
    ] as const) {
      const res = await a.client.get(`/api/machines?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual([field]);
    }
  });

  it('is for customer users only: 401 without a session, 403 for employees', async () => {
    const visitor = (await signIn(t, 'customer')).client;
    await visitor.post('/api/logout');
    expect((await visitor.get('/api/machines')).statusCode).toBe(401);
    expect((await admin.get('/api/machines')).statusCode).toBe(403);
    expect((await mechanic.get('/api/machines')).statusCode).toBe(403);
  });
});

describe('GET /api/machines/export (a customer user)', () => {
  it("gives the own inventory list as xlsx, without another customer's machines", async () => {
    const res = await a.client.get('/api/machines/export?format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`inventaris-${a.chain.customer.customerNumber}-`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[] = [];
    workbook.getWorksheet('Inventaris')!.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[])[4]));
    expect(rows).toEqual(['A-pers', 'A-zaag']);
  });

  it('gives a PDF too, and refuses junk (422), employees (403) and visitors (401)', async () => {
    const pdf = await b.client.get('/api/machines/export?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const junk = await a.client.get('/api/machines/export?format=docx');
    expect(junk.statusCode).toBe(422);
    expect(Object.keys(errorsOf(junk))).toEqual(['format']);
    expect((await admin.get('/api/machines/export?format=xlsx')).statusCode).toBe(403);
    const visitor = (await signIn(t, 'customer')).client;
    await visitor.post('/api/logout');
    expect((await visitor.get('/api/machines/export?format=xlsx')).statusCode).toBe(401);
  });
});
