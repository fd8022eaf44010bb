import type { User } from '@keurwijzer/shared/users';
import { StatusChip } from '../../../components/display/status-chip';

/** Gearchiveerd, Uitgenodigd (no password chosen yet) or Actief. */
export function UserStatus({ user }: { user: Pick<User, 'archived_at' | 'activated_at'> }) {
  if (user.archived_at) return <StatusChip variant="filled" label="Gearchiveerd" />;
  if (!user.activated_at) return <StatusChip tone="warning" label="Uitgenodigd" />;
  return <StatusChip tone="success" label="Actief" />;
}
