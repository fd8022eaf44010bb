import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT } from '@keurwijzer/shared/texts';
import { CurrentUserSchema, LoginInputSchema, LoginResultSchema } from '@keurwijzer/shared/users';
import { MessageSchema, dataOf } from '../../lib/responses';
import { securityLogOf } from '../../lib/security-log';
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
    { config: { access: 'public' }, schema: { body: LoginInputSchema, response: { 200: dataOf(LoginResultSchema) } } },
    async (req, reply) => {
      const { name, options } = service.deviceCookie;
      const { cookie, device, result } = await service.login(req.body, {
        ip: req.ip,
        previousSessionId: req.session?.id,
        deviceCookie: req.cookies[name],
        log: securityLogOf(req),
      });
      app.sessionCookie.set(reply, cookie);
      // This browser now knows the account: its next logins count against its own limit.
      reply.setCookie(name, device, options);
      return { data: result };
    },
  );

  app.get(
    '/api/authorized',
    { config: { access: 'session' }, schema: { response: { 200: dataOf(CurrentUserSchema) } } },
    async (req) => ({
      data: service.authorized(req.user!),
    }),
  );

  app.post(
    '/api/logout',
    { config: { access: 'session' }, schema: { response: { 200: MessageSchema } } },
    async (req, reply) => {
      await service.logout(req.session!.id, req.user!, securityLogOf(req));
      app.sessionCookie.clear(reply);
      return { data: null, message: TEXT.loggedOut };
    },
  );
};
