import fp from 'fastify-plugin';
import { languageOf } from '../lib/language';
import './types';

/**
 * Every /api answer says its language (Content-Language): the logged-in user's stored `lang`,
 * else the best supported match of the request's Accept-Language, else Dutch (lib/language.ts).
 * Only Dutch exists today, so it is always `nl`; a second language would start here.
 */
export const languagePlugin = fp(async (app) => {
  // Synchronous: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) {
      const stored = request.user?.lang ?? request.session?.pendingUser?.lang;
      reply.header('content-language', languageOf({ stored, acceptLanguage: request.headers['accept-language'] }));
    }
    done(null, payload);
  });
});
