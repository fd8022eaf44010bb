import type { PageMeta } from '@keurwijzer/shared/api';
import type { Permission } from '@keurwijzer/shared/permissions';
import type { CrudRepository } from './crud';
import { notFound } from './errors';
import { accessPolicy, type Actor } from './actor';

/** The ids in a resource's path: `/api/customers/:customerId/locations` gives `{ customerId }`. */
export type PathIds = Record<string, number>;

export type CrudServiceOptions = {
  /**
   * A nested resource: `key` names the path id its rows belong to (the repository's scope), and
   * `exists` tells whether the whole chain of path ids exists (a location of another customer
   * does not: 404), checked before anything else.
   */
  parent?: { key: string; exists?: (ids: PathIds) => Promise<boolean> };
};

/** The generic CRUD service: every method takes the actor first (see `createCrudService`). */
export type CrudService<TOut, TIn, TQuery> = {
  list(actor: Actor, query: TQuery, ids?: PathIds): Promise<{ data: TOut[]; meta: PageMeta }>;
  get(actor: Actor, id: number, ids?: PathIds): Promise<TOut>;
  create(actor: Actor, input: TIn, ids?: PathIds): Promise<TOut>;
  update(actor: Actor, id: number, input: TIn, ids?: PathIds): Promise<TOut>;
  remove(actor: Actor, id: number, ids?: PathIds): Promise<void>;
};

/**
 * The service layer of a generic CRUD resource: every call takes the actor and checks the read
 * (list, get) or write permission, then (nested resources) the parent chain, before the
 * repository runs. Rows are scoped by the repository (`scope`: the parent id).
 */
export function createCrudService<TOut, TIn, TQuery>(
  repo: CrudRepository<TOut, TIn, TQuery>,
  access: { read: Permission; write: Permission },
  { parent }: CrudServiceOptions = {},
): CrudService<TOut, TIn, TQuery> {
  const scopeOf = async (ids: PathIds = {}): Promise<number | undefined> => {
    if (!parent) return undefined;
    const scope = ids[parent.key];
    if (scope === undefined || (parent.exists && !(await parent.exists(ids)))) throw notFound();
    return scope;
  };
  const policy = accessPolicy(access);
  return {
    async list(actor, query, ids) {
      policy.assertRead(actor);
      return repo.list(query, await scopeOf(ids));
    },
    async get(actor, id, ids) {
      policy.assertRead(actor);
      return repo.get(id, await scopeOf(ids));
    },
    async create(actor, input, ids) {
      policy.assertWrite(actor);
      return repo.create(input, await scopeOf(ids));
    },
    async update(actor, id, input, ids) {
      policy.assertWrite(actor);
      return repo.update(id, input, await scopeOf(ids));
    },
    async remove(actor, id, ids) {
      policy.assertWrite(actor);
      return repo.remove(id, await scopeOf(ids));
    },
  };
}
