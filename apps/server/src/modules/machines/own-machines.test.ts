import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '@keurwijzer/shared/machines';
import type { TestClient } from '../../test/client';
import { errorsOf } from '../../test/helpers';
import { createMachine, type PlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * GET /api/machines and GET /api/machines/export: a customer user's own machines, from the
 * customer in the session. Two customers, each with a user: neither ever sees the other's.
 */
const t = useTestApp();
beforeAll(async () => {
  const add = (c: PlacementChain, name: string, values: Parameters<typeof createMachine>[2] = {}) =>
    createMachine(t.db, c, { name, inventoryNumber: name, ...values });
  const [a, b] = [t.customerA.chain, t.customerB.chain];
  await add(a, 'A-pers');
  await add(a, 'A-zaag', { status: 'inactive' });
  await add(a, 'A-concept', { status: 'concept' });
  await add(a, 'A-oud', { archivedAt: new Date() });
  await add(b, 'B-boor');
});

const names = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/machines?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Machine[]).map((m) => m.name);
};

describe('GET /api/machines (a customer user)', () => {
  it("lists only the own customer's machines in use: no concept, no archived, never another customer's", async () => {
    expect(await names(t.customerA.client)).toEqual(['A-pers', 'A-zaag']);
    expect(await names(t.customerB.client)).toEqual(['B-boor']);
    const res = await t.customerA.client.get('/api/machines');
    expect(res.json().meta).toEqual({ total: 2, page: 1, itemsPerPage: 10, lastPage: 1 });
  });

  it('searches, filters on status and sorts', async () => {
    expect(await names(t.customerA.client, 'search=zaag')).toEqual(['A-zaag']);
    expect(await names(t.customerA.client, 'search=B-boor')).toEqual([]);
    expect(await names(t.customerA.client, 'status=inactive')).toEqual(['A-zaag']);
    expect(await names(t.customerA.client, 'sortKey=name&sortOrder=desc')).toEqual(['A-zaag', 'A-pers']);
  });

  it('cannot be widened to another customer or to archived machines through the query', async () => {
    expect(await names(t.customerA.client, `customer_id=${t.customerB.chain.customer.id}`)).toEqual([
      'A-pers',
      'A-zaag',
    ]);
    expect(await names(t.customerA.client, 'archived=1')).toEqual(['A-pers', 'A-zaag']);
  });

  it('answers 422 with the errors map for junk', async () => {
    for (const [query, field] of [
      ['status=concept', 'status'],
      ['sortKey=price', 'sortKey'],
      ['page=0', 'page'],
    ] as const) {
      const res = await t.customerA.client.get(`/api/machines?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual([field]);
    }
  });

  it('is for customer users only: 401 without a session, 403 for employees', async () => {
    const visitor = (await t.signIn('customer')).client;
    await visitor.post('/api/logout');
    expect((await visitor.get('/api/machines')).statusCode).toBe(401);
    expect((await t.admin.get('/api/machines')).statusCode).toBe(403);
    expect((await t.mechanic.get('/api/machines')).statusCode).toBe(403);
  });
});

describe('GET /api/machines/export (a customer user)', () => {
  it("gives the own inventory list as xlsx, without another customer's machines", async () => {
    const res = await t.customerA.client.get('/api/machines/export?format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`inventaris-${t.customerA.chain.customer.customerNumber}-`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[] = [];
    workbook.getWorksheet('Inventaris')!.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[])[4]));
    expect(rows).toEqual(['A-pers', 'A-zaag']);
  });

  it('gives a PDF too, and refuses junk (422), employees (403) and visitors (401)', async () => {
    const pdf = await t.customerB.client.get('/api/machines/export?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const junk = await t.customerA.client.get('/api/machines/export?format=docx');
    expect(junk.statusCode).toBe(422);
    expect(Object.keys(errorsOf(junk))).toEqual(['format']);
    expect((await t.admin.get('/api/machines/export?format=xlsx')).statusCode).toBe(403);
    const visitor = (await t.signIn('customer')).client;
    await visitor.post('/api/logout');
    expect((await visitor.get('/api/machines/export?format=xlsx')).statusCode).toBe(401);
  });
});
