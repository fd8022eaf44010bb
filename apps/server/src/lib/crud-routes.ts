import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successText } from '@keurwijzer/shared/texts';
import { idField } from '@keurwijzer/shared/validation';
import type { Permission } from '@keurwijzer/shared/permissions';
import { actorOf } from './actor';
import type { CrudService, PathIds } from './crud-service';
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
  /**
   * The resource's service (lib/crud-service.ts, made by the composition root): it checks the
   * actor and, for a nested path, that the parent chain in the path exists (404).
   */
  service: CrudService<TOut, TIn, TQuery>;
};

/**
 * GET list, GET one, POST, PUT and DELETE for one resource: the routes every master-data entity
 * has. Handlers stay thin (parse, service, reply): every path id goes to the service, rules live
 * in the service (access, parent chain) and the repository config (uniqueness, in use).
 */
export function registerCrudRoutes<TOut, TIn, TQuery>(
  app: FastifyInstance,
  opts: CrudRoutesOptions<TOut, TIn, TQuery>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every :param of the collection path is an id (the service knows which one is the parent).
  const pathParams = [...opts.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const parentShape = Object.fromEntries(pathParams.map((name) => [name, idField()]));
  const CollectionParams = z.object(parentShape);
  const ItemParams = z.object({ ...parentShape, id: idField() });
  const read = { access: opts.access.read };
  const write = { access: opts.access.write };
  const { service } = opts;
  const itemPath = `${opts.path}/:id`;

  r.get(
    opts.path,
    {
      config: read,
      schema: { params: CollectionParams, querystring: opts.listQuery, response: { 200: pageOf(opts.output) } },
    },
    async (req) => service.list(actorOf(req), req.query as TQuery, req.params as PathIds),
  );

  r.get(
    itemPath,
    { config: read, schema: { params: ItemParams, response: { 200: dataOf(opts.output) } } },
    async (req) => {
      const params = req.params as PathIds;
      return { data: await service.get(actorOf(req), params.id!, params) };
    },
  );

  r.post(
    opts.path,
    {
      config: write,
      schema: { params: CollectionParams, body: opts.input, response: { 201: changedOf(opts.output) } },
    },
    async (req, reply) => {
      const data = await service.create(actorOf(req), req.body as TIn, req.params as PathIds);
      return reply.status(201).send({ data, message: successText(opts.label, 'aangemaakt') });
    },
  );

  r.put(
    itemPath,
    { config: write, schema: { params: ItemParams, body: opts.input, response: { 200: changedOf(opts.output) } } },
    async (req) => {
      const params = req.params as PathIds;
      const data = await service.update(actorOf(req), params.id!, req.body as TIn, params);
      return { data, message: successText(opts.label, 'gewijzigd') };
    },
  );

  r.delete(
    itemPath,
    { config: write, schema: { params: ItemParams, response: { 200: MessageSchema } } },
    async (req) => {
      const params = req.params as PathIds;
      await service.remove(actorOf(req), params.id!, params);
      return { data: null, message: successText(opts.label, 'verwijderd') };
    },
  );
}
