import type { Permission } from '@keurwijzer/shared/permissions';
import type { UserRow } from '../db/schema/users';
import type { Session } from '../modules/auth/session-store';

/**
 * What a route needs: 'public' (nobody needs to be logged in), 'session' (any logged-in user),
 * a permission name, or 'override' (the POST twin of the method-override plugin, whose inner
 * request does every check). Every /api route must declare one (deny by default).
 */
export type Access = 'public' | 'session' | 'override' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    session: Session | null;
    /** The logged-in user, or null. */
    user: UserRow | null;
  }
}
