import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT, successText } from '@keurwijzer/shared/texts';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TWO_FACTOR_TEXT } from '@keurwijzer/shared/two-factor';
import {
  ACCOUNTS_TEXT,
  LinkAccountInputSchema,
  UserDetailSchema,
  UserInputSchema,
  UserListQuerySchema,
  UserSchema,
  WaitingAccountSchema,
  WaitingAccountsQuerySchema,
} from '@keurwijzer/shared/users';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, MessageSchema, changedOf, dataOf, pageOf, sendJsonPage } from '../../lib/responses';
import { securityLogOf } from '../../lib/security-log';
import type { UsersService } from './users.service';
import { ownUsersRoutes } from './own-users.routes';

/** /api/users: thin handlers, the rules live in the service. */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  const view = { access: 'users.view' } as const;
  const manage = { access: 'users.manage' } as const;

  app.get(
    '/api/users',
    // The response schema stays the contract; the page is sent as the database wrote it (sendJsonPage).
    { config: view, schema: { querystring: UserListQuerySchema, response: { 200: pageOf(UserSchema) } } },
    async (req, reply) => sendJsonPage(reply, await service.list(actorOf(req), req.query)),
  );

  // The office's waiting accounts with the suggested customers, and their link.
  app.get(
    '/api/users/waiting',
    {
      config: view,
      schema: { querystring: WaitingAccountsQuerySchema, response: { 200: pageOf(WaitingAccountSchema) } },
    },
    async (req, reply) => sendJsonPage(reply, await service.waitingAccounts(actorOf(req), req.query)),
  );

  app.post(
    '/api/users/:id/link',
    {
      config: manage,
      schema: { params: IdParamsSchema, body: LinkAccountInputSchema, response: { 200: changedOf(UserSchema) } },
    },
    async (req) => {
      const data = await service.link(actorOf(req), req.params.id, req.body, securityLogOf(req));
      return { data, message: ACCOUNTS_TEXT.linked(data.customer_name ?? '') };
    },
  );

  app.get(
    '/api/users/:id',
    { config: view, schema: { params: IdParamsSchema, response: { 200: dataOf(UserDetailSchema) } } },
    async (req) => ({
      data: await service.get(actorOf(req), req.params.id),
    }),
  );

  app.post(
    '/api/users',
    { config: manage, schema: { body: UserInputSchema, response: { 201: changedOf(UserSchema) } } },
    async (req, reply) => {
      const data = await service.create(actorOf(req), req.body, securityLogOf(req));
      return reply.status(201).send({ data, message: successText('Gebruiker', 'aangemaakt') });
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: manage,
      schema: { params: IdParamsSchema, body: UserInputSchema, response: { 200: changedOf(UserSchema) } },
    },
    async (req) => ({
      data: await service.update(actorOf(req), req.params.id, req.body, securityLogOf(req)),
      message: successText('Gebruiker', 'gewijzigd'),
    }),
  );

  app.post(
    '/api/users/:id/archive',
    { config: manage, schema: { params: IdParamsSchema, response: { 200: changedOf(UserSchema) } } },
    async (req) => ({
      data: await service.archive(actorOf(req), req.params.id, securityLogOf(req)),
      message: successText('Gebruiker', 'gearchiveerd'),
    }),
  );

  app.post(
    '/api/users/:id/restore',
    { config: manage, schema: { params: IdParamsSchema, response: { 200: changedOf(UserSchema) } } },
    async (req) => ({
      data: await service.restore(actorOf(req), req.params.id, securityLogOf(req)),
      message: successText('Gebruiker', 'hersteld'),
    }),
  );

  app.post(
    '/api/users/:id/require-password-change',
    { config: manage, schema: { params: IdParamsSchema, response: { 200: changedOf(UserDetailSchema) } } },
    async (req) => ({
      data: await service.requirePasswordChange(actorOf(req), req.params.id, securityLogOf(req)),
      message: PASSWORD_TEXT.changeRequiredSet,
    }),
  );

  app.post(
    '/api/users/:id/reset-two-factor',
    { config: manage, schema: { params: IdParamsSchema, response: { 200: changedOf(UserDetailSchema) } } },
    async (req) => ({
      data: await service.resetTwoFactor(actorOf(req), req.params.id, securityLogOf(req)),
      message: TWO_FACTOR_TEXT.resetDone,
    }),
  );

  app.post(
    '/api/resend-invitation/:id',
    { config: manage, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await service.resendInvitation(actorOf(req), req.params.id);
      return { data: null, message: TEXT.invitationSent };
    },
  );

  // A customer administrator's own users: /api/own-users.
  await app.register(ownUsersRoutes, { service });
};
