import { roleCan, type Permission, type Role } from '@keurwijzer/shared/permissions';

/**
 * Who may open a screen or see a menu item: a permission of the one access map
 * (packages/shared/src/permissions.ts, the same the server checks), or 'session' for everyone
 * logged in. Never a list of roles: a role that gains a permission gains its screens.
 */
export type Access = Permission | 'session';

/** The route handle: what a route needs. */
export type RouteHandle = { access: Access };

export const mayOpen = (role: Role, access: Access): boolean => access === 'session' || roleCan(role, access);
