import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordInputSchema,
  PASSWORD_TEXT,
  PasswordRecoverInputSchema,
  PasswordResetInputSchema,
} from '@keurwijzer/shared/account';
import { MessageSchema } from '../../lib/responses';
import { securityLogOf } from '../../lib/security-log';
import type { PasswordService } from './password.service';

/**
 * POST /api/password-recover and /api/password-reset (spec section 7), POST /api/change-password
 * (any logged-in user).
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ service: PasswordService }> = async (app, { service }) => {
  app.post(
    '/api/password-recover',
    { config: { access: 'public' }, schema: { body: PasswordRecoverInputSchema, response: { 200: MessageSchema } } },
    async (req) => {
      const { afterResponse } = await service.recover(req.body, req.ip, securityLogOf(req));
      // After the answer: its time and content are the same for every address, and a slow or
      // refusing mail server neither slows nor fails it (as the malfunction mails).
      app.afterResponse.run(afterResponse, (err) => req.log.error({ err }, 'password reset mail failed'));
      return { data: null, message: PASSWORD_TEXT.recoverSent };
    },
  );

  app.post(
    '/api/password-reset',
    { config: { access: 'public' }, schema: { body: PasswordResetInputSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await service.reset(req.body, securityLogOf(req));
      return { data: null, message: PASSWORD_TEXT.resetDone };
    },
  );

  app.post(
    '/api/change-password',
    { config: { access: 'session' }, schema: { body: ChangePasswordInputSchema, response: { 200: MessageSchema } } },
    async (req, reply) => {
      const { cookie } = await service.change(req.user!, req.body, {
        ip: req.ip,
        sessionId: req.session!.id,
        log: securityLogOf(req),
      });
      app.sessionCookie.set(reply, cookie);
      return { data: null, message: PASSWORD_TEXT.changed };
    },
  );
};
