import type { Category, NamedFormValues } from '@keurwijzer/shared/master-data';
import { createResource } from '../../../lib/resource';

export const categoriesResource = createResource<Category, NamedFormValues>('categories', () => '/api/categories');
