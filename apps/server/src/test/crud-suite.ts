import { describe, expect, it } from 'vitest';
import { TEXT } from '@keurwijzer/shared/texts';
import type { TestClient } from './client';
import { errorsOf } from './helpers';
import type { TestContext } from './use-test-app';

type Json = Record<string, unknown>;
type Item = { id: number; name: string; created_at: string; updated_at: string } & Json;
type Page = { data: Item[]; meta: { total: number; page: number; itemsPerPage: number; lastPage: number } };

/**
 * The contract every resource served by lib/crud.ts + lib/crud-routes.ts keeps (brands, brand
 * types, machine types, categories, questions, questionnaires): the same tests for each, so
 * an entity's own test file only adds what is special about it.
 */
export type CrudSuite = {
  /** The Dutch label of the success texts: "Merk" -> "Merk is aangemaakt". */
  label: string;
  /** The collection path (a function: a nested path needs its parent, made in beforeAll). */
  path: () => string;
  /** A valid create/update body with this name. */
  body: (name: string) => Json;
  /** The 422 text on `name` for a name that exists already (compared without case). */
  duplicateMessage: string;
  /** The sort whitelist of the list. */
  sortKeys: readonly string[];
  /** The test app of the file (useTestApp) with its standard clients. */
  t: TestContext;
};

const LONG = 'x'.repeat(256);
const MISSING = 999_999;
let seq = 0;
/** A word no other test uses, so a search for it sees only this test's rows. */
const marker = () => `Mrk${++seq}${Math.random().toString(36).slice(2, 8)}`;

export function describeCrud(s: CrudSuite) {
  const admin = () => s.t.admin;
  const item = (id: number | string) => `${s.path()}/${id}`;

  async function create(name: string, client: TestClient = admin()): Promise<Item> {
    const res = await client.post(s.path(), { body: s.body(name) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Item }).data;
  }
  async function list(query: string): Promise<Page> {
    const res = await admin().get(`${s.path()}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  }
  const total = async () => (await list('itemsPerPage=1')).meta.total;
  const stored = async (id: number) => (await admin().get(item(id))).json() as { data?: Item };

  describe(`${s.label}: CRUD contract`, () => {
    it(`creates (201 "${s.label} is aangemaakt"), reads, updates and deletes`, async () => {
      const name = `${marker()} Eerste`;
      const created = await admin().post(s.path(), { body: s.body(name) });
      expect(created.statusCode, created.body).toBe(201);
      const { data, message } = created.json() as { data: Item; message: string };
      expect(message).toBe(`${s.label} is aangemaakt`);
      expect(data).toMatchObject({ id: expect.any(Number), name });
      expect(new Date(data.created_at).toISOString()).toBe(data.created_at);

      const read = await admin().get(item(data.id));
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual({ data });

      const renamed = `${marker()} Gewijzigd`;
      const updated = await admin().put(item(data.id), { body: s.body(renamed) });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().message).toBe(`${s.label} is gewijzigd`);
      expect(updated.json().data).toMatchObject({ id: data.id, name: renamed, created_at: data.created_at });
      expect(Date.parse(updated.json().data.updated_at)).toBeGreaterThanOrEqual(Date.parse(data.updated_at));
      expect((await stored(data.id)).data?.name).toBe(renamed);

      const removed = await admin().delete(item(data.id));
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ data: null, message: `${s.label} is verwijderd` });
      expect((await admin().get(item(data.id))).statusCode).toBe(404);
      expect((await admin().delete(item(data.id))).statusCode).toBe(404);
    });

    it('lets a super admin do the same', async () => {
      const sa = s.t.superAdmin;
      const created = await create(`${marker()} SA`, sa);
      expect((await sa.put(item(created.id), { body: s.body(`${marker()} SA2`) })).statusCode).toBe(200);
      expect((await sa.delete(item(created.id))).statusCode).toBe(200);
    });

    it('trims the name and accepts form data and multipart bodies', async () => {
      for (const as of ['form', 'multipart'] as const) {
        const name = `${marker()} ${as}`;
        const res = await admin().post(s.path(), { body: s.body(`  ${name}  `), as });
        expect(res.statusCode, `${as}: ${res.body}`).toBe(201);
        expect(res.json().data.name).toBe(name);
      }
    });

    it('updates and deletes through POST with _method=PUT / _method=DELETE form data', async () => {
      const created = await create(`${marker()} Override`);
      const renamed = `${marker()} Overridden`;
      const put = await admin().post(item(created.id), { body: { ...s.body(renamed), _method: 'PUT' }, as: 'form' });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ message: `${s.label} is gewijzigd`, data: { id: created.id, name: renamed } });
      expect((await stored(created.id)).data?.name).toBe(renamed);

      const del = await admin().post(item(created.id), { body: { _method: 'DELETE' }, as: 'form' });
      expect(del.statusCode, del.body).toBe(200);
      expect(del.json().message).toBe(`${s.label} is verwijderd`);
      expect((await admin().get(item(created.id))).statusCode).toBe(404);
    });

    it('answers 422 "Verplicht" and "Maximaal 255 tekens" on the name and stores nothing', async () => {
      const before = await total();
      const { name: _name, ...rest } = s.body('x');
      for (const body of [rest, { ...rest, name: '' }, { ...rest, name: '   ' }]) {
        const res = await admin().post(s.path(), { body });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().message).toBe(TEXT.validation);
        expect(errorsOf(res).name).toEqual(['Verplicht']);
      }
      const blankForm = await admin().post(s.path(), { body: { ...s.body(''), name: '' }, as: 'form' });
      expect(errorsOf(blankForm).name).toEqual(['Verplicht']);
      const long = await admin().post(s.path(), { body: s.body(LONG) });
      expect(long.statusCode).toBe(422);
      expect(errorsOf(long).name).toEqual(['Maximaal 255 tekens']);
      expect(await total()).toBe(before);

      const existing = await create(`${marker()} Blijft`);
      const put = await admin().put(item(existing.id), { body: s.body(LONG) });
      expect(put.statusCode).toBe(422);
      expect(errorsOf(put).name).toEqual(['Maximaal 255 tekens']);
      expect((await stored(existing.id)).data?.name).toBe(existing.name);

      const max = `${marker()} `.padEnd(255, 'y');
      expect((await create(max)).name).toBe(max);
    });

    it('refuses a duplicate name without regard to case (422) and stores nothing', async () => {
      const m = marker();
      const first = await create(`${m} Makita`);
      const before = await total();
      const dup = await admin().post(s.path(), { body: s.body(`  ${m.toUpperCase()} makita `) });
      expect(dup.statusCode, dup.body).toBe(422);
      expect(errorsOf(dup)).toEqual({ name: [s.duplicateMessage] });
      expect(await total()).toBe(before);

      const other = await create(`${m} Bosch`);
      const clash = await admin().put(item(other.id), { body: s.body(`${m} MAKITA`) });
      expect(clash.statusCode).toBe(422);
      expect(errorsOf(clash)).toEqual({ name: [s.duplicateMessage] });
      expect((await stored(other.id)).data?.name).toBe(`${m} Bosch`);

      // Its own name in another case is no duplicate.
      const own = await admin().put(item(first.id), { body: s.body(`${m} MAKITA`) });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.name).toBe(`${m} MAKITA`);
    });

    it('pages, searches without regard to case and sorts by every whitelisted key', async () => {
      const m = marker();
      const bravo = await create(`${m} Bravo`);
      const alpha = await create(`${m} Alpha`);
      const charlie = await create(`${m} Charlie`);
      const first = await list(`search=${m.toUpperCase()}&itemsPerPage=2&sortKey=name`);
      expect(first.meta).toEqual({ total: 3, page: 1, itemsPerPage: 2, lastPage: 2 });
      expect(first.data.map((r) => r.id)).toEqual([alpha.id, bravo.id]);
      const second = await list(`search=${m}&itemsPerPage=2&page=2&sortKey=name`);
      expect(second.data.map((r) => r.id)).toEqual([charlie.id]);
      expect((await list(`search=${m}%20alp`)).data.map((r) => r.id)).toEqual([alpha.id]);
      expect((await list(`search=${m}%25`)).meta.total).toBe(0);

      const ids = async (q: string) => (await list(`search=${m}&${q}`)).data.map((r) => r.id);
      expect(await ids('sortKey=name&sortOrder=desc')).toEqual([charlie.id, bravo.id, alpha.id]);
      expect(await ids('sortKey=created_at')).toEqual([bravo.id, alpha.id, charlie.id]);
      expect(await ids('sortKey=created_at&sortOrder=desc')).toEqual([charlie.id, alpha.id, bravo.id]);
      for (const key of s.sortKeys) {
        for (const order of ['asc', 'desc']) {
          expect((await ids(`sortKey=${key}&sortOrder=${order}`)).sort(), `${key} ${order}`).toEqual(
            [alpha.id, bravo.id, charlie.id].sort(),
          );
        }
      }
    });

    it.each([
      ['sortKey=evil', 'sortKey'],
      ['sortKey=id;drop table brands', 'sortKey'],
      ['sortKey=name&sortKey=created_at', 'sortKey'],
      ['sortOrder=up', 'sortOrder'],
      ['itemsPerPage=100000', 'itemsPerPage'],
      ['itemsPerPage=0', 'itemsPerPage'],
      ['itemsPerPage=ten', 'itemsPerPage'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      [`search=${LONG}`, 'search'],
    ])('answers 422 for the junk list query %s', async (query, field) => {
      const res = await admin().get(`${s.path()}?${query}`);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual([field]);
    });

    it('answers 404 for an id that does not exist or is no id', async () => {
      for (const id of [MISSING, 0, 'abc', '1.5', '99999999999']) {
        for (const res of [
          await admin().get(item(id)),
          await admin().put(item(id), { body: s.body(`${marker()} 404`) }),
          await admin().delete(item(id)),
        ]) {
          expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
          expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
        }
      }
    });

    it('answers 401 without a session', async () => {
      const { visitor } = s.t;
      const existing = await create(`${marker()} 401`);
      for (const res of [
        await visitor.get(s.path()),
        await visitor.get(item(existing.id)),
        await visitor.post(s.path(), { body: s.body(`${marker()} 401`) }),
        await visitor.put(item(existing.id), { body: s.body(`${marker()} 401`) }),
        await visitor.delete(item(existing.id)),
      ]) {
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().message).toBe(TEXT.unauthenticated);
      }
      expect((await stored(existing.id)).data?.name).toBe(existing.name);
    });

    it('answers 403 to a mechanic and a customer and changes nothing', async () => {
      const { mechanic, customerA } = s.t;
      const existing = await create(`${marker()} 403`);
      const before = await total();
      for (const client of [mechanic, customerA.client]) {
        for (const res of [
          await client.get(s.path()),
          await client.get(item(existing.id)),
          await client.post(s.path(), { body: s.body(`${marker()} 403`) }),
          await client.put(item(existing.id), { body: s.body(`${marker()} 403`) }),
          await client.post(item(existing.id), { body: { ...s.body(`${marker()} 403`), _method: 'PUT' }, as: 'form' }),
          await client.delete(item(existing.id)),
          await client.post(item(existing.id), { body: { _method: 'DELETE' }, as: 'form' }),
        ]) {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().message).toBe(TEXT.forbidden);
        }
      }
      expect(await total()).toBe(before);
      expect((await stored(existing.id)).data?.name).toBe(existing.name);
    });

    it('answers 419 without the CSRF token and changes nothing', async () => {
      const existing = await create(`${marker()} 419`);
      const before = await total();
      for (const res of [
        await admin().post(s.path(), { body: s.body(`${marker()} 419`), csrf: false }),
        await admin().put(item(existing.id), { body: s.body(`${marker()} 419`), csrf: false }),
        await admin().post(item(existing.id), {
          body: { ...s.body(`${marker()} 419`), _method: 'PUT' },
          as: 'form',
          csrf: false,
        }),
        await admin().delete(item(existing.id), { csrf: false }),
        await admin().post(item(existing.id), { body: { _method: 'DELETE' }, as: 'form', csrf: false }),
      ]) {
        expect(res.statusCode, res.body).toBe(419);
        expect(res.json().message).toBe(TEXT.csrf);
      }
      expect(await total()).toBe(before);
      expect((await stored(existing.id)).data?.name).toBe(existing.name);
    });
  });
}
