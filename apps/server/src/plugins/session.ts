import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { SessionStore } from '../modules/auth/session-store';
import './types';

export type SessionPluginOptions = { store: SessionStore; secure: boolean; absoluteMs: number };

/** Loads the session behind the cookie on every /api request. */
export const sessionPlugin = fp<SessionPluginOptions>(async (app, opts) => {
  // With https the __Host- prefix pins the cookie to this host and path (security.md).
  const cookieName = opts.secure ? '__Host-kw_session' : 'kw_session';
  await app.register(cookie);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  // A callback hook: the store's promise is the only one per request (issue 19).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
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

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: { set(reply: FastifyReply, value: string): void; clear(reply: FastifyReply): void };
  }
}
