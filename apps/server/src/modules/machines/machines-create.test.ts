import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MachineSchema, type Machine } from '@keurwijzer/shared/machines';
import { machines } from '../../db/schema/machines';
import {
  createBrand,
  createBrandType,
  createMachine,
  createMachineType,
  createPlacementChain,
  createQuestionnaire,
  uniqueInventoryNumber,
  uniqueName,
} from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { collection, item, machineBody, machinesApi, MISSING } from './machines.test-helpers';

/**
 * Creating and reading a machine of a customer (POST and GET /api/customers/:customerId/machines
 * and .../:id): every field, the contract's shape in every list, form bodies, prices.
 */
const t = useTestApp();
const { create, read, listIds } = machinesApi(t);

describe('create and read', () => {
  it('creates a machine with every field (201 "Machine is aangemaakt") and reads it back', async () => {
    const c = await createPlacementChain(t.db, uniqueName('Metaalbedrijf'));
    const brand = await createBrand(t.db);
    const brandType = await createBrandType(t.db, brand.id);
    const machineType = await createMachineType(t.db);
    const q = {
      inspection: (await createQuestionnaire(t.db, { inspectionType: 'inspection' })).questionnaire,
      maintenance: (await createQuestionnaire(t.db, { inspectionType: 'maintenance' })).questionnaire,
      safety: (await createQuestionnaire(t.db, { inspectionType: 'safety' })).questionnaire,
      inspection_maintenance: (await createQuestionnaire(t.db, { inspectionType: 'inspection_maintenance' }))
        .questionnaire,
    };
    const res = await t.admin.post(collection(c.customer.id), {
      body: {
        name: '  Kolomboormachine  ',
        inventory_number: ' INV-0001 ',
        factory_number: 'SN 12-345',
        manufacturer: 'Alzmetall',
        manufacture_year: 2015,
        location_id: c.location.id,
        department_id: c.department.id,
        room_id: c.room.id,
        machine_type_id: machineType.id,
        brand_id: brand.id,
        brand_type_id: brandType.id,
        price: '1.234,50',
        questionnaire_inspection: q.inspection.id,
        questionnaire_maintenance: q.maintenance.id,
        questionnaire_safety: q.safety.id,
        questionnaire_inspection_maintenance: q.inspection_maintenance.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = res.json() as { data: Machine; message: string };
    expect(message).toBe('Machine is aangemaakt');
    expect(data).toEqual({
      id: expect.any(Number),
      customer_id: c.customer.id,
      customer_name: c.customer.name,
      location_id: c.location.id,
      location_name: c.location.name,
      department_id: c.department.id,
      department_name: c.department.name,
      room_id: c.room.id,
      room_name: c.room.name,
      name: 'Kolomboormachine',
      inventory_number: 'INV-0001',
      factory_number: 'SN 12-345',
      manufacturer: 'Alzmetall',
      manufacture_year: 2015,
      machine_type_id: machineType.id,
      machine_type_name: machineType.name,
      brand_id: brand.id,
      brand_name: brand.name,
      brand_type_id: brandType.id,
      brand_type_name: brandType.name,
      status: 'active',
      price_cents: 123450,
      report_year: null,
      questionnaires: {
        inspection: q.inspection.id,
        maintenance: q.maintenance.id,
        safety: q.safety.id,
        inspection_maintenance: q.inspection_maintenance.id,
      },
      archived_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      // Its machine type has no interval: no due date.
      next_due_date: null,
      due_state: 'none',
    });
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);

    const got = await t.admin.get(item(c.customer.id, data.id));
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual({ data });
    expect(await listIds(c.customer.id)).toEqual([data.id]);

    // The list sends the very same machine (written as JSON by the database, see MACHINE_JSON):
    // exactly the contract's fields, and the timestamps of the row to the millisecond.
    const list = await t.admin.get(collection(c.customer.id));
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.json()).toEqual({ data: [data], meta: { total: 1, page: 1, itemsPerPage: 10, lastPage: 1 } });
    expect(MachineSchema.strict().parse(list.json().data[0])).toEqual(data);
    const [row] = await t.db.select().from(machines).where(eq(machines.id, data.id));
    expect([data.created_at, data.updated_at]).toEqual([row!.createdAt.toISOString(), row!.updatedAt.toISOString()]);
  });

  it("sends an archived or concept machine in the contract's shape too, in every list", async () => {
    const c = await createPlacementChain(t.db);
    const archived = await createMachine(t.db, c, { archivedAt: new Date('2026-03-04T05:06:07.089Z') });
    const concept = await createMachine(t.db, c, { status: 'concept', priceCents: 1200, manufactureYear: 1999 });
    const archivedList = (await t.admin.get(`${collection(c.customer.id)}?archived=1`)).json().data as Machine[];
    expect(archivedList.map((m) => MachineSchema.strict().parse(m))).toEqual([await read(c, archived.id)]);
    expect(archivedList[0]!.archived_at).toBe('2026-03-04T05:06:07.089Z');
    const concepts = (
      await t.admin.get(`/api/machine-concept?search=${encodeURIComponent(concept.inventoryNumber)}`)
    ).json().data as Machine[];
    expect(concepts.map((m) => MachineSchema.strict().parse(m))).toEqual([await read(c, concept.id)]);
    expect(concepts[0]).toMatchObject({
      status: 'concept',
      price_cents: 1200,
      manufacture_year: 1999,
      questionnaires: {},
    });
  });

  it('creates with only the required fields: the rest is null, no questionnaires', async () => {
    const c = await createPlacementChain(t.db);
    const m = await create(c, { name: 'Compressor', inventory_number: 'C-1' });
    expect(m).toMatchObject({
      name: 'Compressor',
      inventory_number: 'C-1',
      factory_number: null,
      manufacturer: null,
      manufacture_year: null,
      department_id: null,
      department_name: null,
      room_id: null,
      room_name: null,
      machine_type_id: null,
      brand_id: null,
      brand_type_id: null,
      price_cents: null,
      questionnaires: {},
      status: 'active',
    });
  });

  it('accepts form data and multipart bodies as a browser sends them (strings, empty selects)', async () => {
    const c = await createPlacementChain(t.db);
    const q = (await createQuestionnaire(t.db, { inspectionType: 'safety' })).questionnaire;
    for (const as of ['form', 'multipart'] as const) {
      const res = await t.admin.post(collection(c.customer.id), {
        as,
        body: {
          name: ` Heftruck ${as} `,
          inventory_number: uniqueInventoryNumber(),
          factory_number: '',
          manufacturer: '',
          manufacture_year: '2019',
          location_id: String(c.location.id),
          department_id: String(c.department.id),
          room_id: '',
          machine_type_id: '',
          brand_id: '',
          brand_type_id: '',
          price: '12,50',
          questionnaire_inspection: '',
          questionnaire_maintenance: '',
          questionnaire_safety: String(q.id),
          questionnaire_inspection_maintenance: '',
        },
      });
      expect(res.statusCode, `${as}: ${res.body}`).toBe(201);
      expect(res.json().data).toMatchObject({
        name: `Heftruck ${as}`,
        factory_number: null,
        manufacturer: null,
        manufacture_year: 2019,
        department_id: c.department.id,
        room_id: null,
        machine_type_id: null,
        price_cents: 1250,
        questionnaires: { safety: q.id },
      });
    }
  });

  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12,50', 1250],
    ['12.50', 1250],
    ['0,29', 29],
    ['1.234,50', 123450],
    ['1234,50', 123450],
    ['1.234', 123400],
    ['1.250,00', 125000],
    ['€ 1.250,00', 125000],
    ['  99,99 ', 9999],
    ['10.000.000,00', 1_000_000_000],
    [12, 1200],
    [12.5, 1250],
    [0, 0],
    ['', null],
    [null, null],
  ])('stores the price %j as %j cents', async (price, cents) => {
    const c = await createPlacementChain(t.db);
    const m = await create(c, { price });
    expect(m.price_cents).toBe(cents);
    const [row] = await t.db.select().from(machines).where(eq(machines.id, m.id));
    expect(row?.priceCents).toBe(cents);
  });

  it('keeps the customer of the path, status Active and no archive date whatever else the body says', async () => {
    const a = await createPlacementChain(t.db);
    const b = await createPlacementChain(t.db);
    const res = await t.admin.post(collection(a.customer.id), {
      body: machineBody(a, {
        id: 12345,
        customer_id: b.customer.id,
        archived_at: '2020-01-01T00:00:00.000Z',
        price_cents: 5,
        report_year: 2020,
        created_by: MISSING,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json().data as Machine;
    expect(m).toMatchObject({
      customer_id: a.customer.id,
      status: 'active',
      archived_at: null,
      price_cents: null,
      report_year: null,
    });
    expect(m.id).not.toBe(12345);
    expect(await t.db.$count(machines, eq(machines.customerId, b.customer.id))).toBe(0);
  });

  it('lets a super admin create, edit, archive, restore and move', async () => {
    const c = await createPlacementChain(t.db);
    const sa = t.superAdmin;
    const m = await create(c, {}, sa);
    const path = item(c.customer.id, m.id);
    expect((await sa.put(path, { body: machineBody(c, { name: 'SA' }) })).statusCode).toBe(200);
    expect((await sa.post(`${path}/archive`)).statusCode).toBe(200);
    expect((await sa.post(`${path}/restore`)).statusCode).toBe(200);
    const moved = await sa.post(`${path}/move`, {
      body: { location_id: c.location.id, department_id: c.department.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await sa.get(`${path}/moves`)).json().data).toHaveLength(1);
  });
});
