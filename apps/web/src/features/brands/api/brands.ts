import type { Brand, BrandType, NamedInput } from '@keurwijzer/shared/master-data';
import { createResource } from '../../../lib/resource';

export const brandsResource = createResource<Brand, NamedInput>('brands', () => '/api/brands');
/** Brand types live under their brand: /api/brands/{brandId}/types. */
export const brandTypesResource = createResource<BrandType, NamedInput>(
  'brand-types',
  (brandId) => `/api/brands/${brandId}/types`,
);
