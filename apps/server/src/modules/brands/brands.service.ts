import { ACCESS } from '@keurwijzer/shared/permissions';
import { createCrudService } from '../../lib/crud-service';
import type { BrandsRepository } from './brands.repository';

/** Brands and their types (generic CRUD, master-data permissions); a type's brand must exist (404). */
export function createBrandsService(repo: BrandsRepository) {
  return {
    brands: createCrudService(repo.brands, ACCESS.masterData),
    types: createCrudService(repo.types, ACCESS.masterData, {
      parent: { key: 'brandId', exists: ({ brandId }) => repo.brandExists(brandId!) },
    }),
  };
}

export type BrandsService = ReturnType<typeof createBrandsService>;
