import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { AuthProvidersSchema, GoogleStartQuerySchema, type OidcErrorCode } from '@keurwijzer/shared/oidc';
import { roleCan } from '@keurwijzer/shared/permissions';
import { dataOf } from '../../lib/responses';
import { securityLogOf } from '../../lib/security-log';
import type { LoginResult } from '@keurwijzer/shared/users';
import type { UserRow } from '../../db/schema/users';
import type { OidcService } from './oidc.service';

/** The same home per role as the web's (lib/api/auth.ts homeFor). */
const homeFor = (role: Parameters<typeof roleCan>[0]) => (roleCan(role, 'own-machines.view') ? '/machines' : '/');

/** What the callback needs of the auth module (its service, given by the composition root). */
export type OidcSessions = {
  startSession(user: UserRow, previousSessionId: string | undefined): Promise<{ cookie: string; result: LoginResult }>;
};

/** A redirect the browser follows once and never caches. */
function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/**
 * Google sign-in (docs/architecture.md "Google sign-in"): GET /api/auth/providers says whether it
 * is on; GET /api/auth/google starts it (a full navigation: 302 to the provider with the flow
 * cookie); GET /api/auth/google/callback ends it (302 to the app's screen, or to /login?fout=...).
 * Registered always; the last two answer 404 while GOOGLE_CLIENT_ID / _SECRET are not set.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{
  service: OidcService;
  auth: OidcSessions;
  flowCookie: { name: string; options: { path: string } };
  appUrl: string;
}> = async (app, { service, auth, flowCookie, appUrl }) => {
  app.get(
    '/api/auth/providers',
    { config: { access: 'public' }, schema: { response: { 200: dataOf(AuthProvidersSchema) } } },
    async () => ({ data: { google: service.enabled } }),
  );

  app.get(
    '/api/auth/google',
    { config: { access: 'public' }, schema: { querystring: GoogleStartQuerySchema } },
    async (req, reply) => {
      const { url, cookie } = await service.start(req.query);
      reply.setCookie(flowCookie.name, cookie, flowCookie.options);
      return redirect(reply, url.href);
    },
  );

  app.get('/api/auth/google/callback', { config: { access: 'public' } }, async (req, reply) => {
    // Whatever the answer, the flow cookie is used up.
    const value = req.cookies[flowCookie.name];
    reply.clearCookie(flowCookie.name, flowCookie.options);
    // The URL the provider sent the browser to (the registered redirect URI with its query).
    const callbackUrl = new URL('/api/auth/google/callback', appUrl);
    callbackUrl.search = new URL(req.url, 'http://x').search;
    const log = securityLogOf(req);
    const outcome = await service.callback(callbackUrl, value, log);
    if (!outcome.ok) return redirect(reply, loginWithError(outcome.error));

    const { cookie, result } = await auth.startSession(outcome.user, req.session?.id);
    app.sessionCookie.set(reply, cookie);
    const twoFactor = 'two_factor_required' in result;
    log('oidc.success', {
      userId: outcome.user.id,
      email: outcome.user.email,
      twoFactorPending: twoFactor,
    });
    if (twoFactor) {
      return redirect(reply, outcome.redirect ? `/2fa?redirect=${encodeURIComponent(outcome.redirect)}` : '/2fa');
    }
    return redirect(reply, outcome.redirect ?? homeFor(outcome.user.role));
  });
};

const loginWithError = (code: OidcErrorCode) => `/login?fout=${code}`;
