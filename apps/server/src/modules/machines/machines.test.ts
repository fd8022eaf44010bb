import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { MachineSchema, type Machine } from '@keurwijzer/shared/machines';
import { TEXT } from '@keurwijzer/shared/texts';
import { machineMoves, machineQuestionnaires, machines } from '../../db/schema/machines';
import { createTestApp, type TestApp } from '../../test/build-test-app';
import type { TestClient } from '../../test/client';
import { createDepartment, createLocation, createPlacementChain, createRoom } from '../../test/placements';
import { errorsOf, signIn, signInRoles, type RoleClients } from '../../test/helpers';
import {
  createBrand,
  createBrandType,
  createMachineType,
  createQuestionnaire,
  uniqueName,
} from '../../test/master-data';

/**
 * Machines of a customer (GET/POST /api/customers/:customerId/machines, GET/PUT .../:id, archive,
 * restore, move with its history, the reports list) and the concept machines to approve
 * (/api/machine-concept): the contract, the rules of product-decisions and docs/decisions
 * "Machines", a machine of customer A never reachable through customer B's path, and who may do
 * what. The 409s of the items machines refer to are in machines-in-use.test.ts, the statements
 * per list in machines-queries.test.ts.
 */
let t: TestApp;
let clients: RoleClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await signInRoles(t);
});
afterAll(() => t.close());

const admin = () => clients.admin;
const MISSING = 999_999;
const JUNK_IDS = [MISSING, 0, -1, 'abc', '1.5', '99999999999'] as const;
const LONG = 'x'.repeat(256);
const NEXT_YEAR = new Date().getFullYear() + 1;
type Json = Record<string, unknown>;
type Id = number | string;

let seq = 0;
/** An inventory number no other test uses. */
const inventory = () => `INV-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

const addLocation = (customerId: number, name?: string) => createLocation(t.db, customerId, name);
const addDepartment = (locationId: number, name?: string) => createDepartment(t.db, locationId, name);
const addRoom = (departmentId: number, name?: string) => createRoom(t.db, departmentId, name);
const chain = (name?: string) => createPlacementChain(t.db, name);
type Chain = Awaited<ReturnType<typeof chain>>;

const collection = (customerId: Id) => `/api/customers/${customerId}/machines`;
const item = (customerId: Id, id: Id) => `${collection(customerId)}/${id}`;

/** A valid create/update body placed at the chain's location. */
const machineBody = (c: Chain, overrides: Json = {}): Json => ({
  name: uniqueName('Machine'),
  inventory_number: inventory(),
  location_id: c.location.id,
  ...overrides,
});

async function create(c: Chain, overrides: Json = {}, client: TestClient = admin()): Promise<Machine> {
  const res = await client.post(collection(c.customer.id), { body: machineBody(c, overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: Machine }).data;
}

/** A machine straight into the database (concept and inactive machines have no API yet). */
async function insertMachine(c: Chain, values: Partial<typeof machines.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(machines)
    .values({
      customerId: c.customer.id,
      locationId: c.location.id,
      name: uniqueName('Machine'),
      inventoryNumber: inventory(),
      ...values,
    })
    .returning();
  return row!;
}

async function read(c: Chain | number, id: number): Promise<Machine> {
  const res = await admin().get(item(typeof c === 'number' ? c : c.customer.id, id));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Machine }).data;
}

/** Every machine, move and questionnaire link: "nothing changed" is an equal snapshot. */
const snapshot = async () => ({
  machines: await t.db.select().from(machines).orderBy(asc(machines.id)),
  moves: await t.db.select().from(machineMoves).orderBy(asc(machineMoves.id)),
  links: await t.db
    .select()
    .from(machineQuestionnaires)
    .orderBy(asc(machineQuestionnaires.machineId), asc(machineQuestionnaires.inspectionType)),
});

async function listIds(customerId: number, query = ''): Promise<number[]> {
  const res = await admin().get(`${collection(customerId)}?itemsPerPage=100&${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return (res.json().data as Machine[]).map((m) => m.id);
}

describe('create and read', () => {
  it('creates a machine with every field (201 "Machine is aangemaakt") and reads it back', async () => {
    const c = await chain(uniqueName('Metaalbedrijf'));
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
    const res = await admin().post(collection(c.customer.id), {
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
    });
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);

    const got = await admin().get(item(c.customer.id, data.id));
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual({ data });
    expect(await listIds(c.customer.id)).toEqual([data.id]);

    // The list sends the very same machine (written as JSON by the database, see MACHINE_JSON):
    // exactly the contract's fields, and the timestamps of the row to the millisecond.
    const list = await admin().get(collection(c.customer.id));
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.json()).toEqual({ data: [data], meta: { total: 1, page: 1, itemsPerPage: 10, lastPage: 1 } });
    expect(MachineSchema.strict().parse(list.json().data[0])).toEqual(data);
    const [row] = await t.db.select().from(machines).where(eq(machines.id, data.id));
    expect([data.created_at, data.updated_at]).toEqual([row!.createdAt.toISOString(), row!.updatedAt.toISOString()]);
  });

  it("sends an archived or concept machine in the contract's shape too, in every list", async () => {
    const c = await chain();
    const archived = await insertMachine(c, { archivedAt: new Date('2026-03-04T05:06:07.089Z') });
    const concept = await insertMachine(c, { status: 'concept', priceCents: 1200, manufactureYear: 1999 });
    const archivedList = (await admin().get(`${collection(c.customer.id)}?archived=1`)).json().data as Machine[];
    expect(archivedList.map((m) => MachineSchema.strict().parse(m))).toEqual([await read(c, archived.id)]);
    expect(archivedList[0]!.archived_at).toBe('2026-03-04T05:06:07.089Z');
    const concepts = (
      await admin().get(`/api/machine-concept?search=${encodeURIComponent(concept.inventoryNumber)}`)
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
    const c = await chain();
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
    const c = await chain();
    const q = (await createQuestionnaire(t.db, { inspectionType: 'safety' })).questionnaire;
    for (const as of ['form', 'multipart'] as const) {
      const res = await admin().post(collection(c.customer.id), {
        as,
        body: {
          name: ` Heftruck ${as} `,
          inventory_number: inventory(),
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
    const c = await chain();
    const m = await create(c, { price });
    expect(m.price_cents).toBe(cents);
    const [row] = await t.db.select().from(machines).where(eq(machines.id, m.id));
    expect(row?.priceCents).toBe(cents);
  });

  it('keeps the customer of the path, status Active and no archive date whatever else the body says', async () => {
    const a = await chain();
    const b = await chain();
    const res = await admin().post(collection(a.customer.id), {
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
    const c = await chain();
    const sa = clients.superAdmin;
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

describe('validation (422)', () => {
  const expect422 = async (res: Awaited<ReturnType<TestClient['post']>>, errors: Record<string, string[]>) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: TEXT.validation, errors });
  };

  it('requires name, inventory number and location ("Verplicht") and stores nothing', async () => {
    const c = await chain();
    const before = await snapshot();
    const required = { name: ['Verplicht'], inventory_number: ['Verplicht'], location_id: ['Verplicht'] };
    for (const body of [
      {},
      { name: '', inventory_number: '', location_id: '' },
      { name: '   ', inventory_number: '  ', location_id: null },
    ]) {
      await expect422(await admin().post(collection(c.customer.id), { body }), required);
    }
    await expect422(
      await admin().post(collection(c.customer.id), {
        body: { name: '', inventory_number: '', location_id: '' },
        as: 'form',
      }),
      required,
    );
    await expect422(
      await admin().post(collection(c.customer.id), { body: machineBody(c, { location_id: '' }), as: 'multipart' }),
      { location_id: ['Verplicht'] },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('limits every text to 255 characters, on create and update', async () => {
    const c = await chain();
    const long = { name: LONG, inventory_number: LONG, factory_number: LONG, manufacturer: LONG };
    const errors = {
      name: ['Maximaal 255 tekens'],
      inventory_number: ['Maximaal 255 tekens'],
      factory_number: ['Maximaal 255 tekens'],
      manufacturer: ['Maximaal 255 tekens'],
    };
    await expect422(await admin().post(collection(c.customer.id), { body: machineBody(c, long) }), errors);
    expect(await t.db.$count(machines, eq(machines.customerId, c.customer.id))).toBe(0);

    const m = await create(c);
    await expect422(await admin().put(item(c.customer.id, m.id), { body: machineBody(c, long) }), errors);
    expect(await read(c, m.id)).toEqual(m);

    const max = 'y'.repeat(255);
    const ok = await create(c, { name: max, inventory_number: `${inventory()}${max}`.slice(0, 255) });
    expect(ok.name).toBe(max);
  });

  it.each([
    [1899, 'Kies een jaar vanaf 1900'],
    [0, 'Kies een jaar vanaf 1900'],
    [NEXT_YEAR + 1, 'Dit jaar ligt te ver in de toekomst'],
    ['3000', 'Dit jaar ligt te ver in de toekomst'],
    ['abc', 'Ongeldig getal'],
    ['2015.5', 'Ongeldig getal'],
    ['20 15', 'Ongeldig getal'],
  ])('refuses the manufacture year %j: %s', async (year, message) => {
    const c = await chain();
    await expect422(
      await admin().post(collection(c.customer.id), { body: machineBody(c, { manufacture_year: year }) }),
      {
        manufacture_year: [message],
      },
    );
  });

  it('accepts the manufacture years 1900 and next year; empty means none', async () => {
    const c = await chain();
    expect((await create(c, { manufacture_year: 1900 })).manufacture_year).toBe(1900);
    expect((await create(c, { manufacture_year: String(NEXT_YEAR) })).manufacture_year).toBe(NEXT_YEAR);
    expect((await create(c, { manufacture_year: '' })).manufacture_year).toBeNull();
    expect((await create(c, { manufacture_year: ' ' })).manufacture_year).toBeNull();
  });

  it.each([
    ['abc', 'Ongeldig bedrag (bijvoorbeeld 12,50)'],
    ['12,345', 'Ongeldig bedrag (bijvoorbeeld 12,50)'],
    ['12.3456', 'Ongeldig bedrag (bijvoorbeeld 12,50)'],
    ['1,2,3', 'Ongeldig bedrag (bijvoorbeeld 12,50)'],
    ['12 euro', 'Ongeldig bedrag (bijvoorbeeld 12,50)'],
    ['-5', 'Ongeldig bedrag (bijvoorbeeld 12,50)'],
    ['1.23.456', 'Ongeldig bedrag (bijvoorbeeld 12,50)'],
    [true, 'Ongeldig bedrag (bijvoorbeeld 12,50)'],
    [-5, 'Het bedrag kan niet negatief zijn'],
    ['10.000.000,01', 'Dit bedrag is te hoog'],
    ['50.000.000', 'Dit bedrag is te hoog'],
    ['30.000.000,00', 'Dit bedrag is te hoog'],
    [1e9, 'Dit bedrag is te hoog'],
  ])('refuses the price %j: %s', async (price, message) => {
    const c = await chain();
    await expect422(await admin().post(collection(c.customer.id), { body: machineBody(c, { price }) }), {
      price: [message],
    });
    expect(await t.db.$count(machines, eq(machines.customerId, c.customer.id))).toBe(0);
  });

  it('keeps the inventory number unique within a customer without regard to case; another customer may use it', async () => {
    const a = await chain();
    const b = await chain();
    const taken = { inventory_number: ['Deze klant heeft al een machine met dit inventarisnummer'] };
    const first = await create(a, { inventory_number: 'Kb-100' });
    const before = await snapshot();
    for (const number of ['Kb-100', 'KB-100', ' kb-100 ']) {
      await expect422(
        await admin().post(collection(a.customer.id), { body: machineBody(a, { inventory_number: number }) }),
        taken,
      );
    }
    expect(await snapshot()).toEqual(before);

    const atB = await create(b, { inventory_number: 'KB-100' });
    expect(atB.customer_id).toBe(b.customer.id);

    // Editing another machine into the number is refused, its own number in another case is not.
    const second = await create(a, { inventory_number: 'KB-200' });
    await expect422(
      await admin().put(item(a.customer.id, second.id), { body: machineBody(a, { inventory_number: 'kb-100' }) }),
      taken,
    );
    expect((await read(a, second.id)).inventory_number).toBe('KB-200');
    const own = await admin().put(item(a.customer.id, first.id), {
      body: machineBody(a, { inventory_number: 'KB-100' }),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.inventory_number).toBe('KB-100');
    // An archived machine keeps its number.
    expect((await admin().post(`${item(a.customer.id, first.id)}/archive`)).statusCode).toBe(200);
    await expect422(
      await admin().post(collection(a.customer.id), { body: machineBody(a, { inventory_number: 'kb-100' }) }),
      taken,
    );
  });

  it('answers one 201 and one 422 when the same inventory number is added twice at once', async () => {
    const c = await chain();
    const number = inventory();
    const results = await Promise.all(
      [1, 2].map(() => admin().post(collection(c.customer.id), { body: machineBody(c, { inventory_number: number }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(errorsOf(results.find((r) => r.statusCode === 422)!)).toEqual({
      inventory_number: ['Deze klant heeft al een machine met dit inventarisnummer'],
    });
  });

  it('places a machine only at a location of its customer, a department of that location, a room of that department', async () => {
    const a = await chain();
    const b = await chain();
    const otherLocation = await addLocation(a.customer.id);
    const otherDepartment = await addDepartment(otherLocation.id);
    const otherRoom = await addRoom(a.department.id);
    const cases: [string, Json, Record<string, string[]>][] = [
      [
        'a location of another customer',
        { location_id: b.location.id },
        { location_id: ['Kies een vestiging van deze klant'] },
      ],
      ['a missing location', { location_id: MISSING }, { location_id: ['Kies een vestiging van deze klant'] }],
      ['a junk location', { location_id: 'abc' }, { location_id: ['Ongeldig getal'] }],
      [
        'a department of another customer',
        { department_id: b.department.id },
        { department_id: ['Kies een afdeling van deze vestiging'] },
      ],
      [
        'a department of another location',
        { department_id: otherDepartment.id },
        { department_id: ['Kies een afdeling van deze vestiging'] },
      ],
      ['a missing department', { department_id: MISSING }, { department_id: ['Kies een afdeling van deze vestiging'] }],
      [
        'a room of another customer',
        { department_id: a.department.id, room_id: b.room.id },
        { room_id: ['Kies een ruimte van deze afdeling'] },
      ],
      [
        'a room of another department',
        { location_id: otherLocation.id, department_id: otherDepartment.id, room_id: a.room.id },
        { room_id: ['Kies een ruimte van deze afdeling'] },
      ],
      [
        'a room without a department',
        { room_id: a.room.id },
        { department_id: ['Kies eerst de afdeling van deze ruimte'] },
      ],
    ];
    const m = await create(a);
    const before = await snapshot();
    for (const [what, placement, errors] of cases) {
      const create422 = await admin().post(collection(a.customer.id), { body: machineBody(a, placement) });
      expect(create422.statusCode, `create with ${what}: ${create422.body}`).toBe(422);
      expect(errorsOf(create422), `create with ${what}`).toEqual(errors);
      const update422 = await admin().put(item(a.customer.id, m.id), { body: machineBody(a, placement) });
      expect(update422.statusCode, `update with ${what}: ${update422.body}`).toBe(422);
      expect(errorsOf(update422), `update with ${what}`).toEqual(errors);
    }
    expect(await snapshot()).toEqual(before);

    // The right chain is fine, also the second department's own room.
    const placed = await create(a, { location_id: otherLocation.id, department_id: otherDepartment.id });
    expect(placed).toMatchObject({ location_id: otherLocation.id, department_id: otherDepartment.id, room_id: null });
    const inRoom = await create(a, { department_id: a.department.id, room_id: otherRoom.id });
    expect(inRoom.room_name).toBe(otherRoom.name);
  });

  it('refuses a missing machine type or brand, a brand type of another brand and a questionnaire of the wrong type', async () => {
    const c = await chain();
    const brand = await createBrand(t.db);
    const otherBrand = await createBrand(t.db);
    const otherType = await createBrandType(t.db, otherBrand.id);
    const maintenance = (await createQuestionnaire(t.db, { inspectionType: 'maintenance' })).questionnaire;
    const safety = (await createQuestionnaire(t.db, { inspectionType: 'safety' })).questionnaire;
    const wrongType = { questionnaire_inspection: ['Kies een vragenlijst van dit type'] };
    const cases: [string, Json, Record<string, string[]>][] = [
      [
        'a missing machine type',
        { machine_type_id: MISSING },
        { machine_type_id: ['Dit machinetype bestaat niet (meer)'] },
      ],
      ['a junk machine type', { machine_type_id: 'abc' }, { machine_type_id: ['Ongeldig getal'] }],
      ['a missing brand', { brand_id: MISSING }, { brand_id: ['Dit merk bestaat niet (meer)'] }],
      [
        'a brand type without a brand',
        { brand_type_id: otherType.id },
        { brand_id: ['Kies eerst het merk van dit type'] },
      ],
      [
        'a brand type of another brand',
        { brand_id: brand.id, brand_type_id: otherType.id },
        { brand_type_id: ['Kies een type van dit merk'] },
      ],
      [
        'a missing brand type',
        { brand_id: brand.id, brand_type_id: MISSING },
        { brand_type_id: ['Kies een type van dit merk'] },
      ],
      ['a maintenance questionnaire as the inspection one', { questionnaire_inspection: maintenance.id }, wrongType],
      ['a missing questionnaire', { questionnaire_inspection: MISSING }, wrongType],
      [
        'a safety questionnaire as the maintenance one',
        { questionnaire_maintenance: safety.id },
        { questionnaire_maintenance: ['Kies een vragenlijst van dit type'] },
      ],
      [
        'a maintenance questionnaire as the combined one',
        { questionnaire_inspection_maintenance: maintenance.id },
        { questionnaire_inspection_maintenance: ['Kies een vragenlijst van dit type'] },
      ],
      ['a junk questionnaire', { questionnaire_safety: 'x' }, { questionnaire_safety: ['Ongeldig getal'] }],
    ];
    const m = await create(c);
    const before = await snapshot();
    for (const [what, refs, errors] of cases) {
      const created = await admin().post(collection(c.customer.id), { body: machineBody(c, refs) });
      expect(created.statusCode, `create with ${what}: ${created.body}`).toBe(422);
      expect(errorsOf(created), `create with ${what}`).toEqual(errors);
      const updated = await admin().put(item(c.customer.id, m.id), { body: machineBody(c, refs) });
      expect(updated.statusCode, `update with ${what}: ${updated.body}`).toBe(422);
      expect(errorsOf(updated), `update with ${what}`).toEqual(errors);
    }
    expect(await snapshot()).toEqual(before);

    const fine = await create(c, {
      brand_id: otherBrand.id,
      brand_type_id: otherType.id,
      questionnaire_maintenance: maintenance.id,
      questionnaire_safety: safety.id,
    });
    expect(fine).toMatchObject({
      brand_type_name: otherType.name,
      questionnaires: { maintenance: maintenance.id, safety: safety.id },
    });
  });

  it('never answers 500 for junk in any field of the body or the list query', async () => {
    const c = await chain();
    const m = await create(c);
    const junk: unknown[] = [[], [1, 2], {}, { a: 1 }, true, -1, 1e20, '1e3', 'x'.repeat(5000), 1.5];
    const fields = [
      'name',
      'inventory_number',
      'factory_number',
      'manufacturer',
      'manufacture_year',
      'location_id',
      'department_id',
      'room_id',
      'machine_type_id',
      'brand_id',
      'brand_type_id',
      'price',
      'questionnaire_inspection',
      'questionnaire_inspection_maintenance',
    ];
    for (const field of fields) {
      for (const value of junk) {
        const body = machineBody(c, { [field]: value });
        for (const res of [
          await admin().post(collection(c.customer.id), { body }),
          await admin().put(item(c.customer.id, m.id), { body }),
          await admin().post(`${item(c.customer.id, m.id)}/move`, { body }),
        ]) {
          expect(res.statusCode, `${field}=${JSON.stringify(value).slice(0, 40)}: ${res.body}`).toBeLessThan(500);
        }
      }
    }
    for (const query of ['location_id=1&location_id=2', 'status=active&status=concept', 'search=a&search=b']) {
      const res = await admin().get(`${collection(c.customer.id)}?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
    }
  });

  // PostgreSQL cannot store a NUL character: the shared text fields and the search refuse it.
  it('answers 422, not 500, for a NUL character in a text or the search', async () => {
    const c = await chain();
    const res = await admin().post(collection(c.customer.id), { body: machineBody(c, { name: 'Boor\u0000' }) });
    expect(res.statusCode, res.body).toBe(422);
    const search = await admin().get(`${collection(c.customer.id)}?search=%00`);
    expect(search.statusCode, search.body).toBeLessThan(500);
  });

  it('answers 404 for a customer that does not exist or is no id', async () => {
    const c = await chain();
    for (const id of JUNK_IDS) {
      for (const res of [
        await admin().get(collection(id)),
        await admin().post(collection(id), { body: machineBody(c) }),
        await admin().post(collection(id), { body: machineBody(c), as: 'form' }),
      ]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
      }
    }
    expect(await t.db.$count(machines, eq(machines.customerId, c.customer.id))).toBe(0);
  });
});

describe('update', () => {
  it('updates every field (200 "Machine is gewijzigd"), clears what is left empty and keeps created_at', async () => {
    const c = await chain();
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
    const res = await admin().put(item(c.customer.id, m.id), {
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
    const c = await chain();
    const q = (await createQuestionnaire(t.db, { inspectionType: 'maintenance' })).questionnaire;
    const m = await create(c);
    const res = await admin().post(item(c.customer.id, m.id), {
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
    const bad = await admin().post(item(c.customer.id, m.id), {
      as: 'form',
      body: { _method: 'PUT', name: '', inventory_number: m.inventory_number, location_id: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ name: ['Verplicht'], location_id: ['Verplicht'] });
  });

  it('changes neither the customer nor the archive date: those have their own endpoints', async () => {
    const a = await chain();
    const b = await chain();
    const row = await insertMachine(a, { status: 'inactive' });
    const res = await admin().put(item(a.customer.id, row.id), {
      body: machineBody(a, { customer_id: b.customer.id, archived_at: new Date().toISOString() }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'inactive', customer_id: a.customer.id, archived_at: null });
  });

  it('sets Actief and Niet actief, and keeps the status when none is sent', async () => {
    const c = await chain();
    const m = await create(c, { status: 'inactive' });
    expect(m.status).toBe('inactive');
    const body = machineBody(c, { name: m.name, inventory_number: m.inventory_number });
    expect(
      (
        await admin()
          .put(item(c.customer.id, m.id), { body })
          .then((r) => r.json())
      ).data.status,
    ).toBe('inactive');
    const active = await admin().post(item(c.customer.id, m.id), {
      as: 'form',
      body: { ...body, _method: 'PUT', status: 'active' },
    });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json().data.status).toBe('active');
    const inactive = await admin().put(item(c.customer.id, m.id), { body: { ...body, status: 'inactive' } });
    expect(inactive.json().data.status).toBe('inactive');
    const [row] = await t.db.select().from(machines).where(eq(machines.id, m.id));
    expect(row?.status).toBe('inactive');
  });

  it('keeps a concept machine Concept whatever status is sent: only approval makes it active', async () => {
    const c = await chain();
    const concept = await insertMachine(c, { status: 'concept' });
    for (const status of ['active', 'inactive', '']) {
      const res = await admin().put(item(c.customer.id, concept.id), { body: machineBody(c, { status }) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('concept');
    }
  });

  it.each([['concept'], ['archived'], ['Actief'], [1]])('refuses the status %j', async (status) => {
    const c = await chain();
    const m = await create(c);
    for (const res of [
      await admin().put(item(c.customer.id, m.id), { body: machineBody(c, { status }) }),
      await admin().post(collection(c.customer.id), { body: machineBody(c, { status }) }),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual({ status: ['Ongeldige keuze'] });
    }
  });
});

describe('list', () => {
  /** One customer with a spread of machines over places, types, brands and statuses. */
  async function spread() {
    const c = await chain();
    const other = await chain();
    const room2 = await addRoom(c.department.id);
    const department2 = await addDepartment(c.location.id);
    const location2 = await addLocation(c.customer.id);
    const type1 = await createMachineType(t.db);
    const type2 = await createMachineType(t.db);
    const brand1 = await createBrand(t.db);
    const brand2 = await createBrand(t.db);
    const tag = uniqueName('Zoek').replace(/\W/g, '');
    const m1 = await insertMachine(c, {
      name: `Kolomboor ${tag}`,
      inventoryNumber: `K-${tag}-001`,
      factoryNumber: `SN-${tag}-AAA`,
      departmentId: c.department.id,
      roomId: c.room.id,
      machineTypeId: type1.id,
      brandId: brand1.id,
      manufactureYear: 2010,
    });
    const m2 = await insertMachine(c, {
      name: `Lintzaag ${tag}`,
      inventoryNumber: `L-${tag}-002`,
      factoryNumber: `SN-${tag}-BBB`,
      departmentId: c.department.id,
      roomId: room2.id,
      machineTypeId: type2.id,
      brandId: brand2.id,
      manufactureYear: 1995,
    });
    const m3 = await insertMachine(c, {
      name: `Compressor ${tag}`,
      inventoryNumber: `C-${tag}-003`,
      departmentId: department2.id,
      machineTypeId: type1.id,
      brandId: brand2.id,
      status: 'inactive',
      manufactureYear: 2020,
    });
    const m4 = await insertMachine(c, {
      name: `Heftruck ${tag}`,
      inventoryNumber: `H-${tag}-004`,
      locationId: location2.id,
      status: 'concept',
    });
    const archived = await insertMachine(c, {
      name: `Afkortzaag ${tag}`,
      inventoryNumber: `A-${tag}-005`,
      departmentId: c.department.id,
      roomId: c.room.id,
      machineTypeId: type1.id,
      brandId: brand1.id,
      archivedAt: new Date(),
    });
    // The same name, type and brand at another customer never shows up.
    const foreign = await insertMachine(other, {
      name: `Kolomboor ${tag}`,
      inventoryNumber: `K-${tag}-001`,
      machineTypeId: type1.id,
      brandId: brand1.id,
    });
    return {
      c,
      other,
      room2,
      department2,
      location2,
      type1,
      type2,
      brand1,
      brand2,
      tag,
      m1,
      m2,
      m3,
      m4,
      archived,
      foreign,
    };
  }

  it('lists the machines of the customer in the path with the list meta, by name', async () => {
    const s = await spread();
    const res = await admin().get(collection(s.c.customer.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Machine[]; meta: Json };
    expect(body.meta).toEqual({ total: 4, page: 1, itemsPerPage: 10, lastPage: 1 });
    // Default sort: name ascending (Compressor, Heftruck, Kolomboor, Lintzaag).
    expect(body.data.map((m) => m.id)).toEqual([s.m3.id, s.m4.id, s.m1.id, s.m2.id]);
    expect(body.data.find((m) => m.id === s.m1.id)).toMatchObject({
      customer_name: s.c.customer.name,
      location_name: s.c.location.name,
      department_name: s.c.department.name,
      room_name: s.c.room.name,
      machine_type_name: s.type1.name,
      brand_name: s.brand1.name,
    });
    expect(res.body).not.toContain(s.other.customer.name);

    const page1 = await admin().get(`${collection(s.c.customer.id)}?itemsPerPage=3`);
    expect(page1.json().meta).toEqual({ total: 4, page: 1, itemsPerPage: 3, lastPage: 2 });
    const page2 = await admin().get(`${collection(s.c.customer.id)}?itemsPerPage=3&page=2`);
    expect(page2.json().data.map((m: Machine) => m.id)).toEqual([s.m2.id]);
    expect((await admin().get(`${collection(s.c.customer.id)}?page=3&itemsPerPage=3`)).json().data).toEqual([]);
  });

  it('narrows the list by location, department, room, machine type, brand and status', async () => {
    const s = await spread();
    const ids = (q: string) => listIds(s.c.customer.id, q);
    const sorted = (...rows: { id: number }[]) => rows.map((r) => r.id).sort((x, y) => x - y);
    const check = async (q: string, ...expected: { id: number }[]) =>
      expect(
        (await ids(q)).sort((x, y) => x - y),
        q,
      ).toEqual(sorted(...expected));

    await check(`location_id=${s.c.location.id}`, s.m1, s.m2, s.m3);
    await check(`location_id=${s.location2.id}`, s.m4);
    await check(`department_id=${s.c.department.id}`, s.m1, s.m2);
    await check(`department_id=${s.department2.id}`, s.m3);
    await check(`room_id=${s.c.room.id}`, s.m1);
    await check(`room_id=${s.room2.id}`, s.m2);
    await check(`machine_type_id=${s.type1.id}`, s.m1, s.m3);
    await check(`machine_type_id=${s.type2.id}`, s.m2);
    await check(`brand_id=${s.brand1.id}`, s.m1);
    await check(`brand_id=${s.brand2.id}`, s.m2, s.m3);
    await check('status=active', s.m1, s.m2);
    await check('status=inactive', s.m3);
    await check('status=concept', s.m4);
    await check(`location_id=${s.c.location.id}&brand_id=${s.brand2.id}&status=active`, s.m2);
    await check(
      `location_id=${s.c.location.id}&machine_type_id=${s.type1.id}&department_id=${s.c.department.id}`,
      s.m1,
    );
    // A place of another customer narrows to nothing, it does not show that customer's machines.
    await check(`location_id=${s.other.location.id}`);
    expect((await admin().get(`${collection(s.c.customer.id)}?status=concept`)).json().meta.total).toBe(1);
  });

  it('searches name, inventory number and factory number without regard to case', async () => {
    const s = await spread();
    const check = async (search: string, ...expected: { id: number }[]) =>
      expect(await listIds(s.c.customer.id, `search=${encodeURIComponent(search)}&sortKey=created_at`), search).toEqual(
        expected.map((r) => r.id),
      );
    await check('kolomboor', s.m1);
    await check(`LINTZAAG ${s.tag}`, s.m2);
    await check(`k-${s.tag}-001`, s.m1);
    await check(`-003`, s.m3);
    await check(`sn-${s.tag}-bbb`, s.m2);
    await check(`SN-${s.tag}`, s.m1, s.m2);
    await check(s.tag, s.m1, s.m2, s.m3, s.m4);
    await check('%');
    await check('_');
    await check('Afkortzaag');
    await check(`zaag ${s.tag}`, s.m2);
    // Search and filters together.
    expect(await listIds(s.c.customer.id, `search=${s.tag}&status=active&brand_id=${s.brand2.id}`)).toEqual([s.m2.id]);
  });

  it('sorts by name, inventory number, manufacture year, status and created_at, both ways', async () => {
    const c = await chain();
    const at = (n: number) => new Date(Date.UTC(2024, 0, n));
    const bravo = await insertMachine(c, {
      name: 'Bravo',
      inventoryNumber: 'C-3',
      manufactureYear: 2000,
      status: 'inactive',
      createdAt: at(1),
    });
    const alpha = await insertMachine(c, {
      name: 'Alpha',
      inventoryNumber: 'B-2',
      manufactureYear: 2010,
      status: 'concept',
      createdAt: at(2),
    });
    const charlie = await insertMachine(c, {
      name: 'Charlie',
      inventoryNumber: 'A-1',
      manufactureYear: 1990,
      status: 'active',
      createdAt: at(3),
    });
    const order = async (q: string) => listIds(c.customer.id, q);
    const cases: [string, { id: number }[]][] = [
      ['name', [alpha, bravo, charlie]],
      ['inventory_number', [charlie, alpha, bravo]],
      ['manufacture_year', [charlie, bravo, alpha]],
      ['status', [charlie, alpha, bravo]],
      ['created_at', [bravo, alpha, charlie]],
    ];
    for (const [key, asc] of cases) {
      expect(await order(`sortKey=${key}`), key).toEqual(asc.map((r) => r.id));
      expect(await order(`sortKey=${key}&sortOrder=asc`), key).toEqual(asc.map((r) => r.id));
      expect(await order(`sortKey=${key}&sortOrder=desc`), `${key} desc`).toEqual(asc.map((r) => r.id).reverse());
      // A search takes another way to its page (one read of the matches): the same order.
      expect(await order(`sortKey=${key}&search=-`), `${key} searched`).toEqual(asc.map((r) => r.id));
      expect(await order(`sortKey=${key}&sortOrder=desc&search=-`), `${key} desc searched`).toEqual(
        asc.map((r) => r.id).reverse(),
      );
    }
    // ...and the same pages and total.
    const page2 = await admin().get(`${collection(c.customer.id)}?sortKey=name&search=-&itemsPerPage=2&page=2`);
    expect(page2.json().data.map((m: Machine) => m.id)).toEqual([charlie.id]);
    expect(page2.json().meta).toEqual({ total: 3, page: 2, itemsPerPage: 2, lastPage: 2 });
    const past = await admin().get(`${collection(c.customer.id)}?sortKey=name&search=-&itemsPerPage=2&page=3`);
    expect(past.json()).toMatchObject({ data: [], meta: { total: 3, page: 3, lastPage: 2 } });
  });

  it('leaves archived machines out unless archived=1, which shows only those (filters apply)', async () => {
    const s = await spread();
    const all = await listIds(s.c.customer.id);
    expect(all).not.toContain(s.archived.id);
    expect(await listIds(s.c.customer.id, 'archived=1')).toEqual([s.archived.id]);
    expect(await listIds(s.c.customer.id, `archived=1&room_id=${s.c.room.id}`)).toEqual([s.archived.id]);
    expect(await listIds(s.c.customer.id, `archived=1&room_id=${s.room2.id}`)).toEqual([]);
    expect(await listIds(s.c.customer.id, `archived=1&search=afkort`)).toEqual([s.archived.id]);
    expect(await listIds(s.c.customer.id, 'archived=0')).toEqual(all);

    // Archiving through the API moves a machine from one list to the other, restoring back.
    const path = item(s.c.customer.id, s.m1.id);
    expect((await admin().post(`${path}/archive`)).statusCode).toBe(200);
    expect(await listIds(s.c.customer.id)).not.toContain(s.m1.id);
    expect((await listIds(s.c.customer.id, 'archived=1')).sort()).toEqual([s.archived.id, s.m1.id].sort());
    expect((await admin().post(`${path}/restore`)).statusCode).toBe(200);
    expect(await listIds(s.c.customer.id)).toEqual(all);
  });

  it.each([
    ['sortKey=price', 'sortKey'],
    ['sortKey=name;drop table machines', 'sortKey'],
    ['sortOrder=up', 'sortOrder'],
    ['status=kapot', 'status'],
    ['location_id=abc', 'location_id'],
    ['department_id=0', 'department_id'],
    ['room_id=-1', 'room_id'],
    ['machine_type_id=1.5', 'machine_type_id'],
    ['brand_id=99999999999', 'brand_id'],
    ['archived=ja', 'archived'],
    ['itemsPerPage=1000', 'itemsPerPage'],
    ['page=0', 'page'],
    [`search=${LONG}`, 'search'],
  ])('answers 422 for the junk list query %s', async (query, field) => {
    const c = await chain();
    const res = await admin().get(`${collection(c.customer.id)}?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual([field]);
  });
});

describe('archive and restore', () => {
  it('archives (200 "Machine is gearchiveerd"), 409 a second time; restores ("Machine is hersteld"), 409 a second time', async () => {
    const c = await chain();
    const m = await create(c);
    const path = item(c.customer.id, m.id);

    const archived = await admin().post(`${path}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().message).toBe('Machine is gearchiveerd');
    const data = archived.json().data as Machine;
    expect(data).toMatchObject({ id: m.id, status: 'active', name: m.name });
    expect(new Date(data.archived_at!).toISOString()).toBe(data.archived_at);
    // Still readable (its reports stay reachable), and archived a second time is a conflict.
    expect((await read(c, m.id)).archived_at).toBe(data.archived_at);
    const before = await snapshot();
    for (const res of [
      await admin().post(`${path}/archive`),
      await admin().post(`${path}/archive`, { body: {}, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: 'Deze machine is al gearchiveerd.', errors: {} });
    }
    expect(await snapshot()).toEqual(before);
    expect((await admin().get(`${path}/reports`)).statusCode).toBe(200);

    const restored = await admin().post(`${path}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ message: 'Machine is hersteld', data: { id: m.id, archived_at: null } });
    const again = await admin().post(`${path}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Deze machine is niet gearchiveerd.', errors: {} });
    expect((await read(c, m.id)).archived_at).toBeNull();
  });

  it('keeps the status of a concept or inactive machine through archive and restore', async () => {
    const c = await chain();
    for (const status of ['concept', 'inactive'] as const) {
      const row = await insertMachine(c, { status });
      const path = item(c.customer.id, row.id);
      expect((await admin().post(`${path}/archive`)).json().data.status).toBe(status);
      expect((await admin().post(`${path}/restore`)).json().data.status).toBe(status);
    }
  });

  it('lets exactly one of ten parallel archives (and restores) succeed; the others get 409, never a 500', async () => {
    const c = await chain();
    const m = await create(c);
    const path = item(c.customer.id, m.id);
    for (const action of ['archive', 'restore']) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => admin().post(`${path}/${action}`)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    }
    expect((await read(c, m.id)).archived_at).toBeNull();
  });
});

describe('move and history', () => {
  it('moves within the customer ("Machine is verplaatst") and lists the moves in order with who and when', async () => {
    const c = await chain();
    const location2 = await addLocation(c.customer.id, 'Magazijn Zuid');
    const department2 = await addDepartment(location2.id, 'Expeditie');
    const anna = await signIn(t, 'admin', { firstName: 'Anna', preposition: 'van', lastName: 'Dijk' });
    const bert = await signIn(t, 'super_admin', { firstName: 'Bert', preposition: null, lastName: 'Jansen' });
    const m = await create(c);
    const path = item(c.customer.id, m.id);
    expect((await admin().get(`${path}/moves`)).json()).toEqual({ data: [] });

    const start = Date.now();
    const first = await anna.client.post(`${path}/move`, {
      body: { location_id: c.location.id, department_id: c.department.id, room_id: c.room.id },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Machine is verplaatst');
    expect(first.json().data).toMatchObject({
      id: m.id,
      location_id: c.location.id,
      department_id: c.department.id,
      department_name: c.department.name,
      room_id: c.room.id,
      room_name: c.room.name,
    });
    const second = await bert.client.post(`${path}/move`, {
      body: { location_id: location2.id, department_id: department2.id },
      as: 'form',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({
      location_name: 'Magazijn Zuid',
      department_name: 'Expeditie',
      room_id: null,
      room_name: null,
    });
    const third = await anna.client.post(`${path}/move`, {
      body: { location_id: location2.id, department_id: '', room_id: '' },
      as: 'multipart',
    });
    expect(third.statusCode, third.body).toBe(200);
    const end = Date.now();

    const res = await admin().get(`${path}/moves`);
    expect(res.statusCode, res.body).toBe(200);
    const moves = res.json().data as { id: number; from: string; to: string; moved_by: string; moved_at: string }[];
    const home = `${c.location.name} > ${c.department.name} > ${c.room.name}`;
    expect(moves.map(({ from, to, moved_by }) => ({ from, to, moved_by }))).toEqual([
      { from: c.location.name, to: home, moved_by: 'Anna van Dijk' },
      { from: home, to: 'Magazijn Zuid > Expeditie', moved_by: 'Bert Jansen' },
      { from: 'Magazijn Zuid > Expeditie', to: 'Magazijn Zuid', moved_by: 'Anna van Dijk' },
    ]);
    const times = moves.map((x) => Date.parse(x.moved_at));
    for (const [i, time] of times.entries()) {
      expect(new Date(time).toISOString()).toBe(moves[i]!.moved_at);
      expect(time).toBeGreaterThanOrEqual(start - 1000);
      expect(time).toBeLessThanOrEqual(end + 1000);
      if (i > 0) expect(time).toBeGreaterThanOrEqual(times[i - 1]!);
    }
    expect(new Set(moves.map((x) => x.id)).size).toBe(3);
    expect((await read(c, m.id)).location_id).toBe(location2.id);
  });

  it('keeps the place names as they were when a place is renamed later', async () => {
    const c = await chain();
    const m = await create(c);
    const path = item(c.customer.id, m.id);
    await admin().post(`${path}/move`, { body: { location_id: c.location.id, department_id: c.department.id } });
    const renamed = await admin().put(
      `/api/customers/${c.customer.id}/locations/${c.location.id}/departments/${c.department.id}`,
      { body: { name: 'Nieuwe naam' } },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read(c, m.id)).department_name).toBe('Nieuwe naam');
    const [move] = (await admin().get(`${path}/moves`)).json().data;
    expect(move.to).toBe(`${c.location.name} > ${c.department.name}`);
  });

  it('records a change of place made in the edit form; an edit without one records nothing', async () => {
    const c = await chain();
    const m = await create(c);
    const path = item(c.customer.id, m.id);
    expect((await admin().put(path, { body: machineBody(c, { name: 'Zelfde plek' }) })).statusCode).toBe(200);
    expect((await admin().get(`${path}/moves`)).json().data).toEqual([]);
    const moved = await admin().put(path, {
      body: machineBody(c, { department_id: c.department.id, room_id: c.room.id }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const moves = (await admin().get(`${path}/moves`)).json().data;
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      from: c.location.name,
      to: `${c.location.name} > ${c.department.name} > ${c.room.name}`,
      moved_by: expect.any(String),
    });
  });

  it('answers 422 for the same place, a place of another customer or a broken chain, and changes nothing', async () => {
    const a = await chain();
    const b = await chain();
    const location2 = await addLocation(a.customer.id);
    const department2 = await addDepartment(location2.id);
    const m = await create(a, { department_id: a.department.id });
    const path = `${item(a.customer.id, m.id)}/move`;
    const cases: [Json, Record<string, string[]>][] = [
      [
        { location_id: a.location.id, department_id: a.department.id },
        { location_id: ['De machine staat al op deze plaats'] },
      ],
      [{ location_id: b.location.id }, { location_id: ['Kies een vestiging van deze klant'] }],
      [{ location_id: MISSING }, { location_id: ['Kies een vestiging van deze klant'] }],
      [
        { location_id: location2.id, department_id: a.department.id },
        { department_id: ['Kies een afdeling van deze vestiging'] },
      ],
      [
        { location_id: a.location.id, department_id: b.department.id },
        { department_id: ['Kies een afdeling van deze vestiging'] },
      ],
      [
        { location_id: location2.id, department_id: department2.id, room_id: a.room.id },
        { room_id: ['Kies een ruimte van deze afdeling'] },
      ],
      [
        { location_id: a.location.id, room_id: a.room.id },
        { department_id: ['Kies eerst de afdeling van deze ruimte'] },
      ],
      [{}, { location_id: ['Verplicht'] }],
      [{ location_id: '' }, { location_id: ['Verplicht'] }],
      [
        { location_id: 'abc', department_id: 'x' },
        { location_id: ['Ongeldig getal'], department_id: ['Ongeldig getal'] },
      ],
    ];
    const before = await snapshot();
    for (const [body, errors] of cases) {
      const res = await admin().post(path, { body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
      expect(res.json(), JSON.stringify(body)).toEqual({ message: TEXT.validation, errors });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('reports of a machine', () => {
  it('lists no reports yet: an empty page with the list meta, archived machines too', async () => {
    const c = await chain();
    const m = await create(c);
    const path = `${item(c.customer.id, m.id)}/reports`;
    const res = await admin().get(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { total: 0, page: 1, itemsPerPage: 10, lastPage: 1 } });
    expect((await admin().get(`${path}?page=2&itemsPerPage=25`)).json().meta).toEqual({
      total: 0,
      page: 2,
      itemsPerPage: 25,
      lastPage: 1,
    });
    const junk = await admin().get(`${path}?sortKey=evil`);
    expect(junk.statusCode).toBe(422);
    expect(Object.keys(errorsOf(junk))).toEqual(['sortKey']);
    await admin().post(`${item(c.customer.id, m.id)}/archive`);
    expect((await admin().get(path)).statusCode).toBe(200);
  });
});

describe('concept machines', () => {
  it('lists the concept machines of every customer, not active, inactive or archived ones', async () => {
    const a = await chain(uniqueName('Acme'));
    const b = await chain(uniqueName('Beta'));
    const tag = uniqueName('Concept').replace(/\W/g, '');
    const named = (n: string) => ({ name: `${tag} ${n}` });
    const conceptA = await insertMachine(a, { ...named('Boor'), status: 'concept' });
    const conceptB = await insertMachine(b, { ...named('Zaag'), status: 'concept', departmentId: b.department.id });
    await insertMachine(a, { ...named('Actief'), status: 'active' });
    await insertMachine(a, { ...named('Inactief'), status: 'inactive' });
    await insertMachine(b, { ...named('Weg'), status: 'concept', archivedAt: new Date() });

    const res = await admin().get(`/api/machine-concept?search=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Machine[]; meta: Json };
    expect(body.meta).toEqual({ total: 2, page: 1, itemsPerPage: 10, lastPage: 1 });
    expect(body.data.map((m) => m.id)).toEqual([conceptA.id, conceptB.id]);
    expect(body.data[0]).toMatchObject({
      status: 'concept',
      customer_id: a.customer.id,
      customer_name: a.customer.name,
    });
    expect(body.data[1]).toMatchObject({
      status: 'concept',
      customer_name: b.customer.name,
      department_name: b.department.name,
    });
    // The list is concept machines whatever the status asked for; sort and filters apply.
    const asked = await admin().get(`/api/machine-concept?search=${tag}&status=active&sortOrder=desc`);
    expect(asked.json().data.map((m: Machine) => m.id)).toEqual([conceptB.id, conceptA.id]);
    const located = await admin().get(`/api/machine-concept?search=${tag}&location_id=${b.location.id}`);
    expect(located.json().data.map((m: Machine) => m.id)).toEqual([conceptB.id]);
    expect((await admin().get('/api/machine-concept?sortKey=evil')).statusCode).toBe(422);
  });

  it('approves a concept machine (200 "Machine is goedgekeurd"): it becomes Active and leaves the concept list', async () => {
    const c = await chain();
    const tag = uniqueName('Goedkeuren').replace(/\W/g, '');
    const row = await insertMachine(c, { name: `${tag} Boor`, status: 'concept' });
    const concepts = async () =>
      ((await admin().get(`/api/machine-concept?search=${tag}`)).json().data as Machine[]).map((m) => m.id);
    expect(await concepts()).toEqual([row.id]);

    const res = await admin().post(`/api/machine-concept/${row.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Machine is goedgekeurd');
    expect(res.json().data).toMatchObject({ id: row.id, status: 'active', customer_id: c.customer.id });
    expect(await concepts()).toEqual([]);
    expect((await read(c, row.id)).status).toBe('active');
    expect(await listIds(c.customer.id, 'status=active')).toEqual([row.id]);
    expect(await listIds(c.customer.id, 'status=concept')).toEqual([]);

    // A second time, or a machine that was never a concept: 409, nothing changes.
    const inactive = await insertMachine(c, { status: 'inactive' });
    const before = await snapshot();
    for (const id of [row.id, inactive.id]) {
      const again = await admin().post(`/api/machine-concept/${id}/approve`);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({ message: 'Deze machine is geen conceptmachine.', errors: {} });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets exactly one of ten parallel approvals succeed; the others get 409', async () => {
    const c = await chain();
    const concept = await insertMachine(c, { status: 'concept' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin().post(`/api/machine-concept/${concept.id}/approve`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
  });

  it('lets a super admin approve, through form data too', async () => {
    const c = await chain();
    const row = await insertMachine(c, { status: 'concept' });
    const res = await clients.superAdmin.post(`/api/machine-concept/${row.id}/approve`, { body: {}, as: 'form' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('active');
  });

  it('answers 404 for approving a machine that does not exist or is no id', async () => {
    for (const id of JUNK_IDS) {
      const res = await admin().post(`/api/machine-concept/${id}/approve`);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
    }
  });
});

/** Every endpoint of one machine of `customer`, each once with a valid body. */
type Endpoint = { what: string; safe: boolean; call: () => ReturnType<TestClient['get']> };
function machineEndpoints(
  client: TestClient,
  ids: { customer: Id; machine: Id; archived: Id; place: Chain },
  opts: { csrf?: boolean } = {},
): Endpoint[] {
  const one = item(ids.customer, ids.machine);
  const body = () => machineBody(ids.place);
  return [
    { what: 'read', safe: true, call: () => client.get(one, opts) },
    { what: 'update', safe: false, call: () => client.put(one, { body: body(), ...opts }) },
    {
      what: '_method=PUT',
      safe: false,
      call: () => client.post(one, { body: { ...body(), _method: 'PUT' }, as: 'form', ...opts }),
    },
    { what: 'archive', safe: false, call: () => client.post(`${one}/archive`, opts) },
    {
      what: 'restore',
      safe: false,
      call: () => client.post(`${item(ids.customer, ids.archived)}/restore`, opts),
    },
    {
      what: 'move',
      safe: false,
      call: () =>
        client.post(`${one}/move`, {
          body: { location_id: ids.place.location.id, department_id: ids.place.department.id },
          ...opts,
        }),
    },
    { what: 'moves', safe: true, call: () => client.get(`${one}/moves`, opts) },
    { what: 'reports', safe: true, call: () => client.get(`${one}/reports`, opts) },
  ];
}
/** The endpoints of the customer's machines list and create, and the concept machines. */
function otherEndpoints(client: TestClient, customer: Id, place: Chain, concept: Id, opts: { csrf?: boolean } = {}) {
  return [
    { what: 'list', safe: true, call: () => client.get(collection(customer), opts) },
    {
      what: 'create',
      safe: false,
      call: () => client.post(collection(customer), { body: machineBody(place), ...opts }),
    },
    { what: 'concept list', safe: true, call: () => client.get('/api/machine-concept', opts) },
    { what: 'approve', safe: false, call: () => client.post(`/api/machine-concept/${concept}/approve`, opts) },
  ] satisfies Endpoint[];
}

describe('a machine of customer A through customer B (404)', () => {
  it('cannot be read, edited, archived, restored, moved, or its moves and reports read through B', async () => {
    const a = await chain(uniqueName('Acme'));
    const b = await chain(uniqueName('Beta'));
    const machineA = await create(a, { name: uniqueName('Geheim') });
    const archivedA = await insertMachine(a, { archivedAt: new Date() });
    // Some history to leak, if it leaked.
    await admin().post(`${item(a.customer.id, machineA.id)}/move`, {
      body: { location_id: a.location.id, department_id: a.department.id },
    });
    const before = await snapshot();
    for (const e of machineEndpoints(admin(), {
      customer: b.customer.id,
      machine: machineA.id,
      archived: archivedA.id,
      place: b,
    })) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
    }
    // Placing it with A's own location through B's path is no way in either.
    const put = await admin().put(item(b.customer.id, machineA.id), { body: machineBody(a) });
    expect(put.statusCode).toBe(404);
    const move = await admin().post(`${item(b.customer.id, machineA.id)}/move`, {
      body: { location_id: a.location.id },
    });
    expect(move.statusCode).toBe(404);
    // Nor is B's list showing it.
    const list = await admin().get(`${collection(b.customer.id)}?search=${encodeURIComponent(machineA.name)}`);
    expect(list.json().meta.total).toBe(0);
    expect(await snapshot()).toEqual(before);

    // Through A's own path every endpoint answers.
    for (const e of machineEndpoints(admin(), {
      customer: a.customer.id,
      machine: machineA.id,
      archived: archivedA.id,
      place: a,
    })) {
      const res = await e.call();
      expect(res.statusCode, `${e.what} through A: ${res.body}`).toBe(200);
    }
  });

  it('answers 404 for a machine or customer id that does not exist or is no id', async () => {
    const c = await chain();
    const m = await create(c);
    const archived = await insertMachine(c, { archivedAt: new Date() });
    const before = await snapshot();
    for (const id of JUNK_IDS) {
      const cases = [
        ...machineEndpoints(admin(), { customer: c.customer.id, machine: id, archived: id, place: c }),
        ...machineEndpoints(admin(), { customer: id, machine: m.id, archived: archived.id, place: c }),
      ];
      for (const e of cases) {
        const res = await e.call();
        expect(res.statusCode, `${id}, ${e.what}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may do what', () => {
  async function setting() {
    const a = await chain(uniqueName('Acme'));
    const b = await chain(uniqueName('Beta'));
    const ma = await insertMachine(a, { name: uniqueName('Machine A') });
    const mb = await insertMachine(b, { name: uniqueName('Machine B') });
    const xa = await insertMachine(a, { archivedAt: new Date() });
    const xb = await insertMachine(b, { archivedAt: new Date() });
    const concept = await insertMachine(a, { status: 'concept', name: uniqueName('Concept') });
    const endpointsOf = (client: TestClient, opts: { csrf?: boolean } = {}) => [
      ...machineEndpoints(client, { customer: a.customer.id, machine: ma.id, archived: xa.id, place: a }, opts),
      ...machineEndpoints(client, { customer: b.customer.id, machine: mb.id, archived: xb.id, place: b }, opts),
      ...otherEndpoints(client, a.customer.id, a, concept.id, opts),
      ...otherEndpoints(client, b.customer.id, b, concept.id, opts),
    ];
    const names = [ma.name, mb.name, concept.name, a.customer.name, b.customer.name];
    return { a, b, endpointsOf, names };
  }

  it('answers 401 without a session on every endpoint and changes nothing', async () => {
    const s = await setting();
    const before = await snapshot();
    for (const e of s.endpointsOf(clients.visitor)) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 on every endpoint to a mechanic and changes nothing', async () => {
    const s = await setting();
    const before = await snapshot();
    for (const e of s.endpointsOf(clients.mechanic)) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 to the customer users of both customers, own machines or the other, and leaks nothing', async () => {
    const s = await setting();
    const userA = await signIn(t, 'customer', { customerId: s.a.customer.id });
    const userB = await signIn(t, 'customer', { customerId: s.b.customer.id });
    const before = await snapshot();
    for (const { client } of [userA, userB]) {
      for (const e of s.endpointsOf(client)) {
        const res = await e.call();
        expect(res.statusCode, `${e.what}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
        for (const n of s.names) expect(res.body).not.toContain(n);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 419 without the CSRF token on every change and changes nothing', async () => {
    const s = await setting();
    const before = await snapshot();
    const unsafe = s.endpointsOf(admin(), { csrf: false }).filter((e) => !e.safe);
    expect(unsafe.length).toBeGreaterThan(10);
    for (const e of unsafe) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(419);
      expect(res.json()).toEqual({ message: TEXT.csrf, errors: {} });
    }
    expect(await snapshot()).toEqual(before);
    // The GETs need no token.
    for (const e of s.endpointsOf(admin(), { csrf: false }).filter((x) => x.safe)) {
      expect((await e.call()).statusCode, e.what).toBe(200);
    }
  });
});
