import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-test-app';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login((await createUser(t.db, 'admin')).email, PASSWORD);
});
afterAll(() => t.close());

describe('brands', () => {
  it('smoke', async () => {
    const res = await admin.post('/api/brands', { body: { name: 'Makita' } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    const t1 = await admin.post(`/api/brands/${id}/types`, { body: { name: 'DHP482' } });
    expect(t1.statusCode, t1.body).toBe(201);
    const list = await admin.get('/api/brands');
    expect(list.json().data[0]).toMatchObject({ name: 'Makita', types_count: 1 });
    const del = await admin.delete(`/api/brands/${id}`);
    expect(del.statusCode, del.body).toBe(409);
  });
});
