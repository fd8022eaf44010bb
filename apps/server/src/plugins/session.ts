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

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const value = request.cookies[cookieName];
    if (!value) return;
    request.session = await opts.store.load(value);
    request.user = request.session?.user ?? null;
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
