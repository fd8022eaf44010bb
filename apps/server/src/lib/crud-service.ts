import type { Permission } from '@keurwijzer/shared/permissions';
import type { CrudRepository } from './crud';
import { guarded } from './guarded-service';

/**
 * The service layer of a generic CRUD resource: every call takes the actor and checks the read
 * (list, get) or write permission before the repository runs. Rows are scoped by the repository
 * (`scope`: the parent id).
 */
export const createCrudService = <TOut, TIn, TQuery>(
  repo: CrudRepository<TOut, TIn, TQuery>,
  access: { read: Permission; write: Permission },
) =>
  guarded(
    {
      list: (query: TQuery, scope?: number) => repo.list(query, scope),
      get: (id: number, scope?: number) => repo.get(id, scope),
      create: (input: TIn, scope?: number) => repo.create(input, scope),
      update: (id: number, input: TIn, scope?: number) => repo.update(id, input, scope),
      remove: (id: number, scope?: number) => repo.remove(id, scope),
    },
    access,
    ['list', 'get'],
  );
