import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { maxManufactureYear } from '@keurwijzer/shared/machines';
import { TEXT } from '@keurwijzer/shared/texts';
import { machines } from '../../db/schema/machines';
import type { TestClient } from '../../test/client';
import {
  createBrand,
  createBrandType,
  createDepartment,
  createLocation,
  createPlacementChain,
  createQuestionnaire,
  createRoom,
  type PlacementChain,
  uniqueInventoryNumber,
} from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import {
  collection,
  item,
  type Json,
  JUNK_IDS,
  LONG,
  machineBody,
  machinesApi,
  MISSING,
} from './machines.test-helpers';

/**
 * The 422s of creating and editing a machine: required fields, lengths, years, prices, the unique
 * inventory number, the placement chain and the master data it refers to; never a 500 for junk.
 */
const t = useTestApp();
const { create, read, snapshot } = machinesApi(t);

const NEXT_YEAR = maxManufactureYear();

/**
 * Each case's fields (on a valid body) are refused with exactly its errors (422), when a machine
 * is created and when one (made first) is updated; nothing changes.
 */
async function expectRefusedOnCreateAndUpdate(c: PlacementChain, cases: [string, Json, Record<string, string[]>][]) {
  const m = await create(c);
  const before = await snapshot();
  for (const [what, fields, errors] of cases) {
    const created = await t.admin.post(collection(c.customer.id), { body: machineBody(c, fields) });
    expect(created.statusCode, `create with ${what}: ${created.body}`).toBe(422);
    expect(errorsOf(created), `create with ${what}`).toEqual(errors);
    const updated = await t.admin.put(item(c.customer.id, m.id), { body: machineBody(c, fields) });
    expect(updated.statusCode, `update with ${what}: ${updated.body}`).toBe(422);
    expect(errorsOf(updated), `update with ${what}`).toEqual(errors);
  }
  expect(await snapshot()).toEqual(before);
}

describe('validation (422)', () => {
  const expect422 = async (res: Awaited<ReturnType<TestClient['post']>>, errors: Record<string, string[]>) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: TEXT.validation, errors });
  };

  it('requires name, inventory number and location ("Verplicht") and stores nothing', async () => {
    const c = await createPlacementChain(t.db);
    const before = await snapshot();
    const required = { name: ['Verplicht'], inventory_number: ['Verplicht'], location_id: ['Verplicht'] };
    for (const body of [
      {},
      { name: '', inventory_number: '', location_id: '' },
      { name: '   ', inventory_number: '  ', location_id: null },
    ]) {
      await expect422(await t.admin.post(collection(c.customer.id), { body }), required);
    }
    await expect422(
      await t.admin.post(collection(c.customer.id), {
        body: { name: '', inventory_number: '', location_id: '' },
        as: 'form',
      }),
      required,
    );
    await expect422(
      await t.admin.post(collection(c.customer.id), { body: machineBody(c, { location_id: '' }), as: 'multipart' }),
      { location_id: ['Verplicht'] },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('limits every text to 255 characters, on create and update', async () => {
    const c = await createPlacementChain(t.db);
    const long = { name: LONG, inventory_number: LONG, factory_number: LONG, manufacturer: LONG };
    const errors = {
      name: ['Maximaal 255 tekens'],
      inventory_number: ['Maximaal 255 tekens'],
      factory_number: ['Maximaal 255 tekens'],
      manufacturer: ['Maximaal 255 tekens'],
    };
    await expect422(await t.admin.post(collection(c.customer.id), { body: machineBody(c, long) }), errors);
    expect(await t.db.$count(machines, eq(machines.customerId, c.customer.id))).toBe(0);

    const m = await create(c);
    await expect422(await t.admin.put(item(c.customer.id, m.id), { body: machineBody(c, long) }), errors);
    expect(await read(c, m.id)).toEqual(m);

    const max = 'y'.repeat(255);
    const ok = await create(c, { name: max, inventory_number: `${uniqueInventoryNumber()}${max}`.slice(0, 255) });
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
    const c = await createPlacementChain(t.db);
    await expect422(
      await t.admin.post(collection(c.customer.id), { body: machineBody(c, { manufacture_year: year }) }),
      {
        manufacture_year: [message],
      },
    );
  });

  it('accepts the manufacture years 1900 and next year; empty means none', async () => {
    const c = await createPlacementChain(t.db);
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
    const c = await createPlacementChain(t.db);
    await expect422(await t.admin.post(collection(c.customer.id), { body: machineBody(c, { price }) }), {
      price: [message],
    });
    expect(await t.db.$count(machines, eq(machines.customerId, c.customer.id))).toBe(0);
  });

  it('keeps the inventory number unique within a customer without regard to case; another customer may use it', async () => {
    const a = await createPlacementChain(t.db);
    const b = await createPlacementChain(t.db);
    const taken = { inventory_number: ['Deze klant heeft al een machine met dit inventarisnummer'] };
    const first = await create(a, { inventory_number: 'Kb-100' });
    const before = await snapshot();
    for (const number of ['Kb-100', 'KB-100', ' kb-100 ']) {
      await expect422(
        await t.admin.post(collection(a.customer.id), { body: machineBody(a, { inventory_number: number }) }),
        taken,
      );
    }
    expect(await snapshot()).toEqual(before);

    const atB = await create(b, { inventory_number: 'KB-100' });
    expect(atB.customer_id).toBe(b.customer.id);

    // Editing another machine into the number is refused, its own number in another case is not.
    const second = await create(a, { inventory_number: 'KB-200' });
    await expect422(
      await t.admin.put(item(a.customer.id, second.id), { body: machineBody(a, { inventory_number: 'kb-100' }) }),
      taken,
    );
    expect((await read(a, second.id)).inventory_number).toBe('KB-200');
    const own = await t.admin.put(item(a.customer.id, first.id), {
      body: machineBody(a, { inventory_number: 'KB-100' }),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.inventory_number).toBe('KB-100');
    // An archived machine keeps its number.
    expect((await t.admin.post(`${item(a.customer.id, first.id)}/archive`)).statusCode).toBe(200);
    await expect422(
      await t.admin.post(collection(a.customer.id), { body: machineBody(a, { inventory_number: 'kb-100' }) }),
      taken,
    );
  });

  it('answers one 201 and one 422 when the same inventory number is added twice at once', async () => {
    const c = await createPlacementChain(t.db);
    const number = uniqueInventoryNumber();
    const results = await Promise.all(
      [1, 2].map(() => t.admin.post(collection(c.customer.id), { body: machineBody(c, { inventory_number: number }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(errorsOf(results.find((r) => r.statusCode === 422)!)).toEqual({
      inventory_number: ['Deze klant heeft al een machine met dit inventarisnummer'],
    });
  });

  it('places a machine only at a location of its customer, a department of that location, a room of that department', async () => {
    const a = await createPlacementChain(t.db);
    const b = await createPlacementChain(t.db);
    const otherLocation = await createLocation(t.db, a.customer.id);
    const otherDepartment = await createDepartment(t.db, otherLocation.id);
    const otherRoom = await createRoom(t.db, a.department.id);
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
    await expectRefusedOnCreateAndUpdate(a, cases);

    // The right chain is fine, also the second department's own room.
    const placed = await create(a, { location_id: otherLocation.id, department_id: otherDepartment.id });
    expect(placed).toMatchObject({ location_id: otherLocation.id, department_id: otherDepartment.id, room_id: null });
    const inRoom = await create(a, { department_id: a.department.id, room_id: otherRoom.id });
    expect(inRoom.room_name).toBe(otherRoom.name);
  });

  it('refuses a missing machine type or brand, a brand type of another brand and a questionnaire of the wrong type', async () => {
    const c = await createPlacementChain(t.db);
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
    await expectRefusedOnCreateAndUpdate(c, cases);

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
    const c = await createPlacementChain(t.db);
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
          await t.admin.post(collection(c.customer.id), { body }),
          await t.admin.put(item(c.customer.id, m.id), { body }),
          await t.admin.post(`${item(c.customer.id, m.id)}/move`, { body }),
        ]) {
          expect(res.statusCode, `${field}=${JSON.stringify(value).slice(0, 40)}: ${res.body}`).toBeLessThan(500);
        }
      }
    }
    for (const query of ['location_id=1&location_id=2', 'status=active&status=concept', 'search=a&search=b']) {
      const res = await t.admin.get(`${collection(c.customer.id)}?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
    }
  });

  // PostgreSQL cannot store a NUL character: the shared text fields and the search refuse it.
  it('answers 422, not 500, for a NUL character in a text or the search', async () => {
    const c = await createPlacementChain(t.db);
    const res = await t.admin.post(collection(c.customer.id), { body: machineBody(c, { name: 'Boor\u0000' }) });
    expect(res.statusCode, res.body).toBe(422);
    const search = await t.admin.get(`${collection(c.customer.id)}?search=%00`);
    expect(search.statusCode, search.body).toBeLessThan(500);
  });

  it('answers 404 for a customer that does not exist or is no id', async () => {
    const c = await createPlacementChain(t.db);
    for (const id of JUNK_IDS) {
      for (const res of [
        await t.admin.get(collection(id)),
        await t.admin.post(collection(id), { body: machineBody(c) }),
        await t.admin.post(collection(id), { body: machineBody(c), as: 'form' }),
      ]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
      }
    }
    expect(await t.db.$count(machines, eq(machines.customerId, c.customer.id))).toBe(0);
  });
});
