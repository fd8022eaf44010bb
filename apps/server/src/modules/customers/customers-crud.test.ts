import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Customer } from '@keurwijzer/shared/customers';
import { TEXT } from '@keurwijzer/shared/texts';
import { customers, locations } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import type { TestClient } from '../../test/client';
import { createCustomer, createUser } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

/**
 * /api/customers beyond the customer select of customers.test.ts: the full record (create,
 * read, update, delete when unused), archive and restore, validation, and who may do what.
 */
const t = useTestApp();

const MISSING = 999_999;
const POSTCODE_MESSAGE = 'Ongeldige postcode (bijvoorbeeld 1234 AB)';
const marker = () => `Mrk${Math.random().toString(36).slice(2, 10)}`;

type Json = Record<string, unknown>;
type Page = { data: Customer[]; meta: { total: number; page: number; itemsPerPage: number; lastPage: number } };

/** A complete, valid customer; the number is unique per call. */
const customerBody = (overrides: Json = {}): Json => ({
  name: `Metaalbewerking ${marker()}`,
  customer_number: `K-${marker()}`,
  email: 'Inkoop@Metaal.nl',
  phone: '010-1234567',
  contact_person: 'Piet Jansen',
  street: 'Industrieweg',
  house_number: '12',
  addition: 'a',
  postcode: '3012ab',
  city: 'Rotterdam',
  ...overrides,
});

async function create(overrides: Json = {}): Promise<Customer> {
  const res = await t.admin.post('/api/customers', { body: customerBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: Customer }).data;
}
const stored = async (id: number) => (await t.db.select().from(customers).where(eq(customers.id, id)))[0];
const customerCount = () => t.db.$count(customers);
async function list(query: string, client: TestClient = t.admin): Promise<Page> {
  const res = await client.get(`/api/customers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
async function addLocation(customerId: number, name = `Vestiging ${marker()}`) {
  const [row] = await t.db
    .insert(locations)
    .values({ customerId, name, street: 'Havenweg', houseNumber: '1', postcode: '1234 AB', city: 'Utrecht' })
    .returning();
  return row!;
}

describe('customers: create, read, update, delete', () => {
  it('creates (201 "Klant is aangemaakt") with every field, reads, updates and deletes', async () => {
    const input = customerBody();
    const created = await t.admin.post('/api/customers', { body: input });
    expect(created.statusCode, created.body).toBe(201);
    const { data, message } = created.json() as { data: Customer; message: string };
    expect(message).toBe('Klant is aangemaakt');
    expect(data).toEqual({
      id: expect.any(Number),
      name: input.name,
      customer_number: input.customer_number,
      email: 'inkoop@metaal.nl',
      phone: '010-1234567',
      contact_person: 'Piet Jansen',
      street: 'Industrieweg',
      house_number: '12',
      addition: 'a',
      postcode: '3012 AB',
      city: 'Rotterdam',
      archived_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      locations_count: 0,
      users_count: 0,
    });
    expect(new Date(data.created_at).toISOString()).toBe(data.created_at);

    const read = await t.admin.get(`/api/customers/${data.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ data });

    const change = customerBody({ name: 'Houtbewerking Jansen', postcode: ' 9711 lm ', city: 'Groningen', email: '' });
    const updated = await t.admin.put(`/api/customers/${data.id}`, { body: change });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe('Klant is gewijzigd');
    expect(updated.json().data).toMatchObject({
      id: data.id,
      name: 'Houtbewerking Jansen',
      customer_number: change.customer_number,
      postcode: '9711 LM',
      city: 'Groningen',
      email: null,
      created_at: data.created_at,
    });
    expect(await stored(data.id)).toMatchObject({ name: 'Houtbewerking Jansen', postcode: '9711 LM', email: null });

    const removed = await t.admin.delete(`/api/customers/${data.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ data: null, message: 'Klant is verwijderd' });
    expect(await stored(data.id)).toBeUndefined();
    expect((await t.admin.get(`/api/customers/${data.id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/customers/${data.id}`)).statusCode).toBe(404);
  });

  it('lets a super admin do the same', async () => {
    const sa = t.superAdmin;
    const res = await sa.post('/api/customers', { body: customerBody() });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect((await sa.get(`/api/customers/${id}`)).statusCode).toBe(200);
    expect((await sa.put(`/api/customers/${id}`, { body: customerBody() })).statusCode).toBe(200);
    expect((await sa.post(`/api/customers/${id}/archive`)).statusCode).toBe(200);
    expect((await sa.post(`/api/customers/${id}/restore`)).statusCode).toBe(200);
    expect((await sa.delete(`/api/customers/${id}`)).statusCode).toBe(200);
  });

  it('needs only a name and a number: the contact details and invoice address are optional', async () => {
    const nr = `K-${marker()}`;
    const minimal = await t.admin.post('/api/customers', { body: { name: '  Kaal  ', customer_number: ` ${nr} ` } });
    expect(minimal.statusCode, minimal.body).toBe(201);
    expect(minimal.json().data).toMatchObject({
      name: 'Kaal',
      customer_number: nr,
      email: null,
      phone: null,
      contact_person: null,
      street: null,
      house_number: null,
      addition: null,
      postcode: null,
      city: null,
    });
    // A form sends its empty inputs as ''.
    const empty = { email: '', phone: '', contact_person: '', street: '', house_number: '', addition: '' };
    for (const as of ['form', 'multipart'] as const) {
      const res = await t.admin.post('/api/customers', {
        body: customerBody({ ...empty, postcode: '', city: '', name: `  Formulier ${as} ` }),
        as,
      });
      expect(res.statusCode, `${as}: ${res.body}`).toBe(201);
      expect(res.json().data).toMatchObject({ name: `Formulier ${as}`, email: null, postcode: null, city: null });
    }
  });

  it('takes blank optional fields (only spaces) as empty, e-mail and postcode too', async () => {
    const blank = { email: '   ', phone: ' ', contact_person: ' ', street: ' ', house_number: ' ', postcode: '  ' };
    const res = await t.admin.post('/api/customers', { body: customerBody({ ...blank, addition: ' ', city: ' ' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ email: null, phone: null, street: null, postcode: null, city: null });
  });

  it('normalises the postcode to "1234 AB" on create and update', async () => {
    for (const [given, expected] of [
      ['1234ab', '1234 AB'],
      ['1234 AB', '1234 AB'],
      [' 5611  xy ', '5611 XY'],
      ['9999Zz', '9999 ZZ'],
    ] as const) {
      const created = await create({ postcode: given });
      expect(created.postcode, given).toBe(expected);
      expect((await stored(created.id))?.postcode).toBe(expected);
      const updated = await t.admin.put(`/api/customers/${created.id}`, { body: customerBody({ postcode: given }) });
      expect(updated.json().data.postcode).toBe(expected);
    }
  });

  it('ignores fields that are no input: id, archived_at, counts (no mass assignment)', async () => {
    const other = await createCustomer(t.db);
    const res = await t.admin.post('/api/customers', {
      body: customerBody({ id: other.id, archived_at: '2020-01-01T00:00:00.000Z', locations_count: 5 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ archived_at: null, locations_count: 0 });
    expect(res.json().data.id).not.toBe(other.id);
    const put = await t.admin.put(`/api/customers/${res.json().data.id}`, {
      body: customerBody({ archived_at: '2020-01-01T00:00:00.000Z' }),
    });
    expect(put.statusCode).toBe(200);
    expect((await stored(res.json().data.id))?.archivedAt).toBeNull();
  });

  it('updates and deletes through POST with _method=PUT / _method=DELETE form data', async () => {
    const created = await create();
    const change = customerBody({ name: `Via formulier ${marker()}`, postcode: '1011ab' });
    const put = await t.admin.post(`/api/customers/${created.id}`, { body: { ...change, _method: 'PUT' }, as: 'form' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      message: 'Klant is gewijzigd',
      data: { id: created.id, name: change.name, postcode: '1011 AB' },
    });
    expect((await stored(created.id))?.name).toBe(change.name);

    const del = await t.admin.post(`/api/customers/${created.id}`, { body: { _method: 'DELETE' }, as: 'form' });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ data: null, message: 'Klant is verwijderd' });
    expect(await stored(created.id)).toBeUndefined();
  });
});

describe('customers: validation (422) stores nothing', () => {
  it('answers "Verplicht" for a missing or blank name and number', async () => {
    const before = await customerCount();
    for (const body of [
      {},
      { name: '', customer_number: '' },
      { name: '   ', customer_number: '  ' },
      { name: null, customer_number: null },
    ]) {
      const res = await t.admin.post('/api/customers', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({
        message: TEXT.validation,
        errors: { name: ['Verplicht'], customer_number: ['Verplicht'] },
      });
    }
    const form = await t.admin.post('/api/customers', { body: customerBody({ name: '' }), as: 'form' });
    expect(form.statusCode).toBe(422);
    expect(errorsOf(form)).toEqual({ name: ['Verplicht'] });
    expect(await customerCount()).toBe(before);
  });

  it('answers "Maximaal 255 tekens" (and the shorter limits) per field', async () => {
    const before = await customerCount();
    const long = 'x'.repeat(256);
    const res = await t.admin.post('/api/customers', {
      body: customerBody({
        name: long,
        customer_number: 'n'.repeat(51),
        email: `${'e'.repeat(250)}@example.com`,
        phone: '0'.repeat(51),
        contact_person: long,
        street: long,
        house_number: '1'.repeat(21),
        addition: 'a'.repeat(21),
        city: long,
      }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: ['Maximaal 255 tekens'],
      customer_number: ['Maximaal 50 tekens'],
      email: ['Maximaal 255 tekens'],
      phone: ['Maximaal 50 tekens'],
      contact_person: ['Maximaal 255 tekens'],
      street: ['Maximaal 255 tekens'],
      house_number: ['Maximaal 20 tekens'],
      addition: ['Maximaal 20 tekens'],
      city: ['Maximaal 255 tekens'],
    });
    expect(await customerCount()).toBe(before);
    // Exactly 255 is allowed.
    expect((await create({ name: 'y'.repeat(255) })).name).toBe('y'.repeat(255));
  });

  it('refuses an invalid e-mail address and an invalid postcode', async () => {
    const before = await customerCount();
    for (const email of ['geen-adres', 'a@', '@example.com', 'jan@@example.com']) {
      const res = await t.admin.post('/api/customers', { body: customerBody({ email }) });
      expect(res.statusCode, email).toBe(422);
      expect(errorsOf(res), email).toEqual({ email: ['Ongeldig e-mailadres'] });
    }
    for (const postcode of ['12345', '123 AB', '0123 AB', '1234 A', '1234 ABC', 'AB 1234', '1234-AB', '12 34AB']) {
      const res = await t.admin.post('/api/customers', { body: customerBody({ postcode }) });
      expect(res.statusCode, postcode).toBe(422);
      expect(errorsOf(res), postcode).toEqual({ postcode: [POSTCODE_MESSAGE] });
    }
    expect(await customerCount()).toBe(before);
  });

  it('refuses invalid input on update and keeps the stored customer', async () => {
    const existing = await create();
    const res = await t.admin.put(`/api/customers/${existing.id}`, {
      body: customerBody({ name: '', postcode: '1234', email: 'fout' }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: ['Verplicht'],
      postcode: [POSTCODE_MESSAGE],
      email: ['Ongeldig e-mailadres'],
    });
    expect(await stored(existing.id)).toMatchObject({ name: existing.name, postcode: existing.postcode });
  });

  it('refuses a customer number in use ("Dit klantnummer is al in gebruik"), on create and update', async () => {
    const first = await create({ customer_number: `Nr-${marker()}` });
    const before = await customerCount();
    for (const nr of [first.customer_number, `  ${first.customer_number} `, first.customer_number.toUpperCase()]) {
      const dup = await t.admin.post('/api/customers', { body: customerBody({ customer_number: nr }) });
      expect(dup.statusCode, nr).toBe(422);
      expect(dup.json()).toEqual({
        message: TEXT.validation,
        errors: { customer_number: ['Dit klantnummer is al in gebruik'] },
      });
    }
    expect(await customerCount()).toBe(before);

    const other = await create();
    const clash = await t.admin.put(`/api/customers/${other.id}`, {
      body: customerBody({ customer_number: first.customer_number }),
    });
    expect(clash.statusCode).toBe(422);
    expect(errorsOf(clash)).toEqual({ customer_number: ['Dit klantnummer is al in gebruik'] });
    expect((await stored(other.id))?.customerNumber).toBe(other.customer_number);

    // Its own number is no duplicate; an archived customer's number stays taken.
    const own = await t.admin.put(`/api/customers/${first.id}`, {
      body: customerBody({ customer_number: first.customer_number }),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await t.admin.post(`/api/customers/${first.id}/archive`)).statusCode).toBe(200);
    const archivedDup = await t.admin.post('/api/customers', {
      body: customerBody({ customer_number: first.customer_number }),
    });
    expect(errorsOf(archivedDup)).toEqual({ customer_number: ['Dit klantnummer is al in gebruik'] });
  });

  it('answers 422, never 500, for two creates with the same number at once', async () => {
    const nr = `Tegelijk-${marker()}`;
    const results = await Promise.all(
      [1, 2, 3].map(() => t.admin.post('/api/customers', { body: customerBody({ customer_number: nr }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(errorsOf(r)).toEqual({ customer_number: ['Dit klantnummer is al in gebruik'] });
    }
    expect(await t.db.$count(customers, eq(customers.customerNumber, nr))).toBe(1);
  });
});

describe('customers: list', () => {
  it('searches name, number and city without regard to case', async () => {
    const m = marker();
    const byName = await create({ name: `Bakkerij ${m}` });
    const byNumber = await create({ customer_number: `${m}-77` });
    const byCity = await create({ city: `Oud-${m}` });
    const ids = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}&sortKey=created_at`)).data.map((c) => c.id);
    expect(await ids(m.toUpperCase())).toEqual([byName.id, byNumber.id, byCity.id]);
    expect(await ids(`bakkerij ${m}`)).toEqual([byName.id]);
    expect(await ids(`${m}-77`)).toEqual([byNumber.id]);
    expect(await ids(`oud-${m.toLowerCase()}`)).toEqual([byCity.id]);
    expect(await ids(`${m}%`)).toEqual([]);
  });

  it('sorts by name, customer number, city and created_at, both ways, and pages', async () => {
    const m = marker();
    const a = await create({ name: `${m} Alfa`, customer_number: `${m}-3`, city: 'Zwolle' });
    const b = await create({ name: `${m} Bravo`, customer_number: `${m}-1`, city: 'Amersfoort' });
    const c = await create({ name: `${m} Charlie`, customer_number: `${m}-2`, city: 'Maastricht' });
    const ids = async (q: string) => (await list(`search=${m}&${q}`)).data.map((x) => x.id);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sortKey=name&sortOrder=desc')).toEqual([c.id, b.id, a.id]);
    expect(await ids('sortKey=customer_number')).toEqual([b.id, c.id, a.id]);
    expect(await ids('sortKey=customer_number&sortOrder=desc')).toEqual([a.id, c.id, b.id]);
    expect(await ids('sortKey=city')).toEqual([b.id, c.id, a.id]);
    expect(await ids('sortKey=city&sortOrder=desc')).toEqual([a.id, c.id, b.id]);
    expect(await ids('sortKey=created_at')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sortKey=created_at&sortOrder=desc')).toEqual([c.id, b.id, a.id]);

    const page2 = await list(`search=${m}&itemsPerPage=2&page=2`);
    expect(page2.meta).toEqual({ total: 3, page: 2, itemsPerPage: 2, lastPage: 2 });
    expect(page2.data.map((x) => x.id)).toEqual([c.id]);
    const beyond = await list(`search=${m}&itemsPerPage=2&page=5`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(3);
  });

  it('counts the locations and users of each customer', async () => {
    const m = marker();
    const customer = await create({ name: `${m} Tellen` });
    await addLocation(customer.id);
    await addLocation(customer.id);
    await createUser(t.db, 'customer', { customerId: customer.id });
    const [row] = (await list(`search=${m}`)).data;
    expect(row).toMatchObject({ id: customer.id, locations_count: 2, users_count: 1 });
    expect((await t.admin.get(`/api/customers/${customer.id}`)).json().data).toMatchObject({
      locations_count: 2,
      users_count: 1,
    });
  });
});

describe('customers: archive and restore', () => {
  it('archives ("Klant is gearchiveerd") out of the default list and restores ("Klant is hersteld")', async () => {
    const m = marker();
    const customer = await create({ name: `${m} Archief` });
    const stays = await create({ name: `${m} Blijft` });
    const ids = async (q = '') => (await list(`search=${m}${q}`)).data.map((c) => c.id);
    expect(await ids()).toEqual([customer.id, stays.id]);
    expect(await ids('&archived=1')).toEqual([]);

    const archived = await t.admin.post(`/api/customers/${customer.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().message).toBe('Klant is gearchiveerd');
    expect(archived.json().data).toMatchObject({ id: customer.id, name: customer.name });
    expect(new Date(archived.json().data.archived_at).toISOString()).toBe(archived.json().data.archived_at);
    expect((await stored(customer.id))?.archivedAt).toBeInstanceOf(Date);
    expect(await ids()).toEqual([stays.id]);
    expect(await ids('&archived=1')).toEqual([customer.id]);
    expect(await ids('&archived=true')).toEqual([customer.id]);
    expect(await ids('&archived=0')).toEqual([stays.id]);
    // Still readable by id, e.g. from a customer user's form.
    expect((await t.admin.get(`/api/customers/${customer.id}`)).json().data.archived_at).not.toBeNull();

    const restored = await t.admin.post(`/api/customers/${customer.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().message).toBe('Klant is hersteld');
    expect(restored.json().data).toMatchObject({ id: customer.id, archived_at: null });
    expect(await ids()).toEqual([customer.id, stays.id]);
    expect(await ids('&archived=1')).toEqual([]);
  });

  it('answers 409 for archiving an archived customer and restoring an active one', async () => {
    const customer = await create();
    expect((await t.admin.post(`/api/customers/${customer.id}/archive`)).statusCode).toBe(200);
    const archivedAt = (await stored(customer.id))?.archivedAt;
    const again = await t.admin.post(`/api/customers/${customer.id}/archive`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ message: 'Deze klant is al gearchiveerd.', errors: {} });
    expect((await stored(customer.id))?.archivedAt).toEqual(archivedAt);

    const active = await create();
    const restore = await t.admin.post(`/api/customers/${active.id}/restore`);
    expect(restore.statusCode, restore.body).toBe(409);
    expect(restore.json()).toEqual({ message: 'Deze klant is niet gearchiveerd.', errors: {} });
    expect((await stored(active.id))?.archivedAt).toBeNull();
  });

  it('archives once when archive is clicked twice at the same time (one 200, one 409)', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await create();
      const results = await Promise.all([
        t.admin.post(`/api/customers/${customer.id}/archive`),
        t.admin.post(`/api/customers/${customer.id}/archive`),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(' ')).toEqual([200, 409]);
      const restores = await Promise.all([
        t.admin.post(`/api/customers/${customer.id}/restore`),
        t.admin.post(`/api/customers/${customer.id}/restore`),
      ]);
      expect(restores.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
  });

  it('answers 404 for archive and restore of a missing or junk id', async () => {
    for (const id of [MISSING, 0, 'abc', '99999999999']) {
      for (const action of ['archive', 'restore']) {
        const res = await t.admin.post(`/api/customers/${id}/${action}`);
        expect(res.statusCode, `${action} ${id}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
      }
    }
  });
});

describe('customers: delete only when unused (409)', () => {
  it('refuses to delete a customer with locations, with the Dutch reason, and removes nothing', async () => {
    const customer = await create();
    const location = await addLocation(customer.id);
    for (const res of [
      await t.admin.delete(`/api/customers/${customer.id}`),
      await t.admin.post(`/api/customers/${customer.id}`, { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        message: 'Deze klant heeft 1 vestiging en kan niet worden verwijderd. Archiveer de klant.',
        errors: {},
      });
    }
    await addLocation(customer.id);
    const two = await t.admin.delete(`/api/customers/${customer.id}`);
    expect(two.json().message).toBe(
      'Deze klant heeft 2 vestigingen en kan niet worden verwijderd. Archiveer de klant.',
    );
    expect(await stored(customer.id)).toBeDefined();
    expect(await t.db.$count(locations, eq(locations.id, location.id))).toBe(1);
  });

  it('refuses to delete a customer with customer users and removes nothing', async () => {
    const customer = await create();
    const user = await createUser(t.db, 'customer', { customerId: customer.id });
    const res = await t.admin.delete(`/api/customers/${customer.id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message: 'Deze klant heeft 1 gebruiker en kan niet worden verwijderd. Archiveer de klant.',
      errors: {},
    });
    await createUser(t.db, 'customer', { customerId: customer.id });
    expect((await t.admin.delete(`/api/customers/${customer.id}`)).json().message).toBe(
      'Deze klant heeft 2 gebruikers en kan niet worden verwijderd. Archiveer de klant.',
    );
    expect(await stored(customer.id)).toBeDefined();
    expect(await t.db.$count(users, eq(users.id, user.id))).toBe(1);
  });

  it('deletes an archived customer without locations or users', async () => {
    const customer = await create();
    expect((await t.admin.post(`/api/customers/${customer.id}/archive`)).statusCode).toBe(200);
    const res = await t.admin.delete(`/api/customers/${customer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(customer.id)).toBeUndefined();
  });
});

describe('customers: 404, 401, 403, 419', () => {
  type Endpoint = { what: string; item: boolean; safe: boolean; call: () => ReturnType<TestClient['get']> };
  /** Every customer endpoint (on `id` where it takes one), each once, with a valid body. */
  const endpoints = (client: TestClient, id: number | string, opts: { csrf?: boolean } = {}): Endpoint[] => [
    { what: 'list', item: false, safe: true, call: () => client.get('/api/customers', opts) },
    { what: 'read', item: true, safe: true, call: () => client.get(`/api/customers/${id}`, opts) },
    {
      what: 'create',
      item: false,
      safe: false,
      call: () => client.post('/api/customers', { body: customerBody(), ...opts }),
    },
    {
      what: 'update',
      item: true,
      safe: false,
      call: () => client.put(`/api/customers/${id}`, { body: customerBody(), ...opts }),
    },
    {
      what: '_method=PUT',
      item: true,
      safe: false,
      call: () =>
        client.post(`/api/customers/${id}`, { body: { ...customerBody(), _method: 'PUT' }, as: 'form', ...opts }),
    },
    { what: 'delete', item: true, safe: false, call: () => client.delete(`/api/customers/${id}`, opts) },
    {
      what: '_method=DELETE',
      item: true,
      safe: false,
      call: () => client.post(`/api/customers/${id}`, { body: { _method: 'DELETE' }, as: 'form', ...opts }),
    },
    { what: 'archive', item: true, safe: false, call: () => client.post(`/api/customers/${id}/archive`, opts) },
    { what: 'restore', item: true, safe: false, call: () => client.post(`/api/customers/${id}/restore`, opts) },
  ];
  const unchanged = async (customer: Customer) => {
    expect(await stored(customer.id)).toMatchObject({ name: customer.name, archivedAt: null });
  };

  it('answers 404 for an id that does not exist or is no id, on every item endpoint', async () => {
    for (const id of [MISSING, 0, -1, 'abc', '1.5', '99999999999']) {
      for (const e of endpoints(t.admin, id).filter((x) => x.item)) {
        const res = await e.call();
        expect(res.statusCode, `${e.what} ${id}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
      }
    }
  });

  it('answers 401 without a session and changes nothing', async () => {
    const existing = await create();
    const before = await customerCount();
    for (const e of endpoints(t.visitor, existing.id)) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
    }
    expect(await customerCount()).toBe(before);
    await unchanged(existing);
  });

  it('answers 403 to a mechanic and changes nothing', async () => {
    const existing = await create();
    const before = await customerCount();
    for (const e of endpoints(t.mechanic, existing.id)) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
      expect(res.body).not.toContain(existing.name);
    }
    expect(await customerCount()).toBe(before);
    await unchanged(existing);
  });

  it('answers 403 to the customer users of two customers, for their own and the other customer', async () => {
    const a = await create({ name: `Acme ${marker()}` });
    const b = await create({ name: `Beta ${marker()}` });
    const userA = await t.signIn('customer', { customerId: a.id });
    const userB = await t.signIn('customer', { customerId: b.id });
    const before = await customerCount();
    for (const { client } of [userA, userB]) {
      for (const target of [a, b]) {
        for (const e of endpoints(client, target.id)) {
          const res = await e.call();
          expect(res.statusCode, `${e.what} ${target.name}: ${res.body}`).toBe(403);
          expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
          expect(res.body).not.toContain(a.name);
          expect(res.body).not.toContain(b.name);
        }
      }
      const search = await client.get(`/api/customers?search=${encodeURIComponent(b.name)}&archived=1`);
      expect(search.statusCode).toBe(403);
    }
    expect(await customerCount()).toBe(before);
    await unchanged(a);
    await unchanged(b);
    // Both are still logged in and still belong to their own customer.
    expect((await userA.client.get('/api/authorized')).json().data.customer_id).toBe(a.id);
    expect((await userB.client.get('/api/authorized')).json().data.customer_id).toBe(b.id);
  });

  it('answers 419 without the CSRF token on every change and changes nothing', async () => {
    const existing = await create();
    const before = await customerCount();
    for (const e of endpoints(t.admin, existing.id, { csrf: false }).filter((x) => !x.safe)) {
      const res = await e.call();
      expect(res.statusCode, `${e.what}: ${res.body}`).toBe(419);
      expect(res.json()).toEqual({ message: TEXT.csrf, errors: {} });
    }
    expect(await customerCount()).toBe(before);
    await unchanged(existing);
    // Reading needs no token.
    expect((await t.admin.get(`/api/customers/${existing.id}`, { csrf: false })).statusCode).toBe(200);
  });
});
