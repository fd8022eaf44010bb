import type { FastifyRequest } from 'fastify';
import {
  CUSTOMER_ADMIN_PERMISSIONS,
  ROLE_PERMISSIONS,
  type Permission,
  type Role,
} from '@keurwijzer/shared/permissions';
import { TEXT } from '@keurwijzer/shared/texts';
import { AppError, forbidden } from './errors';

/** Who does something: what services receive instead of a request (immich's "auth" argument). */
export type Actor = {
  id: number;
  role: Role;
  customerId: number | null;
  /** "Beheerder van de klant": a customer user who manages their own customer's users. */
  customerAdmin?: boolean;
};

/** The permissions of each role as a set, computed once (the access check runs per request). */
const setOf = (role: Role): ReadonlySet<Permission> => new Set<Permission>(ROLE_PERMISSIONS[role]);
const PERMISSION_SETS: Record<Role, ReadonlySet<Permission>> = {
  super_admin: setOf('super_admin'),
  admin: setOf('admin'),
  mechanic: setOf('mechanic'),
  customer: setOf('customer'),
};
const CUSTOMER_ADMIN_SET: ReadonlySet<Permission> = new Set(CUSTOMER_ADMIN_PERMISSIONS);

/** Who holds permissions: the role, and for a customer user the "Beheerder van de klant" flag. */
type Holder = Pick<Actor, 'role' | 'customerAdmin'>;

/**
 * Whether `actor` holds `permission` (packages/shared/src/permissions.ts is the one map: the
 * role's, plus CUSTOMER_ADMIN_PERMISSIONS for a customer user with customer_admin).
 */
export const can = (actor: Holder, permission: Permission): boolean =>
  PERMISSION_SETS[actor.role].has(permission) ||
  (actor.role === 'customer' && actor.customerAdmin === true && CUSTOMER_ADMIN_SET.has(permission));

/** 403 unless `actor` holds `permission`. */
export function assertCan(actor: Holder, permission: Permission): void {
  if (!can(actor, permission)) throw forbidden();
}

/**
 * The policy of a resource whose rows need no scope: reading and changing are separate
 * permissions. Services check access only through policies: this one, or a module's own
 * `<module>.policy.ts` (built on `assertCan` and `can`) where rows are scoped (machines,
 * malfunctions, users). The routes declare the same permissions first; the policy keeps a new
 * caller of the service from skipping them.
 */
export type AccessPolicy = {
  /** 403 unless `actor` may read the resource. */
  assertRead(actor: Holder): void;
  /** 403 unless `actor` may change the resource. */
  assertWrite(actor: Holder): void;
};

/** The policy of `access`: e.g. `accessPolicy(ACCESS.masterData)`. */
export const accessPolicy = (access: { read: Permission; write: Permission }): AccessPolicy => ({
  assertRead: (actor) => assertCan(actor, access.read),
  assertWrite: (actor) => assertCan(actor, access.write),
});

/** The logged-in user of a request as an actor; 401 without one. */
export function actorOf(request: Pick<FastifyRequest, 'user'>): Actor {
  const user = request.user;
  if (!user) throw new AppError(401, TEXT.unauthenticated);
  return { id: user.id, role: user.role, customerId: user.customerId, customerAdmin: user.customerAdmin };
}
