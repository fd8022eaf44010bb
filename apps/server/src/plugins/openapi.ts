import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Access } from './types';

/** A route as the document's transform sees it (what this plugin reads of it). */
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Who may call a route, as the document says it (`x-access`). */
const accessText = (access: Access | undefined) =>
  access === 'public' ? 'public' : access === 'session' ? 'any logged-in user' : `permission ${String(access)}`;

/**
 * The OpenAPI document of the API, generated from the zod schemas the routes validate with
 * (@fastify/swagger with fastify-type-provider-zod's transform): every /api route with its
 * parameters, body (as the client sends it) and answers, and who may call it (`x-access`).
 * The method-override twins (POST + `_method`) and the web app's files are left out. Served at
 * GET /api/openapi.json to users with `api.docs` (admins). Register before the routes: the
 * document collects them as they are added.
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
            'Every answer is `{ data, meta?, message? }`; errors `{ message, errors? }` with 401 (no session), ' +
            '403 (no permission), 404, 409, 419 (no CSRF token), 422 (field errors), 429. A change needs the ' +
            'session cookie and the `X-CSRF-TOKEN` header from GET /api/token.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'kw_session' },
            csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
          },
        },
      },
      transform(input: TransformInput) {
        const access = input.route.config?.access as Access | undefined;
        if (!input.url.startsWith('/api') || access === 'override') return { schema: { hide: true }, url: input.url };
        const out = jsonSchemaTransform(input);
        return { ...out, schema: { ...out.schema, 'x-access': accessText(access) } as typeof out.schema };
      },
      transformObject: jsonSchemaTransformObject,
    });

    app.get(
      '/api/openapi.json',
      { config: { access: 'api.docs' }, schema: { hide: true } },
      async (_request, reply) => {
        reply.header('content-type', 'application/json; charset=utf-8');
        return app.swagger();
      },
    );
  },
  { name: 'openapi' },
);
