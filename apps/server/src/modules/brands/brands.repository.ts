import { eq, sql } from 'drizzle-orm';
import type { NamedInput } from '@keurwijzer/shared/master-data';
import type { Db } from '../../db/client';
import { machines } from '../../db/schema/machines';
import { brandTypes, brands } from '../../db/schema/master-data';
import { createCrudRepository } from '../../lib/crud';
import { countReferences, machinesUsing } from '../../lib/in-use';
import { qualified } from '../../lib/list-query';
import { plural, presentNamed } from '../../lib/presenters';

const typesCount = sql<number>`(select count(*)::int from ${brandTypes} where ${qualified(brandTypes.brandId)} = ${qualified(brands.id)})`;

/** Brands and their types: the generic CRUD of each, and whether a brand exists (the types' parent). */
export function createBrandsRepository(db: Db) {
  return {
    brands: createCrudRepository({
      db,
      table: brands,
      select: {
        id: brands.id,
        name: brands.name,
        createdAt: brands.createdAt,
        updatedAt: brands.updatedAt,
        typesCount: typesCount.as('types_count'),
      },
      present: (row: typeof brands.$inferSelect & { typesCount: number }) => ({
        ...presentNamed(row),
        types_count: row.typesCount,
      }),
      values: (input: NamedInput) => ({ name: input.name }),
      sortColumns: { name: brands.name, types_count: typesCount, created_at: brands.createdAt },
      searchColumns: [brands.name],
      unique: {
        column: brands.name,
        field: 'name',
        message: 'Er bestaat al een merk met deze naam',
        constraint: 'brands_name_unique',
      },
      inUse: async (id, tx) => {
        const used = await machinesUsing(tx, machines.brandId, id, 'dit merk');
        if (used) return used;
        const n = await countReferences(tx, brandTypes.brandId, id);
        return n > 0
          ? `Dit merk heeft nog ${plural(n, 'type', 'typen')} en kan niet worden verwijderd. Verwijder eerst de typen.`
          : null;
      },
    }),

    types: createCrudRepository({
      db,
      table: brandTypes,
      select: {
        id: brandTypes.id,
        brandId: brandTypes.brandId,
        name: brandTypes.name,
        createdAt: brandTypes.createdAt,
        updatedAt: brandTypes.updatedAt,
      },
      present: (row: typeof brandTypes.$inferSelect) => ({ ...presentNamed(row), brand_id: row.brandId }),
      values: (input: NamedInput) => ({ name: input.name }),
      sortColumns: { name: brandTypes.name, created_at: brandTypes.createdAt },
      searchColumns: [brandTypes.name],
      scopeColumn: brandTypes.brandId,
      unique: {
        column: brandTypes.name,
        field: 'name',
        message: 'Dit merk heeft al een type met deze naam',
        constraint: 'brand_types_name_unique',
      },
      inUse: (id, tx) => machinesUsing(tx, machines.brandTypeId, id, 'dit type'),
    }),

    brandExists: async (id: number): Promise<boolean> => (await db.$count(brands, eq(brands.id, id))) > 0,
  };
}

export type BrandsRepository = ReturnType<typeof createBrandsRepository>;
