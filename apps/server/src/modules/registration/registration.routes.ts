import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ActivationCheckInputSchema,
  ActivationLinkSchema,
  ConfirmRegistrationInputSchema,
  REGISTRATION_TEXT,
  RegisterInputSchema,
} from '@keurwijzer/shared/registration';
import { MessageSchema, dataOf } from '../../lib/responses';
import { securityLogOf } from '../../lib/security-log';
import type { AfterResponse, RegistrationService } from './registration.service';

/** Starts the mail without waiting for it: a failing mail is logged, never the request's error. */
function sendLater(req: FastifyRequest, afterResponse: AfterResponse) {
  req.server.afterResponse.run(afterResponse, (err) => req.log.error({ err }, 'registration mail failed'));
}

/**
 * POST /api/register (self-registration), POST /api/activation/check (what an activate/{token}
 * link is, using nothing) and POST /api/register/confirm (the click that activates a
 * self-registered account): public, with the CSRF token of the visitor's session like the login.
 */
export const registrationRoutes: FastifyPluginAsyncZod<{ service: RegistrationService }> = async (app, { service }) => {
  app.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: RegisterInputSchema, response: { 200: MessageSchema } } },
    async (req) => {
      sendLater(req, await service.register(req.body, req.ip, securityLogOf(req)));
      return { data: null, message: REGISTRATION_TEXT.checkEmail };
    },
  );

  // Not under /api/activate/: the log redacts what follows `activate/` as a link's token.
  app.post(
    '/api/activation/check',
    {
      config: { access: 'public' },
      schema: { body: ActivationCheckInputSchema, response: { 200: dataOf(ActivationLinkSchema) } },
    },
    async (req) => ({ data: await service.check(req.body) }),
  );

  app.post(
    '/api/register/confirm',
    {
      config: { access: 'public' },
      schema: { body: ConfirmRegistrationInputSchema, response: { 200: MessageSchema } },
    },
    async (req) => {
      sendLater(req, await service.confirm(req.body, securityLogOf(req)));
      return { data: null, message: REGISTRATION_TEXT.confirmed };
    },
  );
};
