import type { Role } from '@keurwijzer/shared/permissions';

export const STAFF: Role[] = ['super_admin', 'admin', 'mechanic'];
export const ADMINS: Role[] = ['super_admin', 'admin'];
export const CUSTOMERS: Role[] = ['customer'];
export const EVERYONE: Role[] = ['super_admin', 'admin', 'mechanic', 'customer'];

/** The route handle: which roles may open it. */
export type RouteHandle = { roles: Role[] };

/** Where a user lands after login, and where a customer goes from a forbidden route. */
export const homeFor = (role: Role): string => (role === 'customer' ? '/machines' : '/');
