import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiTokensService } from '../modules/api-tokens/api-tokens.service';
import type { SessionStore } from '../modules/auth/session-store';
import './types';

export type SessionPluginOptions = {
  store: SessionStore;
  /** Personal API tokens (`Authorization: Bearer kw_...`); without: only cookies. */
  tokens?: Pick<ApiTokensService, 'authenticate' | 'recordUse'>;
  secure: boolean;
  absoluteMs: number;
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Loads who a /api request is for: the user of a personal API token when the request carries
 * `Authorization: Bearer` (then no cookie counts: a browser never sends that header by itself,
 * so such a request needs no CSRF token), else the session behind the cookie. A request made with
 * a token is written to the audit trail after its answer (route pattern and status, never the URL).
 */
export const sessionPlugin = fp<SessionPluginOptions>(async (app, opts) => {
  // With https the __Host- prefix pins the cookie to this host and path (security.md).
  const cookieName = opts.secure ? '__Host-kw_session' : 'kw_session';
  await app.register(cookie);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);

  // A callback hook: the store's promise is the only one per request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const authorization = request.headers.authorization;
    if (authorization !== undefined && opts.tokens) {
      const tokens = opts.tokens;
      const bearer = BEARER.exec(authorization)?.[1];
      if (!bearer) return done();
      tokens.authenticate(bearer).then((found) => {
        request.user = found?.user ?? null;
        request.apiToken = found?.token ?? null;
        // The trail's row once the answer is sent (or the client left): a listener on this
        // request only, no hook on every other request.
        if (found) reply.raw.once('close', () => recordUse(request, reply, tokens));
        done();
      }, done);
      return;
    }
    const value = request.cookies[cookieName];
    if (!value) return done();
    opts.store.load(value).then((session) => {
      request.session = session;
      request.user = session?.user ?? null;
      done();
    }, done);
  });

  app.decorate('sessionCookie', {
    set(reply: FastifyReply, value: string) {
      reply.setCookie(cookieName, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secure,
        maxAge: Math.floor(opts.absoluteMs / 1000),
      });
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secure });
    },
  });
});

/** One audit row for a request made with a token: its route pattern and status (never the URL). */
function recordUse(request: FastifyRequest, reply: FastifyReply, tokens: NonNullable<SessionPluginOptions['tokens']>) {
  const use = {
    tokenId: request.apiToken!.id,
    userId: request.user!.id,
    route: `${request.method} ${request.routeOptions.url ?? '(onbekend)'}`,
    status: reply.statusCode,
  };
  request.server.afterResponse.run(
    () => tokens.recordUse(use),
    (err) => request.log.error({ err }, 'api token use not recorded'),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: { set(reply: FastifyReply, value: string): void; clear(reply: FastifyReply): void };
  }
}
