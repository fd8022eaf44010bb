import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-test-app';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';

let t: TestApp;
let admin: TestClient;
type Ids = { customer: number; location: number; department: number; room: number };
const place = async (name: string): Promise<Ids> => {
  const c = await admin.post('/api/customers', { body: { name, customer_number: `${name}-${Date.now()}` } });
  const customer = c.json().data.id as number;
  const l = await admin.post(`/api/customers/${customer}/locations`, {
    body: { name: 'Hoofdvestiging', street: 'Straat', house_number: '1', postcode: '1234ab', city: 'Utrecht' },
  });
  const location = l.json().data.id as number;
  const d = await admin.post(`/api/customers/${customer}/locations/${location}/departments`, {
    body: { name: 'Werkplaats' },
  });
  const department = d.json().data.id as number;
  const r = await admin.post(`/api/customers/${customer}/locations/${location}/departments/${department}/rooms`, {
    body: { name: 'Hal 1' },
  });
  return { customer, location, department, room: r.json().data.id as number };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login((await createUser(t.db, 'admin')).email, PASSWORD);
});
afterAll(() => t.close());

describe('machines', () => {
  it('creates, moves with history, archives, restores; a machine of customer A is not reachable through B', async () => {
    const a = await place('Klant A');
    const b = await place('Klant B');
    const created = await admin.post(`/api/customers/${a.customer}/machines`, {
      as: 'form',
      body: {
        name: 'Kolomboor',
        inventory_number: 'INV-1',
        manufacture_year: '2015',
        location_id: a.location,
        price: '1.234,50',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json().data;
    expect(m).toMatchObject({
      name: 'Kolomboor',
      price_cents: 123450,
      status: 'active',
      location_name: 'Hoofdvestiging',
    });
    const dup = await admin.post(`/api/customers/${a.customer}/machines`, {
      body: { name: 'X', inventory_number: 'inv-1', location_id: a.location },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.inventory_number).toEqual(['Deze klant heeft al een machine met dit inventarisnummer']);

    for (const path of [`/api/customers/${b.customer}/machines/${m.id}`]) {
      expect((await admin.get(path)).statusCode).toBe(404);
      expect(
        (await admin.put(path, { body: { name: 'X', inventory_number: 'Y', location_id: b.location } })).statusCode,
      ).toBe(404);
      expect((await admin.post(`${path}/move`, { body: { location_id: b.location } })).statusCode).toBe(404);
    }
    const wrongPlace = await admin.post(`/api/customers/${a.customer}/machines/${m.id}/move`, {
      body: { location_id: b.location },
    });
    expect(wrongPlace.statusCode).toBe(422);

    const moved = await admin.post(`/api/customers/${a.customer}/machines/${m.id}/move`, {
      body: { location_id: a.location, department_id: a.department, room_id: a.room },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe('Machine is verplaatst');
    const history = (await admin.get(`/api/customers/${a.customer}/machines/${m.id}/moves`)).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ from: 'Hoofdvestiging', to: 'Hoofdvestiging > Werkplaats > Hal 1' });

    const inUse = await admin.delete(
      `/api/customers/${a.customer}/locations/${a.location}/departments/${a.department}/rooms/${a.room}`,
    );
    expect(inUse.statusCode).toBe(409);

    expect((await admin.post(`/api/customers/${a.customer}/machines/${m.id}/archive`)).json().message).toBe(
      'Machine is gearchiveerd',
    );
    expect((await admin.get(`/api/customers/${a.customer}/machines`)).json().meta.total).toBe(0);
    expect((await admin.get(`/api/customers/${a.customer}/machines?archived=1`)).json().meta.total).toBe(1);
    expect((await admin.post(`/api/customers/${a.customer}/machines/${m.id}/restore`)).json().message).toBe(
      'Machine is hersteld',
    );
  });
});
