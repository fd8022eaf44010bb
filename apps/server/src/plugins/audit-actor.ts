import fp from 'fastify-plugin';
import { runAs } from '../db/audit-actor';

/**
 * Every request runs in a context whose database writes are its user's (db/audit-actor.ts): the
 * rest of the request's hooks and its handler run inside it. The user is read when a statement is
 * sent, so the session loaded after this hook, and a login's new user, count.
 */
export const auditActorPlugin = fp(async (app) => {
  app.addHook('onRequest', (request, _reply, done) => {
    runAs(() => (request.user ? { userId: request.user.id, tokenId: request.apiToken?.id ?? null } : null), done);
  });
});
