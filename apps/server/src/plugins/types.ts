import type { Permission } from '@keurwijzer/shared/permissions';
import type { UserRow } from '../db/schema/users';
import type { FileLimits } from '../lib/multipart';
import type { RequestToken } from '../modules/api-tokens/api-tokens.service';
import type { Session } from '../modules/auth/session-store';

/**
 * What a route needs: 'public' (nobody needs to be logged in), 'session' (any logged-in user),
 * a permission name, or 'override' (the POST twin of the method-override plugin: before the body
 * is read it needs what at least one of its target routes needs, `overrides`, and then exactly
 * what the target named by `_method` needs). Every /api route must declare one (deny by default).
 */
export type Access = 'public' | 'session' | 'override' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A method-override twin's: the access of each route it may dispatch to. */
    overrides?: readonly Access[];
    /** Upload routes only: the multipart files they take (lib/multipart.ts); others take none. */
    files?: FileLimits;
    /** 'export': a file export (PDF, xlsx), counted against the user's exports per hour (modules/usage). */
    usage?: 'export';
  }
  interface FastifyRequest {
    session: Session | null;
    /** The logged-in user, or null. */
    user: UserRow | null;
    /** The personal API token the request was made with (then `session` is null), or null. */
    apiToken: RequestToken | null;
  }
}
