import { userPermissions } from '@keurwijzer/shared/permissions';
import type { User, UserDetail } from '@keurwijzer/shared/users';
import type { UserRow } from '../../db/schema/users';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The user payload's `image`: the URL of the profile photo (GET /api/users/:id/image, for the
 * user and for whoever manages users), versioned by the stored file's name, so a new photo is a
 * new URL; null without a photo. users.repository.ts builds the same text in SQL (USER_JSON).
 */
export const imageUrlOf = (id: number, image: string | null): string | null =>
  image === null ? null : `/api/users/${id}/image?v=${image.replace(/^.*\/|[.][^.]*$/g, '')}`;

/** Maps a row to the API contract; the password hash never leaves here. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    preposition: row.preposition,
    last_name: row.lastName,
    email: row.email,
    image: imageUrlOf(row.id, row.image),
    role: row.role,
    roles: [row.role],
    permissions: [...userPermissions(row.role, row.customerAdmin)],
    customer_id: row.customerId,
    customer_name: row.customerName,
    customer_admin: row.customerAdmin,
    archived_at: iso(row.archivedAt),
    activated_at: iso(row.activatedAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** One user for user management's screen: the payload plus the admin-set flags (lists lack them). */
export function toUserDetail(row: UserRow): UserDetail {
  return {
    ...toUser(row),
    password_change_required: row.passwordChangeRequired,
    two_factor_enabled: row.totpEnabledAt !== null,
  };
}
