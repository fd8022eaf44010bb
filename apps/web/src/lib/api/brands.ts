import type { Brand, BrandType, NamedFormValues } from '@keurwijzer/shared/master-data';
import { createResource } from '../resource';

export const brandsResource = createResource<Brand, NamedFormValues>('brands', () => '/api/brands');
/** Brand types live under their brand: /api/brands/{brandId}/types. */
export const brandTypesResource = createResource<BrandType, NamedFormValues>(
  'brand-types',
  (brandId) => `/api/brands/${brandId}/types`,
);
