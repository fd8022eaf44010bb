import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Machine } from '@keurwijzer/shared/machines';
import { machineQuestionnaires, machines } from '../../db/schema/machines';
import {
  createBrand,
  createBrandType,
  createMachine,
  createMachineType,
  createPlacementChain,
  createQuestionnaire,
} from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { collection, item, machineBody, machinesApi } from './machines.test-helpers';

/** Editing a machine (PUT /api/customers/:customerId/machines/:id and its _method=PUT twin), its status. */
const t = useTestApp();
const { create, read } = machinesApi(t);

describe('update', () => {
  it('updates every field (200 "Machine is gewijzigd"), clears what is left empty and keeps created_at', async () => {
    const c = await createPlacementChain(t.db);
    const brand = await createBrand(t.db);
    const brandType = await createBrandType(t.db, brand.id);
    const machineType = await createMachineType(t.db);
    const inspection = (await createQuestionnaire(t.db, { inspectionType: 'inspection' })).questionnaire;
    const safety = (await createQuestionnaire(t.db, { inspectionType: 'safety' })).questionnaire;
    const m = await create(c, {
      brand_id: brand.id,
      brand_type_id: brandType.id,
      machine_type_id: machineType.id,
      factory_number: 'F-1',
      manufacturer: 'Makita',
      manufacture_year: 2001,
      price: '100',
      questionnaire_inspection: inspection.id,
    });
    const res = await t.admin.put(item(c.customer.id, m.id), {
      body: {
        name: 'Lintzaag',
        inventory_number: 'LZ-9',
        factory_number: '',
        manufacturer: null,
        manufacture_year: '',
        location_id: c.location.id,
        price: '2.500,75',
        questionnaire_inspection: null,
        questionnaire_safety: safety.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Machine is gewijzigd');
    const data = res.json().data as Machine;
    expect(data).toEqual({
      ...m,
      name: 'Lintzaag',
      inventory_number: 'LZ-9',
      factory_number: null,
      manufacturer: null,
      manufacture_year: null,
      machine_type_id: null,
      machine_type_name: null,
      brand_id: null,
      brand_name: null,
      brand_type_id: null,
      brand_type_name: null,
      price_cents: 250075,
      questionnaires: { safety: safety.id },
      updated_at: expect.any(String),
    });
    expect(Date.parse(data.updated_at)).toBeGreaterThanOrEqual(Date.parse(m.updated_at));
    expect(await read(c, m.id)).toEqual(data);
    expect(await t.db.$count(machineQuestionnaires, eq(machineQuestionnaires.machineId, m.id))).toBe(1);
  });

  it('updates through POST with _method=PUT form data', async () => {
    const c = await createPlacementChain(t.db);
    const q = (await createQuestionnaire(t.db, { inspectionType: 'maintenance' })).questionnaire;
    const m = await create(c);
    const res = await t.admin.post(item(c.customer.id, m.id), {
      as: 'form',
      body: {
        _method: 'PUT',
        name: 'Via formulier',
        inventory_number: m.inventory_number,
        factory_number: 'FN-7',
        manufacture_year: '1999',
        location_id: String(c.location.id),
        department_id: String(c.department.id),
        room_id: String(c.room.id),
        price: '1.000,00',
        questionnaire_maintenance: String(q.id),
        questionnaire_inspection: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Machine is gewijzigd',
      data: {
        id: m.id,
        name: 'Via formulier',
        factory_number: 'FN-7',
        manufacture_year: 1999,
        room_id: c.room.id,
        price_cents: 100000,
        questionnaires: { maintenance: q.id },
      },
    });
    expect((await read(c, m.id)).name).toBe('Via formulier');
    const bad = await t.admin.post(item(c.customer.id, m.id), {
      as: 'form',
      body: { _method: 'PUT', name: '', inventory_number: m.inventory_number, location_id: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ name: ['Verplicht'], location_id: ['Verplicht'] });
  });

  it('changes neither the customer nor the archive date: those have their own endpoints', async () => {
    const a = await createPlacementChain(t.db);
    const b = await createPlacementChain(t.db);
    const row = await createMachine(t.db, a, { status: 'inactive' });
    const res = await t.admin.put(item(a.customer.id, row.id), {
      body: machineBody(a, { customer_id: b.customer.id, archived_at: new Date().toISOString() }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'inactive', customer_id: a.customer.id, archived_at: null });
  });

  it('sets Actief and Niet actief, and keeps the status when none is sent', async () => {
    const c = await createPlacementChain(t.db);
    const m = await create(c, { status: 'inactive' });
    expect(m.status).toBe('inactive');
    const body = machineBody(c, { name: m.name, inventory_number: m.inventory_number });
    expect((await t.admin.put(item(c.customer.id, m.id), { body }).then((r) => r.json())).data.status).toBe('inactive');
    const active = await t.admin.post(item(c.customer.id, m.id), {
      as: 'form',
      body: { ...body, _method: 'PUT', status: 'active' },
    });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json().data.status).toBe('active');
    const inactive = await t.admin.put(item(c.customer.id, m.id), { body: { ...body, status: 'inactive' } });
    expect(inactive.json().data.status).toBe('inactive');
    const [row] = await t.db.select().from(machines).where(eq(machines.id, m.id));
    expect(row?.status).toBe('inactive');
  });

  it('keeps a concept machine Concept whatever status is sent: only approval makes it active', async () => {
    const c = await createPlacementChain(t.db);
    const concept = await createMachine(t.db, c, { status: 'concept' });
    for (const status of ['active', 'inactive', '']) {
      const res = await t.admin.put(item(c.customer.id, concept.id), { body: machineBody(c, { status }) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('concept');
    }
  });

  it.each([['concept'], ['archived'], ['Actief'], [1]])('refuses the status %j', async (status) => {
    const c = await createPlacementChain(t.db);
    const m = await create(c);
    for (const res of [
      await t.admin.put(item(c.customer.id, m.id), { body: machineBody(c, { status }) }),
      await t.admin.post(collection(c.customer.id), { body: machineBody(c, { status }) }),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual({ status: ['Ongeldige keuze'] });
    }
  });
});
