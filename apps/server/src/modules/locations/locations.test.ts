import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Location } from '@keurwijzer/shared/customers';
import { TEXT } from '@keurwijzer/shared/texts';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import type { TestClient } from '../../test/client';
import { describeCrud } from '../../test/crud-suite';
import {
  createCustomer,
  createDepartment,
  createLocation,
  createPlacementChain,
  createRoom,
  uniqueName,
} from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

/**
 * Locations of a customer, departments of a location and rooms of a department: the CRUD
 * contract of each level, the address rules of a location, the whole chain in every path
 * (two customers), 409 while something is below, and who may do what.
 */
const t = useTestApp();
/** The chain the CRUD contracts run on. */
let home: { customer: number; location: number; department: number };
beforeAll(async () => {
  const customer = await createCustomer(t.db, { name: uniqueName('Contractklant') });
  const location = await addLocation(customer.id);
  const department = await addDepartment(location.id);
  home = { customer: customer.id, location: location.id, department: department.id };
});

const MISSING = 999_999;
const POSTCODE_MESSAGE = 'Ongeldige postcode (bijvoorbeeld 1234 AB)';
type Json = Record<string, unknown>;

const locationBody = (overrides: Json = {}): Json => ({
  name: uniqueName('Vestiging'),
  street: 'Havenstraat',
  house_number: '12',
  addition: 'B',
  postcode: '3011ab',
  city: 'Rotterdam',
  ...overrides,
});

const addLocation = (customerId: number, name?: string) => createLocation(t.db, customerId, name);
const addDepartment = (locationId: number, name?: string) => createDepartment(t.db, locationId, name);
const addRoom = (departmentId: number, name?: string) => createRoom(t.db, departmentId, name);
const chain = (name?: string) => createPlacementChain(t.db, name);
type Chain = Awaited<ReturnType<typeof chain>>;
type Ids = { customer: number | string; location: number | string; department: number | string; room: number | string };
const idsOf = (c: Chain): Ids => ({
  customer: c.customer.id,
  location: c.location.id,
  department: c.department.id,
  room: c.room.id,
});

/** Every row of the three tables: "nothing changed" is an equal snapshot. */
const snapshot = async () => ({
  customers: await t.db.select().from(customers).orderBy(asc(customers.id)),
  locations: await t.db.select().from(locations).orderBy(asc(locations.id)),
  departments: await t.db.select().from(departments).orderBy(asc(departments.id)),
  rooms: await t.db.select().from(rooms).orderBy(asc(rooms.id)),
});

const LEVELS = ['customer', 'location', 'department', 'room'] as const;
type Level = (typeof LEVELS)[number];
type Endpoint = {
  what: string;
  /** The deepest id of the path: a wrong id at this level or above makes it 404. */
  depth: Level;
  safe: boolean;
  call: () => ReturnType<TestClient['get']>;
};

/** Every location, department and room endpoint on the path `ids`, each once, with a valid body. */
function endpoints(client: TestClient, ids: Ids, opts: { csrf?: boolean } = {}): Endpoint[] {
  const locs = `/api/customers/${ids.customer}/locations`;
  const deps = `${locs}/${ids.location}/departments`;
  const rms = `${deps}/${ids.department}/rooms`;
  const resource = (
    label: string,
    collection: string,
    item: string,
    body: () => Json,
    depths: [Level, Level],
  ): Endpoint[] => [
    { what: `${label} list`, depth: depths[0], safe: true, call: () => client.get(collection, opts) },
    {
      what: `${label} create`,
      depth: depths[0],
      safe: false,
      call: () => client.post(collection, { body: body(), ...opts }),
    },
    { what: `${label} read`, depth: depths[1], safe: true, call: () => client.get(item, opts) },
    {
      what: `${label} update`,
      depth: depths[1],
      safe: false,
      call: () => client.put(item, { body: body(), ...opts }),
    },
    {
      what: `${label} _method=PUT`,
      depth: depths[1],
      safe: false,
      call: () => client.post(item, { body: { ...body(), _method: 'PUT' }, as: 'form', ...opts }),
    },
    { what: `${label} delete`, depth: depths[1], safe: false, call: () => client.delete(item, opts) },
    {
      what: `${label} _method=DELETE`,
      depth: depths[1],
      safe: false,
      call: () => client.post(item, { body: { _method: 'DELETE' }, as: 'form', ...opts }),
    },
  ];
  const named = (prefix: string) => () => ({ name: uniqueName(prefix) });
  return [
    ...resource('location', locs, `${locs}/${ids.location}`, locationBody, ['customer', 'location']),
    ...resource('department', deps, `${deps}/${ids.department}`, named('Afdeling'), ['location', 'department']),
    ...resource('room', rms, `${rms}/${ids.room}`, named('Ruimte'), ['department', 'room']),
  ];
}
const atOrBelow = (level: Level) => (e: Endpoint) => LEVELS.indexOf(e.depth) >= LEVELS.indexOf(level);

describeCrud({
  label: 'Vestiging',
  path: () => `/api/customers/${home.customer}/locations`,
  body: (name) => locationBody({ name }),
  duplicateMessage: 'Deze klant heeft al een vestiging met deze naam',
  sortKeys: ['name', 'city', 'postcode', 'created_at'],
  t,
});

describeCrud({
  label: 'Afdeling',
  path: () => `/api/customers/${home.customer}/locations/${home.location}/departments`,
  body: (name) => ({ name }),
  duplicateMessage: 'Deze vestiging heeft al een afdeling met deze naam',
  sortKeys: ['name', 'created_at'],
  t,
});

describeCrud({
  label: 'Ruimte',
  path: () => `/api/customers/${home.customer}/locations/${home.location}/departments/${home.department}/rooms`,
  body: (name) => ({ name }),
  duplicateMessage: 'Deze afdeling heeft al een ruimte met deze naam',
  sortKeys: ['name', 'created_at'],
  t,
});

describe('locations: address', () => {
  it('stores and shows the full address with the postcode as "1234 AB"', async () => {
    const customer = await createCustomer(t.db);
    const input = locationBody({ name: 'Hoofdvestiging', postcode: '3011ab', addition: ' B ' });
    const res = await t.admin.post(`/api/customers/${customer.id}/locations`, { body: input });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: 'Vestiging is aangemaakt',
      data: {
        id: expect.any(Number),
        customer_id: customer.id,
        name: 'Hoofdvestiging',
        street: 'Havenstraat',
        house_number: '12',
        addition: 'B',
        postcode: '3011 AB',
        city: 'Rotterdam',
        departments_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const id = res.json().data.id as number;
    const updated = await t.admin.put(`/api/customers/${customer.id}/locations/${id}`, {
      body: locationBody({ name: 'Hoofdvestiging', postcode: ' 9711 lm ', addition: '' }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe('Vestiging is gewijzigd');
    expect(updated.json().data).toMatchObject({ postcode: '9711 LM', addition: null });
    const [row] = await t.db.select().from(locations).where(eq(locations.id, id));
    expect(row).toMatchObject({ postcode: '9711 LM', addition: null, customerId: customer.id });
  });

  it('normalises "1234ab", " 1234 Ab " and "1234  AB" to "1234 AB" (form data too)', async () => {
    const customer = await createCustomer(t.db);
    for (const postcode of ['1234ab', ' 1234 Ab ', '1234  AB', '1234AB']) {
      const res = await t.admin.post(`/api/customers/${customer.id}/locations`, {
        body: locationBody({ postcode }),
        as: 'form',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.postcode, postcode).toBe('1234 AB');
    }
  });

  it('requires name, street, house number, postcode and city (422 "Verplicht") and stores nothing', async () => {
    const customer = await createCustomer(t.db);
    const path = `/api/customers/${customer.id}/locations`;
    const required = { name: ['Verplicht'], street: ['Verplicht'], house_number: ['Verplicht'] };
    for (const body of [
      {},
      { name: '', street: '', house_number: '', addition: '', postcode: '', city: '' },
      { name: ' ', street: ' ', house_number: ' ', postcode: ' ', city: ' ' },
    ]) {
      const res = await t.admin.post(path, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({
        message: TEXT.validation,
        errors: { ...required, postcode: ['Verplicht'], city: ['Verplicht'] },
      });
    }
    const form = await t.admin.post(path, { body: locationBody({ street: '', city: '' }), as: 'multipart' });
    expect(errorsOf(form)).toEqual({ street: ['Verplicht'], city: ['Verplicht'] });
    expect(await t.db.$count(locations, eq(locations.customerId, customer.id))).toBe(0);
  });

  it('answers 422 for too long texts and an invalid postcode, on create and update', async () => {
    const customer = await createCustomer(t.db);
    const path = `/api/customers/${customer.id}/locations`;
    const long = 'x'.repeat(256);
    const res = await t.admin.post(path, {
      body: locationBody({
        name: long,
        street: long,
        house_number: '1'.repeat(21),
        addition: 'a'.repeat(21),
        city: long,
      }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: ['Maximaal 255 tekens'],
      street: ['Maximaal 255 tekens'],
      house_number: ['Maximaal 20 tekens'],
      addition: ['Maximaal 20 tekens'],
      city: ['Maximaal 255 tekens'],
    });
    for (const postcode of ['12345', '0123 AB', '1234 A', '1234 ABC', 'AB1234', '1234-AB', 'abcd ef']) {
      const bad = await t.admin.post(path, { body: locationBody({ postcode }) });
      expect(bad.statusCode, postcode).toBe(422);
      expect(errorsOf(bad), postcode).toEqual({ postcode: [POSTCODE_MESSAGE] });
    }
    expect(await t.db.$count(locations, eq(locations.customerId, customer.id))).toBe(0);

    const existing = await addLocation(customer.id, 'Blijft');
    const put = await t.admin.put(`${path}/${existing.id}`, { body: locationBody({ name: 'Blijft', postcode: '99' }) });
    expect(put.statusCode).toBe(422);
    expect(errorsOf(put)).toEqual({ postcode: [POSTCODE_MESSAGE] });
    const [row] = await t.db.select().from(locations).where(eq(locations.id, existing.id));
    expect(row?.postcode).toBe('1234 AB');
  });

  it('refuses a location name twice within a customer; allows it at another customer', async () => {
    const acme = await createCustomer(t.db);
    const beta = await createCustomer(t.db);
    const first = await t.admin.post(`/api/customers/${acme.id}/locations`, {
      body: locationBody({ name: 'Hoofdkantoor' }),
    });
    expect(first.statusCode, first.body).toBe(201);
    const dup = await t.admin.post(`/api/customers/${acme.id}/locations`, {
      body: locationBody({ name: ' HOOFDKANTOOR ' }),
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({
      message: TEXT.validation,
      errors: { name: ['Deze klant heeft al een vestiging met deze naam'] },
    });
    const other = await t.admin.post(`/api/customers/${beta.id}/locations`, {
      body: locationBody({ name: 'Hoofdkantoor' }),
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.customer_id).toBe(beta.id);
    expect(await t.db.$count(locations, eq(locations.customerId, acme.id))).toBe(1);

    // Renaming into a name of the other customer is fine, into its own customer's is not.
    const second = await addLocation(acme.id, 'Magazijn');
    expect(
      (
        await t.admin.put(`/api/customers/${beta.id}/locations/${other.json().data.id}`, {
          body: locationBody({ name: 'Magazijn' }),
        })
      ).statusCode,
    ).toBe(200);
    const clash = await t.admin.put(`/api/customers/${acme.id}/locations/${second.id}`, {
      body: locationBody({ name: 'hoofdkantoor' }),
    });
    expect(errorsOf(clash)).toEqual({ name: ['Deze klant heeft al een vestiging met deze naam'] });
  });

  it('keeps the customer of the path whatever the body says (no mass assignment)', async () => {
    const a = await createCustomer(t.db);
    const b = await createCustomer(t.db);
    const res = await t.admin.post(`/api/customers/${a.id}/locations`, {
      body: locationBody({ customer_id: b.id, departments_count: 9 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ customer_id: a.id, departments_count: 0 });
    const id = res.json().data.id as number;
    expect(
      (await t.admin.put(`/api/customers/${a.id}/locations/${id}`, { body: locationBody({ customer_id: b.id }) }))
        .statusCode,
    ).toBe(200);
    expect(await t.db.$count(locations, eq(locations.customerId, b.id))).toBe(0);

    const dep = await t.admin.post(`/api/customers/${a.id}/locations/${id}/departments`, {
      body: { name: 'Werkplaats', location_id: MISSING },
    });
    expect(dep.statusCode, dep.body).toBe(201);
    expect(dep.json().data.location_id).toBe(id);
  });

  it('lists only the locations of the customer in the path, with their department counts', async () => {
    const a = await chain();
    const b = await chain();
    await addDepartment(a.location.id);
    const res = await t.admin.get(`/api/customers/${a.customer.id}/locations`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: a.location.id, customer_id: a.customer.id, departments_count: 2 }),
    ]);
    expect(res.json().meta).toEqual({ total: 1, page: 1, itemsPerPage: 10, lastPage: 1 });
    expect(res.body).not.toContain(b.location.name);
  });

  it('searches locations on street, postcode and city too', async () => {
    const customer = await createCustomer(t.db);
    const path = `/api/customers/${customer.id}/locations`;
    const made: number[] = [];
    for (const body of [
      locationBody({ name: 'Noord', street: 'Kanaalweg', postcode: '1000 AA', city: 'Amsterdam' }),
      locationBody({ name: 'Zuid', street: 'Stationsplein', postcode: '6211 BB', city: 'Maastricht' }),
    ]) {
      made.push((await t.admin.post(path, { body })).json().data.id);
    }
    const ids = async (search: string) =>
      ((await t.admin.get(`${path}?search=${encodeURIComponent(search)}`)).json().data as Location[]).map((l) => l.id);
    expect(await ids('kanaal')).toEqual([made[0]]);
    expect(await ids('6211 bb')).toEqual([made[1]]);
    expect(await ids('MAASTRICHT')).toEqual([made[1]]);
    const byPostcode = await t.admin.get(`${path}?sortKey=postcode&sortOrder=desc`);
    expect(byPostcode.json().data.map((l: Location) => l.id)).toEqual([made[1], made[0]]);
  });
});

describe('departments and rooms', () => {
  it('shows the location of a department and the room count; the department of a room', async () => {
    const c = await chain();
    await addRoom(c.department.id);
    const base = `/api/customers/${c.customer.id}/locations/${c.location.id}/departments`;
    const dep = await t.admin.get(`${base}/${c.department.id}`);
    expect(dep.statusCode, dep.body).toBe(200);
    expect(dep.json().data).toEqual({
      id: c.department.id,
      location_id: c.location.id,
      name: c.department.name,
      rooms_count: 2,
      created_at: c.department.createdAt.toISOString(),
      updated_at: c.department.updatedAt.toISOString(),
    });
    const room = await t.admin.get(`${base}/${c.department.id}/rooms/${c.room.id}`);
    expect(room.json().data).toEqual({
      id: c.room.id,
      department_id: c.department.id,
      name: c.room.name,
      created_at: c.room.createdAt.toISOString(),
      updated_at: c.room.updatedAt.toISOString(),
    });
    expect(
      (await t.admin.get(`/api/customers/${c.customer.id}/locations/${c.location.id}`)).json().data.departments_count,
    ).toBe(1);
  });

  it('allows the same department name at another location and the same room name in another department', async () => {
    const c = await chain();
    const second = await addLocation(c.customer.id);
    const otherDep = await addDepartment(second.id);
    const base = `/api/customers/${c.customer.id}/locations`;
    const dep = await t.admin.post(`${base}/${second.id}/departments`, { body: { name: c.department.name } });
    expect(dep.statusCode, dep.body).toBe(201);
    const again = await t.admin.post(`${base}/${c.location.id}/departments`, {
      body: { name: c.department.name.toUpperCase() },
    });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ name: ['Deze vestiging heeft al een afdeling met deze naam'] });

    const room = await t.admin.post(`${base}/${second.id}/departments/${otherDep.id}/rooms`, {
      body: { name: c.room.name },
    });
    expect(room.statusCode, room.body).toBe(201);
    expect(room.json()).toMatchObject({ message: 'Ruimte is aangemaakt', data: { department_id: otherDep.id } });
    const roomAgain = await t.admin.post(`${base}/${c.location.id}/departments/${c.department.id}/rooms`, {
      body: { name: ` ${c.room.name.toLowerCase()} ` },
    });
    expect(errorsOf(roomAgain)).toEqual({ name: ['Deze afdeling heeft al een ruimte met deze naam'] });
  });
});

describe('delete while something is below (409)', () => {
  it('refuses to delete a location with departments, with the Dutch reason, and removes nothing', async () => {
    const c = await chain();
    const path = `/api/customers/${c.customer.id}/locations/${c.location.id}`;
    const before = await snapshot();
    for (const res of [
      await t.admin.delete(path),
      await t.admin.post(path, { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        message: 'Deze vestiging heeft 1 afdeling en kan niet worden verwijderd.',
        errors: {},
      });
    }
    await addDepartment(c.location.id);
    expect((await t.admin.delete(path)).json().message).toBe(
      'Deze vestiging heeft 2 afdelingen en kan niet worden verwijderd.',
    );
    expect((await snapshot()).locations).toEqual(before.locations);
  });

  it('refuses to delete a department with rooms and removes nothing', async () => {
    const c = await chain();
    const path = `/api/customers/${c.customer.id}/locations/${c.location.id}/departments/${c.department.id}`;
    const before = await snapshot();
    for (const res of [
      await t.admin.delete(path),
      await t.admin.post(path, { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        message: 'Deze afdeling heeft 1 ruimte en kan niet worden verwijderd.',
        errors: {},
      });
    }
    await addRoom(c.department.id);
    expect((await t.admin.delete(path)).json().message).toBe(
      'Deze afdeling heeft 2 ruimtes en kan niet worden verwijderd.',
    );
    expect(await snapshot()).toEqual({ ...before, rooms: expect.any(Array) });
    expect(await t.db.$count(departments, eq(departments.id, c.department.id))).toBe(1);
  });

  it('deletes bottom-up: room, department, location, then the customer', async () => {
    const c = await chain();
    const loc = `/api/customers/${c.customer.id}/locations/${c.location.id}`;
    const dep = `${loc}/departments/${c.department.id}`;
    for (const [path, message] of [
      [`${dep}/rooms/${c.room.id}`, 'Ruimte is verwijderd'],
      [dep, 'Afdeling is verwijderd'],
      [loc, 'Vestiging is verwijderd'],
      [`/api/customers/${c.customer.id}`, 'Klant is verwijderd'],
    ] as const) {
      const res = await t.admin.delete(path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ data: null, message });
    }
    expect(await t.db.$count(customers, eq(customers.id, c.customer.id))).toBe(0);
  });

  it('never answers 500 when a department is added while its location is deleted', async () => {
    for (let round = 0; round < 5; round++) {
      const customer = await createCustomer(t.db);
      const location = await addLocation(customer.id);
      const loc = `/api/customers/${customer.id}/locations/${location.id}`;
      const [created, deleted] = await Promise.all([
        t.admin.post(`${loc}/departments`, { body: { name: 'Gelijktijdig' } }),
        t.admin.delete(loc),
      ]);
      const outcome = `${created.statusCode}/${deleted.statusCode}`;
      expect(['201/409', '404/200'], `${outcome}: ${created.body} ${deleted.body}`).toContain(outcome);
      expect(await t.db.$count(locations, eq(locations.id, location.id))).toBe(outcome === '201/409' ? 1 : 0);
    }
  });
});

describe('the whole chain in every path (two customers)', () => {
  it('answers 404 for a location, department or room reached through another customer, location or department', async () => {
    const a = await chain(uniqueName('Acme'));
    const b = await chain(uniqueName('Beta'));
    // A second location of A, with its own department and room.
    const a2Location = await addLocation(a.customer.id);
    const a2Department = await addDepartment(a2Location.id);
    const a2Room = await addRoom(a2Department.id);
    const A = idsOf(a);
    const B = idsOf(b);
    const before = await snapshot();

    const cases: [string, Ids, Level][] = [
      ["B's location through A", { ...B, customer: A.customer }, 'location'],
      ["A's location through B", { ...A, customer: B.customer }, 'location'],
      ["B's department under A's location", { ...A, department: B.department, room: B.room }, 'department'],
      ["A's other location's department", { ...A, department: a2Department.id, room: a2Room.id }, 'department'],
      ["B's room under A's department", { ...A, room: B.room }, 'room'],
      ["A's other department's room", { ...A, room: a2Room.id }, 'room'],
      ['a missing customer', { ...A, customer: MISSING }, 'customer'],
      ['a missing location', { ...A, location: MISSING }, 'location'],
      ['a missing department', { ...A, department: MISSING }, 'department'],
      ['a missing room', { ...A, room: MISSING }, 'room'],
      ['a junk customer id', { ...A, customer: 'abc' }, 'customer'],
      ['a junk location id', { ...A, location: '0' }, 'location'],
      ['a junk department id', { ...A, department: '-1' }, 'department'],
      ['a junk room id', { ...A, room: '99999999999' }, 'room'],
    ];
    for (const [name, ids, level] of cases) {
      const affected = endpoints(t.admin, ids).filter(atOrBelow(level));
      expect(affected.length, name).toBeGreaterThan(0);
      for (const e of affected) {
        const res = await e.call();
        expect(res.statusCode, `${name}, ${e.what}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
      }
    }
    expect(await snapshot()).toEqual(before);

    // The right paths still work.
    for (const c of [a, b]) {
      const res = await t.admin.get(
        `/api/customers/${c.customer.id}/locations/${c.location.id}/departments/${c.department.id}/rooms/${c.room.id}`,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('answers 403 on every endpoint to the customer users of both customers, own path or the other', async () => {
    const { customerA, customerB } = t;
    const [a, b] = [customerA.chain, customerB.chain];
    const before = await snapshot();
    const names = [a, b].flatMap((c) => [c.customer.name, c.location.name, c.department.name, c.room.name]);
    for (const { client } of [customerA, customerB]) {
      for (const target of [a, b]) {
        for (const e of endpoints(client, idsOf(target))) {
          const res = await e.call();
          expect(res.statusCode, `${e.what} of ${target.customer.name}: ${res.body}`).toBe(403);
          expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
          for (const n of names) expect(res.body).not.toContain(n);
        }
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 on every endpoint to a mechanic, 401 without a session and 419 without the CSRF token', async () => {
    const c = await chain();
    const before = await snapshot();
    for (const e of endpoints(t.mechanic, idsOf(c))) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(TEXT.forbidden);
    }
    for (const e of endpoints(t.visitor, idsOf(c))) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(401);
      expect(res.json().message).toBe(TEXT.unauthenticated);
    }
    for (const e of endpoints(t.admin, idsOf(c), { csrf: false }).filter((x) => !x.safe)) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(419);
      expect(res.json().message).toBe(TEXT.csrf);
    }
    expect(await snapshot()).toEqual(before);
  });
});
