/**
 * Roles and the permissions they carry. Every server route declares one permission (or is
 * public / only needs a session); the web hides what the user may not do with the same map.
 */
export const ROLES = ['super_admin', 'admin', 'mechanic', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** Dutch labels as the spec names them. */
export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Superbeheerder',
  admin: 'Beheerder',
  mechanic: 'Monteur',
  customer: 'Klant',
};

/** Roles that count as employees (the `employees=1` filter of the user list). */
export const EMPLOYEE_ROLES = ['super_admin', 'admin', 'mechanic'] as const satisfies readonly Role[];

export const PERMISSIONS = [
  'users.view',
  'users.manage',
  'customers.view',
  'customers.manage',
  'master-data.manage',
  'tasklists.view',
  'tasklists.manage',
  'reports.fill',
  'own-machines.view',
  'malfunctions.report',
  'profile.edit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ADMIN: Permission[] = [
  'users.view',
  'users.manage',
  'customers.view',
  'customers.manage',
  'master-data.manage',
  'tasklists.view',
  'tasklists.manage',
  'profile.edit',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  super_admin: ADMIN,
  admin: ADMIN,
  mechanic: ['tasklists.view', 'tasklists.manage', 'reports.fill', 'profile.edit'],
  customer: ['own-machines.view', 'malfunctions.report', 'profile.edit'],
};

/** The permission names of a set of roles, without duplicates. */
export function permissionsFor(roles: readonly Role[]): Permission[] {
  return [...new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]))];
}

/**
 * Which roles a user may hand out. Only a super admin creates or edits super admins, so an
 * admin cannot raise anyone (or themselves) above their own level.
 */
export function assignableRoles(actorRole: Role): Role[] {
  return actorRole === 'super_admin' ? [...ROLES] : ROLES.filter((r) => r !== 'super_admin');
}
