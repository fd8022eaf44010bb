import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { USAGE_TEXT } from '@keurwijzer/shared/usage';
import { AppError } from '../../lib/errors';
import type { UsageKind, UsageRepository } from './usage.repository';

const HOUR_MS = 3_600_000;

export type UsageRates = { uploadsPerHour: number; exportsPerHour: number };

/**
 * Per-user rates of uploads and exports, counted in the database per fixed hour (so they hold
 * across processes). A request past the limit answers 429 with Retry-After (seconds until the
 * window ends) and a Dutch message. Every attempt counts, refused or not: the work is done on
 * the bytes before the answer is known.
 */
export function createUsageLimits({ repo, rates }: { repo: UsageRepository; rates: UsageRates }) {
  const limitOf: Record<UsageKind, number> = { upload: rates.uploadsPerHour, export: rates.exportsPerHour };
  const messageOf: Record<UsageKind, string> = { upload: USAGE_TEXT.tooManyUploads, export: USAGE_TEXT.tooManyExports };
  return {
    /** Counts one `kind` for the user: null when allowed, else the seconds to wait. */
    async take(userId: number, kind: UsageKind): Promise<number | null> {
      const { count, retryAfter } = await repo.increment(userId, kind, HOUR_MS);
      return count > limitOf[kind] ? retryAfter : null;
    },
    messageOf: (kind: UsageKind) => messageOf[kind],
    /** The customer's stored bytes (the image intake's storage quota). */
    storedBytes: (customerId: number) => repo.storedBytes(customerId),
  };
}

export type UsageLimits = ReturnType<typeof createUsageLimits>;

/**
 * Counts every upload (a route with `config.files`, sent as multipart) and export (a route with
 * `config.usage: 'export'`) of the logged-in user, after the access check (plugins/access.ts)
 * and before the handler reads the body or writes the file. The hook is the first preHandler of
 * those routes only (added as each route is registered, so register this before the routes):
 * every other request, an answer saved in the field included, runs no hook for it.
 */
export const usageLimitsPlugin = fp<{ limits: UsageLimits }>(async (app, { limits }) => {
  const count: preHandlerAsyncHookHandler = async (request, reply) => {
    const config = request.routeOptions.config;
    const kind: UsageKind | null =
      config.usage === 'export' ? 'export' : config.files && request.isMultipart() ? 'upload' : null;
    if (!kind || !request.user) return;
    const retryAfter = await limits.take(request.user.id, kind);
    if (retryAfter === null) return;
    reply.header('retry-after', String(retryAfter));
    throw new AppError(429, limits.messageOf(kind));
  };
  app.addHook('onRoute', (route) => {
    const config = route.config as { usage?: unknown; files?: unknown } | undefined;
    if (config?.usage !== 'export' && !config?.files) return;
    route.preHandler = [count, ...[route.preHandler ?? []].flat()];
  });
});
