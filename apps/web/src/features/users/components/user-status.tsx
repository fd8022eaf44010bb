import Chip from '@mui/material/Chip';
import type { User } from '@keurwijzer/shared/users';

/** Gearchiveerd, Uitgenodigd (no password chosen yet) or Actief. */
export function UserStatus({ user }: { user: Pick<User, 'archived_at' | 'activated_at'> }) {
  if (user.archived_at) return <Chip size="small" label="Gearchiveerd" />;
  if (!user.activated_at) return <Chip size="small" color="warning" variant="outlined" label="Uitgenodigd" />;
  return <Chip size="small" color="success" variant="outlined" label="Actief" />;
}
