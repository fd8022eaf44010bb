import { ACCESS } from '@keurwijzer/shared/permissions';
import { createCrudService } from '../../lib/crud-service';
import type { CategoriesRepository } from './categories.repository';

/** The category bank: the generic CRUD service with the master-data permissions. */
export const createCategoriesService = (repo: CategoriesRepository) => createCrudService(repo, ACCESS.masterData);

export type CategoriesService = ReturnType<typeof createCategoriesService>;
