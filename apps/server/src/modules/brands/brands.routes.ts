import { eq, sql } from 'drizzle-orm';
import { qualified } from '../../lib/list-query';
import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import {
  BrandListQuerySchema,
  BrandSchema,
  BrandTypeSchema,
  NamedInputSchema,
  NamedListQuerySchema,
  type NamedInput,
} from '@keurwijzer/shared/master-data';
import type { Db } from '../../db/client';
import { brandTypes, brands } from '../../db/schema/master-data';
import { createCrudRepository } from '../../lib/crud';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { notFound } from '../../lib/errors';
import { plural, presentNamed } from '../../lib/presenters';
import { countReferences, machinesUsing } from '../../lib/in-use';
import { machines } from '../../db/schema/machines';

const typesCount = sql<number>`(select count(*)::int from ${brandTypes} where ${qualified(brandTypes.brandId)} = ${qualified(brands.id)})`;

/** /api/brands and /api/brands/{brandId}/types. */
export const brandsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  registerCrudRoutes(app, {
    path: '/api/brands',
    label: 'Merk',
    access: ACCESS.masterData,
    output: BrandSchema,
    input: NamedInputSchema,
    listQuery: BrandListQuerySchema,
    repo: createCrudRepository({
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
  });

  registerCrudRoutes(app, {
    path: '/api/brands/:brandId/types',
    label: 'Type',
    access: ACCESS.masterData,
    output: BrandTypeSchema,
    input: NamedInputSchema,
    listQuery: NamedListQuerySchema,
    parentExists: async ({ brandId }) => {
      if ((await db.$count(brands, eq(brands.id, brandId!))) === 0) throw notFound();
    },
    repo: createCrudRepository({
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
  });
};
