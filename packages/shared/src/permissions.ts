/**
 * Roles and the permissions they carry: the one access map. Every server route declares one
 * permission (or is public / only needs a session), services check it again for the actor, and
 * the web decides which screens and actions to show from the same map (`can`), never from lists
 * of roles. Reading and changing are separate permissions (`x.view` / `x.manage`), so a role can
 * read what it does not manage.
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
  /** Customers, their places and machines. */
  'customers.view',
  'customers.manage',
  /** Brands, machine types, categories, questions and questionnaires. */
  'master-data.view',
  'master-data.manage',
  'tasklists.view',
  'tasklists.manage',
  /** The office's view of every submitted report (completed reports, their export). */
  'reports.view',
  /** The office's handling of malfunctions (storingen). */
  'malfunctions.view',
  'malfunctions.manage',
  /** The malfunctions assigned to the user ("Mijn storingen" of a mechanic). */
  'malfunctions.assigned',
  /** A customer user's own machines (the customer comes from the session). */
  'own-machines.view',
  'profile.edit',
  /** The whole audit trail (who changed what), its filters and export: super admins only. */
  'audit.view',
  /** The API's OpenAPI document, with the routes the user may call (GET /api/openapi.json). */
  'api.docs',
  /** Personal API tokens for an ERP or BI tool: office admins and customer users. */
  'api.tokens',
  /**
   * The users of one's own customer (/api/own-users): held by a customer's own
   * administrator (a customer user with `customer_admin`), not by a role.
   */
  'own-users.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ADMIN: Permission[] = [
  'users.view',
  'users.manage',
  'customers.view',
  'customers.manage',
  'master-data.view',
  'master-data.manage',
  'tasklists.view',
  'tasklists.manage',
  'reports.view',
  'malfunctions.view',
  'malfunctions.manage',
  'malfunctions.assigned',
  'profile.edit',
  'api.docs',
  'api.tokens',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  super_admin: [...ADMIN, 'audit.view'],
  admin: ADMIN,
  mechanic: ['tasklists.view', 'tasklists.manage', 'malfunctions.assigned', 'profile.edit'],
  customer: ['own-machines.view', 'profile.edit', 'api.docs', 'api.tokens'],
};

/** What a customer's own administrator ("Beheerder van de klant") holds beyond the customer role's. */
export const CUSTOMER_ADMIN_PERMISSIONS: readonly Permission[] = ['own-users.manage'];

/** Whether `role` holds `permission`. */
export const roleCan = (role: Role, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);

/**
 * The permissions of one user: their role's, and a customer administrator's own when the user is
 * a customer user with `customer_admin` (the flag is for customer users only).
 */
export const userPermissions = (role: Role, customerAdmin: boolean): readonly Permission[] =>
  role === 'customer' && customerAdmin
    ? [...ROLE_PERMISSIONS[role], ...CUSTOMER_ADMIN_PERMISSIONS]
    : ROLE_PERMISSIONS[role];

/** Who may hold a permission: a role, or a customer's own administrator (a customer user with the flag). */
export type Holder = Role | 'customer_admin';
export const HOLDER_LABELS: Record<Holder, string> = { ...ROLE_LABELS, customer_admin: 'Beheerder van de klant' };

/**
 * Who holds `permission`, from this map (the API document's `x-roles`): the roles that carry it,
 * and 'customer_admin' where only a customer's own administrator does.
 */
export const holdersOf = (permission: Permission): Holder[] => [
  ...ROLES.filter((role) => roleCan(role, permission)),
  ...(CUSTOMER_ADMIN_PERMISSIONS.includes(permission) && !roleCan('customer', permission)
    ? (['customer_admin'] as const)
    : []),
];

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

/** Read and write permission of each resource family (generic CRUD routes, the web's screens). */
export const ACCESS = {
  users: { read: 'users.view', write: 'users.manage' },
  customers: { read: 'customers.view', write: 'customers.manage' },
  masterData: { read: 'master-data.view', write: 'master-data.manage' },
  tasklists: { read: 'tasklists.view', write: 'tasklists.manage' },
  malfunctions: { read: 'malfunctions.view', write: 'malfunctions.manage' },
  /** Follow-ups ("Acties") of rejected answers: read with the reports, handled with the malfunctions. */
  followups: { read: 'reports.view', write: 'malfunctions.manage' },
} as const satisfies Record<string, { read: Permission; write: Permission }>;
