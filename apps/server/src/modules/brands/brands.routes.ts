import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import {
  BrandListQuerySchema,
  BrandSchema,
  BrandTypeSchema,
  NamedInputSchema,
  NamedListQuerySchema,
} from '@keurwijzer/shared/master-data';
import { registerCrudRoutes } from '../../lib/crud-routes';
import type { BrandsService } from './brands.service';

/** /api/brands and /api/brands/{brandId}/types. */
export const brandsRoutes: FastifyPluginAsync<{ service: BrandsService }> = async (app, { service }) => {
  registerCrudRoutes(app, {
    path: '/api/brands',
    label: 'Merk',
    access: ACCESS.masterData,
    output: BrandSchema,
    input: NamedInputSchema,
    listQuery: BrandListQuerySchema,
    service: service.brands,
  });

  registerCrudRoutes(app, {
    path: '/api/brands/:brandId/types',
    label: 'Type',
    access: ACCESS.masterData,
    output: BrandTypeSchema,
    input: NamedInputSchema,
    listQuery: NamedListQuerySchema,
    service: service.types,
  });
};
