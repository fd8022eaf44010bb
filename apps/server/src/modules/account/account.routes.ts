import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivateInputSchema } from '@keurwijzer/shared/account';
import { ACCOUNT_TEXT } from '@keurwijzer/shared/texts';
import { MessageSchema } from '../../lib/responses';
import { securityLogOf } from '../../lib/security-log';
import type { AccountService } from './account.service';

/** POST /api/activate (spec section 7): accept an invitation by choosing a password. */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  app.post(
    '/api/activate',
    { config: { access: 'public' }, schema: { body: ActivateInputSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await service.activate(req.body, securityLogOf(req));
      return { data: null, message: ACCOUNT_TEXT.activated };
    },
  );
};
