import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@keurwijzer/shared/texts';
import { LoginInputSchema, UserSchema } from '@keurwijzer/shared/users';
import { MessageSchema, dataOf } from '../../lib/responses';
import type { AuthService } from './auth.service';

/** GET /api/token, POST /api/login, GET /api/authorized, POST /api/logout (spec section 7). */
export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  app.get(
    '/api/token',
    { config: { access: 'public' }, schema: { response: { 200: dataOf(z.object({ token: z.string() })) } } },
    async (req, reply) => {
      const { token, cookie } = await service.token(req.session?.csrfToken);
      if (cookie) app.sessionCookie.set(reply, cookie);
      return { data: { token } };
    },
  );

  app.post(
    '/api/login',
    { config: { access: 'public' }, schema: { body: LoginInputSchema, response: { 200: dataOf(UserSchema) } } },
    async (req, reply) => {
      const { cookie, user } = await service.login(req.body, req.ip, req.session?.id);
      app.sessionCookie.set(reply, cookie);
      return { data: user };
    },
  );

  app.get(
    '/api/authorized',
    { config: { access: 'session' }, schema: { response: { 200: dataOf(UserSchema) } } },
    async (req) => ({
      data: service.authorized(req.user!),
    }),
  );

  app.post(
    '/api/logout',
    { config: { access: 'session' }, schema: { response: { 200: MessageSchema } } },
    async (req, reply) => {
      await service.logout(req.session!.id);
      app.sessionCookie.clear(reply);
      return { data: null, message: TEXT.loggedOut };
    },
  );
};
