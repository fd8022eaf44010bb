import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_TOKEN_TEXT,
  ApiTokenCreatedSchema,
  ApiTokenInputSchema,
  ApiTokenSchema,
} from '@keurwijzer/shared/api-tokens';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, MessageSchema, changedOf, dataOf } from '../../lib/responses';
import type { ApiTokensService } from './api-tokens.service';

/** The logged-in user's personal API tokens (shared/api-tokens.ts). Made and revoked in a browser session only. */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ service: ApiTokensService }> = async (app, { service }) => {
  app.get(
    '/api/api-tokens',
    { config: { access: 'api.tokens' }, schema: { response: { 200: dataOf(z.array(ApiTokenSchema)) } } },
    async (req) => ({ data: await service.list(actorOf(req)) }),
  );

  app.post(
    '/api/api-tokens',
    {
      config: { access: 'api.tokens' },
      schema: { body: ApiTokenInputSchema, response: { 201: changedOf(ApiTokenCreatedSchema) } },
    },
    async (req, reply) => {
      const data = await service.create(actorOf(req), req.body);
      return reply.code(201).send({ data, message: API_TOKEN_TEXT.created });
    },
  );

  app.delete(
    '/api/api-tokens/:id',
    { config: { access: 'api.tokens' }, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await service.revoke(actorOf(req), req.params.id);
      return { data: null, message: API_TOKEN_TEXT.revoked };
    },
  );
};
