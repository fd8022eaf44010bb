import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { API_TOKEN_TEXT } from '@keurwijzer/shared/api-tokens';
import { TEXT } from '@keurwijzer/shared/texts';
import { TWO_FACTOR_TEXT } from '@keurwijzer/shared/two-factor';
import type { UserRow } from '../db/schema/users';
import { can } from '../lib/actor';
import { AppError } from '../lib/errors';
import { safeEqual } from '../lib/tokens';
import type { Access } from './types';
import './types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a user whose two-factor sign-in is compulsory but not on yet may call (besides the public
 * routes): who am I, set it up, turn it on, log out. Everything else answers 403.
 */
export const TWO_FACTOR_SETUP_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/authorized',
  'HEAD /api/authorized',
  'POST /api/logout',
  'POST /api/2fa/setup',
  'POST /api/2fa/enable',
]);

/**
 * What a user an admin required a new password of (users.password_change_required) may call
 * (besides the public routes): who am I, the CSRF token, change it, log out. Everything else
 * answers 403 until the password is changed (or reset by e-mail).
 */
export const PASSWORD_CHANGE_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/authorized',
  'HEAD /api/authorized',
  'GET /api/token',
  'HEAD /api/token',
  'POST /api/logout',
  'POST /api/change-password',
]);

/**
 * The account's own routes, which a personal API token never reaches (403): signing in and out,
 * passwords, two-factor, the profile and the tokens themselves. A token reads and changes the
 * company's data; it cannot make itself a password, another token or a session.
 */
export const NOT_WITH_TOKEN =
  /^\/api\/(?:login|logout|token|2fa|activat|auth\/|change-password|password-|register|profile|api-tokens)(?:\/|$|-)/;

export type AccessPluginOptions = {
  /** True for a user who must turn on two-factor sign-in before anything else (TWO_FACTOR_REQUIRED_FOR_EMPLOYEES). */
  twoFactorSetupRequired?: (user: UserRow) => boolean;
};

/**
 * Deny by default: a /api route without `config.access` stops the server from starting. Per
 * request, before the body is read: 401 without a logged-in user, 419 without the session's CSRF
 * token on an unsafe method, 403 without the route's permission; in that order (checkAccess).
 */
export const accessPlugin = fp<AccessPluginOptions>(async (app, opts) => {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
    // HEAD mirrors GET and the method-override twins only re-dispatch: neither needs its own entry.
    if (access === 'override') return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });

  // Synchronous (no promise and microtask turn per request): a refusal goes to `done`.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      routeCheck(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });

  function routeCheck(request: FastifyRequest): void {
    const { access, overrides } = request.routeOptions.config;
    if (!access) return;
    // A method-override twin: before its body is read, what one of its targets needs.
    checkAccess(request, access === 'override' ? (overrides ?? []) : [access]);
    // What a user must do first (one place): turn on compulsory two-factor sign-in, then change
    // a password an admin required; until then only that and leaving. Two-factor comes first, so
    // a user with both is never locked out of either.
    if (access === 'public' || !request.user) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    if (opts.twoFactorSetupRequired?.(request.user)) {
      if (!TWO_FACTOR_SETUP_ROUTES.has(route)) throw new AppError(403, TWO_FACTOR_TEXT.setupRequired);
    } else if (request.user.passwordChangeRequired && !PASSWORD_CHANGE_ROUTES.has(route)) {
      throw new AppError(403, PASSWORD_TEXT.changeRequired);
    }
  }
});

/** True when `user` may use a route of `access` (a twin's own 'override' alone admits nobody). */
function admits(user: FastifyRequest['user'], access: Access): boolean {
  if (access === 'public') return true;
  if (!user || access === 'override') return false;
  return access === 'session' || can(user, access);
}

/**
 * The route check, for a request that may use a route of any of `accesses` (one for an ordinary
 * route; a method-override twin passes its targets' before the body is read, then the chosen
 * one's): 401 without a logged-in user when none is public, 419 without the session's CSRF token
 * on an unsafe method (a personal API token instead: 403 on the account's routes and for a read
 * token's change), 403 when none admits the user. In that order.
 */
export function checkAccess(request: FastifyRequest, accesses: readonly Access[]): void {
  if (!request.user && !accesses.includes('public')) throw new AppError(401, TEXT.unauthenticated);
  if (request.apiToken) {
    // A token's request carries no cookie, so no CSRF token: what it may do instead.
    if (NOT_WITH_TOKEN.test(request.routeOptions.url ?? '')) throw new AppError(403, API_TOKEN_TEXT.notWithToken);
    if (request.apiToken.scope === 'read' && !SAFE_METHODS.has(request.method)) {
      throw new AppError(403, API_TOKEN_TEXT.readOnly);
    }
  } else if (!SAFE_METHODS.has(request.method)) {
    const header = request.headers['x-csrf-token'] ?? request.headers['x-xsrf-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !request.session || !safeEqual(token, request.session.csrfToken)) {
      throw new AppError(419, TEXT.csrf);
    }
  }
  if (!accesses.some((access) => admits(request.user, access))) throw new AppError(403, TEXT.forbidden);
}

/** A registered /api route and what it needs: the authorization-matrix test walks these. */
export type ApiRoute = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
}
