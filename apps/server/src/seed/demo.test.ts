import { beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_TYPES } from '@keurwijzer/shared/questionnaires';
import { TestClient } from '../test/client';
import { useTestApp } from '../test/use-test-app';
import { loadConfig } from '../config';
import { seedDemo } from './demo';

const t = useTestApp({ signIn: false });

/** The default DEMO_PASSWORD, as README and `npm start` print it. */
const DEMO_PASSWORD = loadConfig({}).demoPassword;

beforeAll(async () => {
  await seedDemo(t.db, { password: DEMO_PASSWORD, scryptLogN: 10 });
});

describe('demo seed', () => {
  it('uses the default of product-decisions.md and refuses one that breaks the password rule, before writing anything', async () => {
    expect(DEMO_PASSWORD).toBe('Demo1234!');
    for (const bad of ['demo1234!', 'Demo12345', 'Demo!']) {
      await expect(seedDemo(t.db, { password: bad, scryptLogN: 10 }), bad).rejects.toThrow(
        /DEMO_PASSWORD does not meet the password rule/,
      );
    }
  });

  it('seeds the accounts of every role and realistic master data with questionnaires of every type', async () => {
    const admin = new TestClient(t.app);
    expect((await admin.login('admin@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    for (const email of ['superadmin@example.com', 'monteur@example.com', 'klant@example.com', 'klant2@example.com']) {
      expect((await new TestClient(t.app).login(email, DEMO_PASSWORD)).statusCode, email).toBe(200);
    }
    const brands = (await admin.get('/api/brands', { query: { itemsPerPage: '100' } })).json();
    expect(brands.meta.total).toBeGreaterThanOrEqual(10);
    expect(brands.data.map((b: { name: string }) => b.name)).toEqual(
      expect.arrayContaining(['Atlas Copco', 'Makita', 'Kaeser']),
    );
    expect((await admin.get('/api/machine-types')).json().meta.total).toBe(8);
    const customers = (await admin.get('/api/customers')).json();
    expect(customers.meta.total).toBe(3);
    let machines = 0;
    for (const c of customers.data) {
      expect(c.locations_count, c.name).toBeGreaterThanOrEqual(2);
      const all = (await admin.get(`/api/customers/${c.id}/machines`)).json().meta.total;
      const archived = (await admin.get(`/api/customers/${c.id}/machines?archived=1`)).json().meta.total;
      expect(archived, c.name).toBeGreaterThan(0);
      machines += all + archived;
    }
    expect(machines).toBeGreaterThanOrEqual(140);
    expect((await admin.get('/api/machine-concept')).json().meta.total).toBeGreaterThan(0);

    const listRes = await admin.get('/api/questionnaires', { query: { itemsPerPage: '100' } });
    expect(listRes.statusCode, listRes.body).toBe(200);
    const list = listRes.json();
    const types = new Set(list.data.map((q: { inspection_type: string }) => q.inspection_type));
    for (const type of INSPECTION_TYPES) expect(types.has(type), type).toBe(true);
    for (const q of list.data.filter((q: { status: string }) => q.status === 'active')) {
      const detail = (await admin.get(`/api/questionnaires/${q.id}/detail`)).json().data;
      expect(detail.categories.length).toBeGreaterThanOrEqual(4);
      expect(detail.categories.length).toBeLessThanOrEqual(6);
      for (const c of detail.categories) expect(c.questions.length).toBeGreaterThanOrEqual(3);
    }
  });
});
