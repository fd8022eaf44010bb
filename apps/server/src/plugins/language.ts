import fp from 'fastify-plugin';
import { languageOf } from '../lib/language';
import './types';

/**
 * Every /api answer says its language (Content-Language): the logged-in user's stored `lang`,
 * else the best supported match of the request's Accept-Language, else Dutch (lib/language.ts).
 * Only Dutch exists today, so it is always `nl`; a second language would start here.
 */
export const languagePlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const stored = request.user?.lang ?? request.session?.pendingUser?.lang;
    reply.header('content-language', languageOf({ stored, acceptLanguage: request.headers['accept-language'] }));
  });
});
