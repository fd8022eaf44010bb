import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAIL_TEXT, MailListQuerySchema, QueuedMailSchema } from '@keurwijzer/shared/mails';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf, dataOf, pageOf } from '../../lib/responses';
import type { MailsService } from './mails.service';

const manage = { access: 'users.manage' } as const;

/** The admins' list of mails (e.g. ?status=failed), the failed count, and sending a failed mail again. */
export const mailsRoutes: FastifyPluginAsyncZod<{ service: MailsService }> = async (app, { service }) => {
  app.get(
    '/api/mails',
    { config: manage, schema: { querystring: MailListQuerySchema, response: { 200: pageOf(QueuedMailSchema) } } },
    async (req) => service.list(actorOf(req), req.query),
  );

  app.get(
    '/api/mails/failed-count',
    { config: manage, schema: { response: { 200: dataOf(z.object({ count: z.number().int() })) } } },
    async (req) => ({ data: { count: await service.failedCount(actorOf(req)) } }),
  );

  app.post(
    '/api/mails/:id/retry',
    { config: manage, schema: { params: IdParamsSchema, response: { 200: changedOf(QueuedMailSchema) } } },
    async (req) => ({ data: await service.retry(actorOf(req), req.params.id), message: MAIL_TEXT.retried }),
  );
};
