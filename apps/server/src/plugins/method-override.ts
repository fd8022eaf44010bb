import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { TEXT } from '@keurwijzer/shared/texts';
import { AppError } from '../lib/errors';
import { checkAccess } from './access';
import type { Access } from './types';
import './types';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/** Route options a twin does not carry over: a target with one of them stops the server at start. */
const NOT_CARRIED = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
  'bodyLimit',
  'attachValidation',
  'errorHandler',
  'validatorCompiler',
  'serializerCompiler',
] as const;

type Validate = (data: unknown) => { value?: unknown; error?: unknown };
type Serialize = (data: unknown) => string;
type Part = 'params' | 'body' | 'querystring';

/** What a twin needs of the PUT/PATCH/DELETE route it dispatches to. */
type Target = {
  access: Access;
  handler: RouteHandlerMethod;
  /** The instance the route was registered on: the handler's `this`. */
  instance: FastifyInstance;
  validate: Partial<Record<Part, Validate>>;
  /** The route's response schemas by status, compiled as Fastify compiles them. */
  serializers: Map<number, Serialize>;
};

/** A schema failure shaped like Fastify's own, so plugins/errors.ts answers 404 / 422 as for the route. */
function validationError(issues: unknown, context: Part) {
  return Object.assign(new Error(TEXT.validation), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validation: issues,
    validationContext: context,
  });
}

function compileTarget(route: RouteOptions, instance: FastifyInstance, method: string): Target {
  for (const option of NOT_CARRIED) {
    const value: unknown = route[option];
    // Fastify fills some in (attachValidation: false); an empty hook list carries nothing either.
    if (value !== undefined && value !== null && value !== false && !(Array.isArray(value) && !value.length)) {
      throw new Error(`${method} ${route.url}: its POST _method twin cannot carry route option ${option}`);
    }
  }
  if (route.config?.files) throw new Error(`${method} ${route.url}: an upload route cannot be a _method target`);
  // The app's schemas are zod (fastify-type-provider-zod), compiled here as Fastify compiles them.
  const schema = (route.schema ?? {}) as Partial<Record<Part, ZodType>> & { response?: Record<string, ZodType> };
  const validate: Target['validate'] = {};
  for (const part of ['params', 'body', 'querystring'] as const) {
    const partSchema = schema[part];
    if (partSchema) {
      validate[part] = validatorCompiler({ schema: partSchema, method, url: route.url, httpPart: part }) as Validate;
    }
  }
  const serializers = new Map<number, Serialize>();
  for (const [status, responseSchema] of Object.entries(schema.response ?? {})) {
    serializers.set(
      Number(status),
      serializerCompiler({ schema: responseSchema, method, url: route.url, httpStatus: status }) as Serialize,
    );
  }
  return { access: route.config!.access!, handler: route.handler, instance, validate, serializers };
}

/** Runs the target's schema for one part of the request, as Fastify would have for the route. */
function validated(target: Target, part: Part, data: unknown): unknown {
  const validate = target.validate[part];
  if (!validate) return data;
  const result = validate(data);
  if (result.error) throw validationError(result.error, part);
  return result.value;
}

/**
 * Spec section 7: updates arrive as POST with `_method=PUT` (or PATCH, DELETE) in the body.
 * Fastify routes before it reads a body, so for each URL with such routes a POST twin is added.
 * The twin is checked before its body is read: session, CSRF and the permission of at least one
 * of its targets (plugins/access.ts, `config.overrides`), so an anonymous or unauthorized request
 * costs what any refused request costs. Then its body is parsed once (with the same limits as
 * every other route: small, and no files), `_method` picks the target, whose own permission is
 * checked, whose zod schemas validate params, body and query, whose handler runs on this very
 * request and whose response schemas serialize the answer. Nothing is re-encoded or injected.
 * Call `methodOverride(app)` before the modules and `registerTwins` after them.
 */
export function methodOverride(app: FastifyInstance) {
  const targets = new Map<string, Map<string, Target>>();
  const posts = new Set<string>();

  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api') || route.config?.access === 'override') return;
    for (const method of [route.method].flat()) {
      if (method === 'POST') posts.add(route.url);
      if (OVERRIDABLE.has(method)) {
        const byMethod = targets.get(route.url) ?? new Map<string, Target>();
        byMethod.set(method, compileTarget(route, this, method));
        targets.set(route.url, byMethod);
      }
    }
  });

  return async function registerTwins(instance: FastifyInstance) {
    for (const [url, byMethod] of targets) {
      if (posts.has(url)) throw new Error(`POST ${url} exists, so _method cannot override it`);
      const overrides = [...new Set([...byMethod.values()].map((target) => target.access))];
      instance.post(url, { config: { access: 'override', overrides } }, async function (request, reply) {
        const body = request.body;
        const { _method, ...fields } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
        const target = typeof _method === 'string' ? byMethod.get(_method.toUpperCase()) : undefined;
        if (!target) throw new AppError(404, TEXT.notFound);
        return dispatch(target, request, reply, fields);
      });
    }
  };
}

async function dispatch(target: Target, request: FastifyRequest, reply: FastifyReply, fields: unknown) {
  // The twin's own check admitted one of the targets; now exactly this one's.
  checkAccess(request, [target.access]);
  request.params = validated(target, 'params', request.params);
  request.body = validated(target, 'body', fields);
  request.query = validated(target, 'querystring', request.query);
  reply.type('application/json; charset=utf-8');
  reply.serializer((payload: unknown) => {
    if (typeof payload === 'string') return payload;
    const serialize = target.serializers.get(reply.statusCode);
    return serialize ? serialize(payload) : JSON.stringify(payload);
  });
  return target.handler.call(target.instance, request, reply);
}
