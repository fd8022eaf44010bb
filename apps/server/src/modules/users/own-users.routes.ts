import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successText } from '@keurwijzer/shared/texts';
import { ACCOUNTS_TEXT, OwnUserInputSchema, OwnUserListQuerySchema, UserSchema } from '@keurwijzer/shared/users';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf, pageOf, sendJsonPage } from '../../lib/responses';
import { securityLogOf } from '../../lib/security-log';
import type { UsersService } from './users.service';

/**
 * /api/own-users: a customer's own administrator ("Beheerder van de klant") lists the
 * users of their own customer, invites a colleague, archives and restores them (never themselves:
 * 409); any other customer's user is 404. Through the users service, as the office's.
 */
export const ownUsersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  // The customer administrator's own permission (CUSTOMER_ADMIN_PERMISSIONS): the access check
  // refuses everyone else with 403 before the body, and the API document names exactly them.
  const own = { config: { access: 'own-users.manage' } } as const;

  app.get(
    '/api/own-users',
    { ...own, schema: { querystring: OwnUserListQuerySchema, response: { 200: pageOf(UserSchema) } } },
    async (req, reply) => sendJsonPage(reply, await service.listOwn(actorOf(req), req.query)),
  );

  app.post(
    '/api/own-users',
    { ...own, schema: { body: OwnUserInputSchema, response: { 201: changedOf(UserSchema) } } },
    async (req, reply) => {
      const data = await service.inviteOwn(actorOf(req), req.body, securityLogOf(req));
      return reply.status(201).send({ data, message: ACCOUNTS_TEXT.ownUserInvited });
    },
  );

  app.post(
    '/api/own-users/:id/archive',
    { ...own, schema: { params: IdParamsSchema, response: { 200: changedOf(UserSchema) } } },
    async (req) => ({
      data: await service.archive(actorOf(req), req.params.id, securityLogOf(req)),
      message: successText('Gebruiker', 'gearchiveerd'),
    }),
  );

  app.post(
    '/api/own-users/:id/restore',
    { ...own, schema: { params: IdParamsSchema, response: { 200: changedOf(UserSchema) } } },
    async (req) => ({
      data: await service.restore(actorOf(req), req.params.id, securityLogOf(req)),
      message: successText('Gebruiker', 'hersteld'),
    }),
  );
};
