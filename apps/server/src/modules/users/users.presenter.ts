import { permissionsFor } from '@keurwijzer/shared/permissions';
import type { User } from '@keurwijzer/shared/users';
import type { UserRow } from '../../db/schema/users';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Maps a row to the API contract; the password hash never leaves here. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    preposition: row.preposition,
    last_name: row.lastName,
    email: row.email,
    image: row.image,
    role: row.role,
    roles: [row.role],
    permissions: permissionsFor([row.role]),
    customer_id: row.customerId,
    customer_name: row.customerName,
    archived_at: iso(row.archivedAt),
    activated_at: iso(row.activatedAt),
    created_at: row.createdAt.toISOString(),
  };
}
