import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MALFUNCTION_TEXT,
  MalfunctionWithdrawInputSchema,
  OwnMalfunctionDetailSchema,
} from '@keurwijzer/shared/malfunctions';
import { actorOf } from '../../lib/actor';
import { MAX_IMAGE_BYTES } from '../../lib/image-intake';
import { readFormBody } from '../../lib/multipart';
import { IdParamsSchema, changedOf, dataOf } from '../../lib/responses';
import type { MalfunctionsCustomerService } from './malfunctions-customer.service';
import type { AfterCommit } from './malfunctions-uploads';

const own = { access: 'own-machines.view' } as const;
/** A comment takes at most one photo of at most 10 MB (lib/multipart.ts streams it with these limits). */
const commentConfig = { ...own, files: { maxFiles: 1, maxFileBytes: MAX_IMAGE_BYTES } };
/** A body this small holds no photo worth decoding: it takes no upload slot. */
const SMALL_BODY = 64 * 1024;

/** Mail after the commit: the answer does not wait for it, and a failure is logged, never the request's. */
function sendLater(req: FastifyRequest, afterCommit: AfterCommit) {
  req.server.afterResponse.run(afterCommit, (err) => req.log.error({ err }, 'malfunction comment mail failed'));
}

/**
 * The customer's side of a malfunction: its detail with the customer's timeline, a
 * comment (multipart `comment` + at most one file `photo`) and "Storing intrekken".
 */
export const malfunctionsCustomerRoutes: FastifyPluginAsyncZod<{ service: MalfunctionsCustomerService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/own-malfunctions/:id',
    { config: own, schema: { params: IdParamsSchema, response: { 200: dataOf(OwnMalfunctionDetailSchema) } } },
    async (req) => ({ data: await service.detail(actorOf(req), req.params.id) }),
  );

  app.post(
    '/api/own-malfunctions/:id/comments',
    {
      config: commentConfig,
      schema: { params: IdParamsSchema, response: { 201: changedOf(OwnMalfunctionDetailSchema) } },
    },
    async (req, reply) => {
      const length = Number(req.headers['content-length']);
      const mayHoldFiles = req.isMultipart() && !(length <= SMALL_BODY);
      const { data, afterCommit } = await service.comment(
        actorOf(req),
        req.params.id,
        () => readFormBody(req, 'photo', MALFUNCTION_TEXT.commentOnePhoto),
        mayHoldFiles,
      );
      sendLater(req, afterCommit);
      return reply.status(201).send({ data, message: MALFUNCTION_TEXT.commented });
    },
  );

  app.post(
    '/api/own-malfunctions/:id/withdraw',
    {
      config: own,
      schema: {
        params: IdParamsSchema,
        body: MalfunctionWithdrawInputSchema,
        response: { 200: changedOf(OwnMalfunctionDetailSchema) },
      },
    },
    async (req) => ({
      data: await service.withdraw(actorOf(req), req.params.id, req.body.reason),
      message: MALFUNCTION_TEXT.withdrawn,
    }),
  );
};
