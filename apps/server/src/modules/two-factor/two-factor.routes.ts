import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RecoveryCodesSchema,
  TWO_FACTOR_TEXT,
  TwoFactorEnableInputSchema,
  TwoFactorPasswordInputSchema,
  TwoFactorPendingSchema,
  TwoFactorSetupSchema,
  TwoFactorVerifyInputSchema,
} from '@keurwijzer/shared/two-factor';
import { CurrentUserSchema } from '@keurwijzer/shared/users';
import { AppError } from '../../lib/errors';
import { MessageSchema, changedOf, dataOf } from '../../lib/responses';
import { securityLogOf } from '../../lib/security-log';
import type { TwoFactorService } from './two-factor.service';

/**
 * Two-factor sign-in: GET /api/2fa (does this session wait for the second factor), POST /api/2fa/setup, /api/2fa/enable, /api/2fa/disable and
 * /api/2fa/recovery-codes (the logged-in user), POST /api/2fa (the second step of a login: a
 * session that waits for it).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ service: TwoFactorService }> = async (app, { service }) => {
  app.post(
    '/api/2fa/setup',
    { config: { access: 'session' }, schema: { response: { 200: dataOf(TwoFactorSetupSchema) } } },
    async (req) => ({ data: await service.setup(req.user!) }),
  );

  app.post(
    '/api/2fa/enable',
    {
      config: { access: 'session' },
      schema: { body: TwoFactorEnableInputSchema, response: { 200: changedOf(RecoveryCodesSchema) } },
    },
    async (req) => {
      const codes = await service.enable(req.user!, req.body, {
        ip: req.ip,
        log: securityLogOf(req),
        sessionId: req.session!.id,
      });
      return { data: { recovery_codes: codes }, message: TWO_FACTOR_TEXT.enabled };
    },
  );

  // Public: tells the 2fa screen whether there is a login to finish (else it goes to the login).
  app.get(
    '/api/2fa',
    { config: { access: 'public' }, schema: { response: { 200: dataOf(TwoFactorPendingSchema) } } },
    async (req) => ({ data: { pending: !!req.session?.pendingUser } }),
  );

  // Public: the session that waits for the second factor has no user (plugins/session.ts).
  app.post(
    '/api/2fa',
    {
      config: { access: 'public' },
      schema: { body: TwoFactorVerifyInputSchema, response: { 200: dataOf(CurrentUserSchema) } },
    },
    async (req, reply) => {
      const pending = req.session?.pendingUser;
      if (!pending) throw new AppError(401, TWO_FACTOR_TEXT.noPendingLogin);
      const { cookie, user } = await service.verify(pending, req.body, {
        ip: req.ip,
        log: securityLogOf(req),
        pendingSessionId: req.session!.id,
      });
      app.sessionCookie.set(reply, cookie);
      return { data: user };
    },
  );

  app.post(
    '/api/2fa/disable',
    { config: { access: 'session' }, schema: { body: TwoFactorPasswordInputSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await service.disable(req.user!, req.body, { ip: req.ip, log: securityLogOf(req) });
      return { data: null, message: TWO_FACTOR_TEXT.disabled };
    },
  );

  app.post(
    '/api/2fa/recovery-codes',
    {
      config: { access: 'session' },
      schema: { body: TwoFactorPasswordInputSchema, response: { 200: changedOf(RecoveryCodesSchema) } },
    },
    async (req) => {
      const codes = await service.newRecoveryCodes(req.user!, req.body, { ip: req.ip, log: securityLogOf(req) });
      return { data: { recovery_codes: codes }, message: TWO_FACTOR_TEXT.newRecoveryCodes };
    },
  );
};
