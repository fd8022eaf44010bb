import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEXT } from '@keurwijzer/shared/texts';
import { brandTypes, brands } from '../../db/schema/master-data';
import { describeCrud } from '../../test/crud-suite';
import { errorsOf } from '../../test/helpers';
import { createBrand, createBrandType, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();
/** The brand whose types the CRUD contract runs on. */
let parent: { id: number };
beforeAll(async () => {
  parent = await createBrand(t.db, uniqueName('Festool'));
});

const typesOf = async (brandId: number) =>
  (await t.db.select().from(brandTypes).where(eq(brandTypes.brandId, brandId))).map((r) => r.name).sort();

describeCrud({
  label: 'Merk',
  path: () => '/api/brands',
  body: (name) => ({ name }),
  duplicateMessage: 'Er bestaat al een merk met deze naam',
  sortKeys: ['name', 'types_count', 'created_at'],
  t,
});

describeCrud({
  label: 'Type',
  path: () => `/api/brands/${parent.id}/types`,
  body: (name) => ({ name }),
  duplicateMessage: 'Dit merk heeft al een type met deze naam',
  sortKeys: ['name', 'created_at'],
  t,
});

describe('brands', () => {
  it('counts the types of each brand and sorts by that count', async () => {
    const m = uniqueName('Telmerk');
    const none = await createBrand(t.db, `${m} A`);
    const two = await createBrand(t.db, `${m} B`);
    const one = await createBrand(t.db, `${m} C`);
    await createBrandType(t.db, two.id);
    await createBrandType(t.db, two.id);
    await createBrandType(t.db, one.id);
    const res = await t.admin.get(`/api/brands?search=${encodeURIComponent(m)}&sortKey=types_count&sortOrder=desc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((b: { id: number; types_count: number }) => [b.id, b.types_count])).toEqual([
      [two.id, 2],
      [one.id, 1],
      [none.id, 0],
    ]);
    expect((await t.admin.get(`/api/brands/${two.id}`)).json().data.types_count).toBe(2);
  });

  it('refuses to delete a brand with types (409, Dutch reason) and removes nothing', async () => {
    const brand = await createBrand(t.db);
    await createBrandType(t.db, brand.id, 'DHP482');
    await createBrandType(t.db, brand.id, 'DTD153');
    for (const res of [
      await t.admin.delete(`/api/brands/${brand.id}`),
      await t.admin.post(`/api/brands/${brand.id}`, { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        message: 'Dit merk heeft nog 2 typen en kan niet worden verwijderd. Verwijder eerst de typen.',
        errors: {},
      });
    }
    expect(await t.db.$count(brands, eq(brands.id, brand.id))).toBe(1);
    expect(await typesOf(brand.id)).toEqual(['DHP482', 'DTD153']);

    const [first] = await t.db.select().from(brandTypes).where(eq(brandTypes.brandId, brand.id));
    expect((await t.admin.delete(`/api/brands/${brand.id}/types/${first!.id}`)).statusCode).toBe(200);
    const single = await t.admin.delete(`/api/brands/${brand.id}`);
    expect(single.statusCode).toBe(409);
    expect(single.json().message).toBe(
      'Dit merk heeft nog 1 type en kan niet worden verwijderd. Verwijder eerst de typen.',
    );
  });

  it('deletes a brand once its types are gone', async () => {
    const brand = await createBrand(t.db);
    const type = await createBrandType(t.db, brand.id);
    expect((await t.admin.delete(`/api/brands/${brand.id}/types/${type.id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/brands/${brand.id}`)).statusCode).toBe(200);
    expect(await t.db.$count(brands, eq(brands.id, brand.id))).toBe(0);
  });
});

describe('brand types', () => {
  it('lists only the types of the brand in the path', async () => {
    const a = await createBrand(t.db);
    const b = await createBrand(t.db);
    const mine = await createBrandType(t.db, a.id, 'GSR 18V');
    await createBrandType(t.db, b.id, 'Ander type');
    const res = await t.admin.get(`/api/brands/${a.id}/types`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: mine.id,
          brand_id: a.id,
          name: 'GSR 18V',
          created_at: mine.createdAt.toISOString(),
          updated_at: mine.updatedAt.toISOString(),
        },
      ],
      meta: { total: 1, page: 1, itemsPerPage: 10, lastPage: 1 },
    });
  });

  it('allows the same type name under another brand, not twice under one brand', async () => {
    const makita = await createBrand(t.db);
    const bosch = await createBrand(t.db);
    const first = await t.admin.post(`/api/brands/${makita.id}/types`, { body: { name: 'Accuboormachine' } });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.brand_id).toBe(makita.id);
    const other = await t.admin.post(`/api/brands/${bosch.id}/types`, { body: { name: 'ACCUBOORMACHINE' } });
    expect(other.statusCode, other.body).toBe(201);
    const again = await t.admin.post(`/api/brands/${makita.id}/types`, { body: { name: 'accuboormachine ' } });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ name: ['Dit merk heeft al een type met deze naam'] });
    expect(await typesOf(makita.id)).toEqual(['Accuboormachine']);
  });

  it('creates the type under the brand of the path whatever the body says (no mass assignment)', async () => {
    const a = await createBrand(t.db);
    const b = await createBrand(t.db);
    const res = await t.admin.post(`/api/brands/${a.id}/types`, { body: { name: 'Eigen type', brand_id: b.id } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.brand_id).toBe(a.id);
    const moved = await t.admin.put(`/api/brands/${a.id}/types/${res.json().data.id}`, {
      body: { name: 'Eigen type', brand_id: b.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(await typesOf(a.id)).toEqual(['Eigen type']);
    expect(await typesOf(b.id)).toEqual([]);
  });

  it("answers 404 for a type through another brand's path and changes nothing", async () => {
    const owner = await createBrand(t.db);
    const stranger = await createBrand(t.db);
    const type = await createBrandType(t.db, owner.id, 'Origineel');
    const path = `/api/brands/${stranger.id}/types/${type.id}`;
    for (const res of [
      await t.admin.get(path),
      await t.admin.put(path, { body: { name: 'Gekaapt' } }),
      await t.admin.post(path, { body: { name: 'Gekaapt', _method: 'PUT' }, as: 'form' }),
      await t.admin.delete(path),
      await t.admin.post(path, { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(TEXT.notFound);
    }
    expect(await typesOf(owner.id)).toEqual(['Origineel']);
  });

  it('answers 404 for the types of a brand that does not exist', async () => {
    for (const res of [
      await t.admin.get('/api/brands/999999/types'),
      await t.admin.post('/api/brands/999999/types', { body: { name: 'Wees' } }),
      await t.admin.get('/api/brands/abc/types'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await t.db.$count(brandTypes, eq(brandTypes.name, 'Wees'))).toBe(0);
  });

  it('never answers 500 when a type is created while its brand is deleted (PostgreSQL race)', async () => {
    for (let round = 0; round < 5; round++) {
      const brand = await createBrand(t.db);
      const [created, deleted] = await Promise.all([
        t.admin.post(`/api/brands/${brand.id}/types`, { body: { name: 'Gelijktijdig' } }),
        t.admin.delete(`/api/brands/${brand.id}`),
      ]);
      const outcome = `${created.statusCode}/${deleted.statusCode}`;
      // Either the type came first (the brand is in use) or the delete did (the brand is gone).
      expect(['201/409', '404/200'], `${outcome}: ${created.body} ${deleted.body}`).toContain(outcome);
      const brandLeft = await t.db.$count(brands, eq(brands.id, brand.id));
      expect(brandLeft).toBe(outcome === '201/409' ? 1 : 0);
      expect(await typesOf(brand.id)).toEqual(outcome === '201/409' ? ['Gelijktijdig'] : []);
      if (outcome === '201/409') {
        expect(deleted.json().message).toBe(
          'Dit merk heeft nog 1 type en kan niet worden verwijderd. Verwijder eerst de typen.',
        );
      }
    }
  });
});
