import type { Category, NamedInput } from '@keurwijzer/shared/master-data';
import { createResource } from '../../../lib/resource';

export const categoriesResource = createResource<Category, NamedInput>('categories', () => '/api/categories');
