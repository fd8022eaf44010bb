import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MALFUNCTION_TEXT,
  MAX_MALFUNCTION_PHOTOS,
  MalfunctionDetailSchema,
  MalfunctionHandleInputSchema,
  MalfunctionListQuerySchema,
  MalfunctionSchema,
  OpenCountSchema,
  OwnMalfunctionListQuerySchema,
  OwnMalfunctionSchema,
} from '@keurwijzer/shared/malfunctions';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { MAX_IMAGE_BYTES, sendImage } from '../../lib/image-intake';
import { readFormBody } from '../../lib/multipart';
import { IdParamsSchema, changedOf, dataOf, pageOf, sendJsonPage } from '../../lib/responses';
import type { MalfunctionsService } from './malfunctions.service';
import type { AfterCommit } from './malfunctions-uploads';

const own = { access: 'own-machines.view' } as const;
const read = { access: 'malfunctions.view' } as const;
const manage = { access: 'malfunctions.manage' } as const;
/** The report takes up to 3 photos of at most 10 MB each (lib/multipart.ts streams them with these limits). */
const reportConfig = { ...own, files: { maxFiles: MAX_MALFUNCTION_PHOTOS, maxFileBytes: MAX_IMAGE_BYTES } };
/** A body this small holds no photo worth decoding: it takes no upload slot. */
const SMALL_BODY = 64 * 1024;

const PhotoParams = z.object({ id: idField(), photoId: idField() });
const ThumbQuery = z.object({ thumb: z.enum(['1', '0']).optional() });

/** Mail after the commit: the answer does not wait for it, and a failure is logged, never the request's. */
function sendLater(req: FastifyRequest, afterCommit: AfterCommit) {
  req.server.afterResponse.run(afterCommit, (err) => req.log.error({ err }, 'malfunction mail failed'));
}

/**
 * Malfunctions: the customer's report on its own machine (multipart: description, remark, up to
 * 3 files `photos`), "Mijn storingen" and its photos; the office's list, open count, detail,
 * handling and photos. Mails go out after the answer (sendLater).
 */
export const malfunctionsRoutes: FastifyPluginAsyncZod<{ service: MalfunctionsService }> = async (app, { service }) => {
  app.post(
    '/api/machines/:id/malfunctions',
    { config: reportConfig, schema: { params: IdParamsSchema, response: { 201: changedOf(OwnMalfunctionSchema) } } },
    async (req, reply) => {
      const length = Number(req.headers['content-length']);
      const mayHoldFiles = req.isMultipart() && !(length <= SMALL_BODY);
      const { data, afterCommit } = await service.report(
        actorOf(req),
        req.params.id,
        () => readFormBody(req, 'photos', MALFUNCTION_TEXT.tooManyPhotos),
        mayHoldFiles,
      );
      sendLater(req, afterCommit);
      return reply.status(201).send({ data, message: MALFUNCTION_TEXT.reported });
    },
  );

  app.get(
    '/api/own-malfunctions',
    {
      config: own,
      schema: { querystring: OwnMalfunctionListQuerySchema, response: { 200: pageOf(OwnMalfunctionSchema) } },
    },
    async (req, reply) => sendJsonPage(reply, await service.ownList(actorOf(req), req.query)),
  );

  app.get(
    '/api/own-malfunctions/:id/photos/:photoId/file',
    { config: own, schema: { params: PhotoParams, querystring: ThumbQuery } },
    async (req, reply) =>
      sendImage(
        reply,
        await service.ownPhoto(actorOf(req), req.params.id, req.params.photoId, req.query.thumb === '1'),
      ),
  );

  app.get(
    '/api/malfunctions',
    { config: read, schema: { querystring: MalfunctionListQuerySchema, response: { 200: pageOf(MalfunctionSchema) } } },
    async (req, reply) => sendJsonPage(reply, await service.list(actorOf(req), req.query)),
  );

  app.get(
    '/api/malfunctions/open-count',
    { config: read, schema: { response: { 200: dataOf(OpenCountSchema) } } },
    async (req) => ({ data: await service.openCount(actorOf(req)) }),
  );

  app.get(
    '/api/malfunctions/:id',
    { config: read, schema: { params: IdParamsSchema, response: { 200: dataOf(MalfunctionDetailSchema) } } },
    async (req) => ({ data: await service.detail(actorOf(req), req.params.id) }),
  );

  app.put(
    '/api/malfunctions/:id',
    {
      config: manage,
      schema: {
        params: IdParamsSchema,
        body: MalfunctionHandleInputSchema,
        response: { 200: changedOf(MalfunctionDetailSchema) },
      },
    },
    async (req) => {
      const { data, afterCommit } = await service.handle(actorOf(req), req.params.id, req.body);
      sendLater(req, afterCommit);
      return { data, message: MALFUNCTION_TEXT.updated };
    },
  );

  app.get(
    '/api/malfunctions/:id/photos/:photoId/file',
    { config: read, schema: { params: PhotoParams, querystring: ThumbQuery } },
    async (req, reply) =>
      sendImage(reply, await service.photo(actorOf(req), req.params.id, req.params.photoId, req.query.thumb === '1')),
  );
};
