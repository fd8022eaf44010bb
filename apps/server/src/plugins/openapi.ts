import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_DOC_WHO_PREFIX } from '@keurwijzer/shared/api-tokens';
import { HOLDER_LABELS, ROLES, holdersOf, type Holder, type Permission } from '@keurwijzer/shared/permissions';
import { can } from '../lib/actor';
import { NOT_WITH_TOKEN } from './access';
import type { Access } from './types';

/** A route as the document's transform sees it (what this plugin reads of it). */
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

type Operation = { 'x-permission'?: Permission };
type Document = { paths?: Record<string, Record<string, Operation>> };

/** Who may call a route, as the document says it (`x-access`). */
const accessText = (access: Access | undefined) =>
  access === 'public' ? 'public' : access === 'session' ? 'any logged-in user' : `permission ${String(access)}`;

/** Who may call a route that needs a login (`x-roles`), from the permission map: never a list of its own. */
const holdersOfAccess = (access: Exclude<Access, 'public' | 'override'>): Holder[] =>
  access === 'session' ? [...ROLES] : holdersOf(access);

/** The operation's description with a line saying who may call it (what a reader of any tool sees). */
function describeAccess(description: unknown, access: Access | undefined, tokens: boolean): string {
  const who =
    !access || access === 'public' || access === 'override'
      ? 'anyone, without logging in'
      : holdersOfAccess(access)
          .map((h) => `${HOLDER_LABELS[h]} (${h})`)
          .join(', ') || 'nobody';
  const line = `${API_DOC_WHO_PREFIX}${who}.${tokens ? '' : ' Not with an API token: a browser session only.'}`;
  return typeof description === 'string' && description ? `${description}\n\n${line}` : line;
}

/**
 * The OpenAPI document of the API, generated from the zod schemas the routes validate with
 * (@fastify/swagger with fastify-type-provider-zod's transform): every /api route with its
 * parameters, body (as the client sends it) and answers, and who may call it (`x-access`).
 * The method-override twins (POST + `_method`) and the web app's files are left out. Served at
 * GET /api/openapi.json to users with `api.docs` (admins, customer users), with only the routes
 * the reader's role may call. Register before the routes: the document collects them as they
 * are added.
 */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Keurwijzer API',
          version: '1',
          description:
            'Every answer is `{ data, meta?, message? }`; errors `{ message, errors? }` with 401 (no session ' +
            'or token), 403 (no permission), 404, 409, 419 (no CSRF token), 422 (field errors), 429.\n\n' +
            'A program authenticates with a personal API token (profile, "API-tokens"): ' +
            '`Authorization: Bearer kw_...`. A token acts as its user, with the same permissions; a read ' +
            'token may only GET; the account routes (`x-api-token: false`) are for the browser only. ' +
            'The browser uses the session cookie, and a change also needs the `X-CSRF-TOKEN` header from ' +
            'GET /api/token.',
        },
        security: [{ apiToken: [] }, { session: [] }],
        components: {
          securitySchemes: {
            apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (kw_...)' },
            session: { type: 'apiKey', in: 'cookie', name: 'kw_session' },
            csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
          },
        },
      },
      transform(input: TransformInput) {
        const access = input.route.config?.access as Access | undefined;
        if (!input.url.startsWith('/api') || access === 'override') return { schema: { hide: true }, url: input.url };
        const out = jsonSchemaTransform(input);
        const tokens = !NOT_WITH_TOKEN.test(input.url);
        const extra: Record<string, unknown> = {
          'x-access': accessText(access),
          description: describeAccess(
            (out.schema as { description?: unknown } | undefined)?.description,
            access,
            tokens,
          ),
        };
        if (access && access !== 'public') {
          // Exactly who: the roles holding the permission, 'customer_admin' for a customer's own administrator.
          extra['x-roles'] = holdersOfAccess(access);
          if (access !== 'session') extra['x-permission'] = access;
        }
        if (!tokens) extra['x-api-token'] = false;
        return { ...out, schema: { ...out.schema, ...extra } as typeof out.schema };
      },
      transformObject: jsonSchemaTransformObject,
    });

    app.get('/api/openapi.json', { config: { access: 'api.docs' }, schema: { hide: true } }, async (request, reply) => {
      reply.header('content-type', 'application/json; charset=utf-8');
      return forReader(app.swagger() as Document, request.user!);
    });
  },
  { name: 'openapi' },
);

/**
 * The document with only the operations `user` may call (and paths that keep one): by the
 * user's own permissions, so a customer user sees /api/own-users only as their customer's
 * administrator.
 */
function forReader(doc: Document, user: Parameters<typeof can>[0]): Document {
  const paths: NonNullable<Document['paths']> = {};
  for (const [url, operations] of Object.entries(doc.paths ?? {})) {
    const kept = Object.entries(operations).filter(([, op]) => !op['x-permission'] || can(user, op['x-permission']));
    if (kept.length > 0) paths[url] = Object.fromEntries(kept);
  }
  return { ...doc, paths };
}
