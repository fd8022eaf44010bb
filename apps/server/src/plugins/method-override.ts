import type { FastifyInstance, InjectOptions } from 'fastify';
import { TEXT } from '@keurwijzer/shared/texts';
import { AppError } from '../lib/errors';
import './types';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);
/** Headers that describe the outer body or connection, not the request. */
const DROP_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding', 'connection', 'host']);

/**
 * Spec section 7: updates arrive as POST with `_method=PUT` (or PATCH, DELETE) in the body.
 * Fastify routes before it parses a body, so for each URL with such routes a POST twin is added
 * that re-dispatches the request in-process with the real method (session, CSRF, validation
 * and permission all run on the inner request). Call `collect` before the modules and
 * `registerTwins` after them.
 */
export function methodOverride(app: FastifyInstance) {
  const targets = new Map<string, Set<string>>();
  const posts = new Set<string>();

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.config?.access === 'override') return;
    for (const method of [route.method].flat()) {
      if (method === 'POST') posts.add(route.url);
      if (OVERRIDABLE.has(method)) {
        const set = targets.get(route.url) ?? new Set<string>();
        set.add(method);
        targets.set(route.url, set);
      }
    }
  });

  return async function registerTwins(instance: FastifyInstance) {
    for (const [url, methods] of targets) {
      if (posts.has(url)) throw new Error(`POST ${url} exists, so _method cannot override it`);
      instance.post(url, { config: { access: 'override' } }, async (request, reply) => {
        const { _method, ...fields } = (request.body ?? {}) as Record<string, unknown>;
        const method = typeof _method === 'string' ? _method.toUpperCase() : '';
        if (!methods.has(method)) throw new AppError(404, TEXT.notFound);
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined && !DROP_HEADERS.has(name)) headers[name] = value;
        }
        const res = await app.inject({
          method: method as InjectOptions['method'],
          url: request.url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(fields),
          remoteAddress: request.ip,
        });
        for (const [name, value] of Object.entries(res.headers)) {
          if (
            value !== undefined &&
            name !== 'content-length' &&
            name !== 'transfer-encoding' &&
            name !== 'connection'
          ) {
            reply.header(name, value);
          }
        }
        return reply.status(res.statusCode).send(res.rawPayload);
      });
    }
  };
}
