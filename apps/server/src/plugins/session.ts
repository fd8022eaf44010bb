import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
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

  // A callback hook: the store's promise is the only one per request (issue 19).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const authorization = request.headers.authorization;
    if (authorization !== undefined && opts.tokens) {
      const bearer = BEARER.exec(authorization)?.[1];
      if (!bearer) return done();
      opts.tokens.authenticate(bearer).then((found) => {
        request.user = found?.user ?? null;
        request.apiToken = found?.token ?? null;
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

  const tokens = opts.tokens;
  if (tokens) {
    app.addHook('onResponse', (request, reply, done) => {
      const token = request.apiToken;
      if (token && request.user) {
        const use = {
          tokenId: token.id,
          userId: request.user.id,
          route: `${request.method} ${request.routeOptions.url ?? '(onbekend)'}`,
          status: reply.statusCode,
        };
        app.afterResponse.run(
          () => tokens.recordUse(use),
          (err) => request.log.error({ err }, 'api token use not recorded'),
        );
      }
      done();
    });
  }

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

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: { set(reply: FastifyReply, value: string): void; clear(reply: FastifyReply): void };
  }
}
