import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successText } from '@keurwijzer/shared/texts';
import { idField } from '@keurwijzer/shared/validation';
import type { Permission } from '@keurwijzer/shared/permissions';
import { actorOf } from './actor';
import type { CrudRepository } from './crud';
import { createCrudService } from './crud-service';
import { MessageSchema, changedOf, dataOf, pageOf } from './responses';

type CrudRoutesOptions<TOut, TIn, TQuery> = {
  /** Collection path, e.g. /api/brands or /api/brands/:brandId/types. */
  path: string;
  /** Dutch name for the success texts: "Merk is aangemaakt". */
  label: string;
  /** Reading (the GETs) and changing (POST, PUT, DELETE) are separate permissions. */
  access: { read: Permission; write: Permission };
  output: z.ZodType<TOut>;
  input: z.ZodType<TIn>;
  listQuery: z.ZodType<TQuery>;
  repo: CrudRepository<TOut, TIn, TQuery>;
  /**
   * Checks that the parent chain in the path exists (404 otherwise) before anything else, e.g.
   * that the location belongs to the customer. Gets every path parameter.
   */
  parentExists?: (params: Record<string, number>) => Promise<void>;
};

/**
 * GET list, GET one, POST, PUT and DELETE for one resource: the routes every master-data entity
 * has. Handlers stay thin; rules live in the repository config (uniqueness, in use).
 */
export function registerCrudRoutes<TOut, TIn, TQuery>(
  app: FastifyInstance,
  opts: CrudRoutesOptions<TOut, TIn, TQuery>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every :param of the collection path is an id; the last one is the parent (the scope).
  const pathParams = [...opts.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const parent = pathParams.at(-1);
  const parentShape = Object.fromEntries(pathParams.map((name) => [name, idField()]));
  const CollectionParams = z.object(parentShape);
  const ItemParams = z.object({ ...parentShape, id: idField() });
  const read = { access: opts.access.read };
  const write = { access: opts.access.write };
  const service = createCrudService(opts.repo, opts.access);
  const scopeOf = async (params: Record<string, number>): Promise<number | undefined> => {
    if (!parent) return undefined;
    await opts.parentExists?.(params);
    return params[parent]!;
  };
  const itemPath = `${opts.path}/:id`;

  r.get(
    opts.path,
    {
      config: read,
      schema: { params: CollectionParams, querystring: opts.listQuery, response: { 200: pageOf(opts.output) } },
    },
    async (req) => service.list(actorOf(req), req.query as TQuery, await scopeOf(req.params as Record<string, number>)),
  );

  r.get(
    itemPath,
    { config: read, schema: { params: ItemParams, response: { 200: dataOf(opts.output) } } },
    async (req) => {
      const params = req.params as Record<string, number>;
      return { data: await service.get(actorOf(req), params.id!, await scopeOf(params)) };
    },
  );

  r.post(
    opts.path,
    {
      config: write,
      schema: { params: CollectionParams, body: opts.input, response: { 201: changedOf(opts.output) } },
    },
    async (req, reply) => {
      const data = await service.create(
        actorOf(req),
        req.body as TIn,
        await scopeOf(req.params as Record<string, number>),
      );
      return reply.status(201).send({ data, message: successText(opts.label, 'aangemaakt') });
    },
  );

  r.put(
    itemPath,
    { config: write, schema: { params: ItemParams, body: opts.input, response: { 200: changedOf(opts.output) } } },
    async (req) => {
      const params = req.params as Record<string, number>;
      const data = await service.update(actorOf(req), params.id!, req.body as TIn, await scopeOf(params));
      return { data, message: successText(opts.label, 'gewijzigd') };
    },
  );

  r.delete(
    itemPath,
    { config: write, schema: { params: ItemParams, response: { 200: MessageSchema } } },
    async (req) => {
      const params = req.params as Record<string, number>;
      await service.remove(actorOf(req), params.id!, await scopeOf(params));
      return { data: null, message: successText(opts.label, 'verwijderd') };
    },
  );
}
