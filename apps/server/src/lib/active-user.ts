import type { UserRow, users } from '../db/schema/users';

/** A user as a session or an API token loads it: the row, its customer's name and archive time. */
export type LoadedUser = {
  user: typeof users.$inferSelect | null;
  customerName: string | null;
  customerArchivedAt: Date | null;
};

/**
 * The user a request may act as, or null: no user, an archived one, or one of an archived
 * customer. The one rule for the session cookie and the personal API token alike.
 */
export const activeUser = ({ user, customerName, customerArchivedAt }: LoadedUser): UserRow | null =>
  !user || user.archivedAt || customerArchivedAt ? null : { ...user, customerName };
