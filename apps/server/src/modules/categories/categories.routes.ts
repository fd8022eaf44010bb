import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import { CategorySchema, NamedInputSchema, NamedListQuerySchema } from '@keurwijzer/shared/master-data';
import { registerCrudRoutes } from '../../lib/crud-routes';
import type { CategoriesService } from './categories.service';

/** /api/categories: a category used in a questionnaire cannot be deleted (409). */
export const categoriesRoutes: FastifyPluginAsync<{ service: CategoriesService }> = async (app, { service }) => {
  registerCrudRoutes(app, {
    path: '/api/categories',
    label: 'Categorie',
    access: ACCESS.masterData,
    output: CategorySchema,
    input: NamedInputSchema,
    listQuery: NamedListQuerySchema,
    service,
  });
};
