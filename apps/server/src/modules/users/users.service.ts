import type { UserRow } from '../../db/schema/users';
import { toUser } from './users.presenter';
import type { UsersRepository } from './users.repository';
import { createUsersKit, type UsersDeps } from './users-kit';
import { customerUsers } from './users-customers.service';
import { officeUsers } from './users-office.service';
import { userSecurity } from './users-security.service';

export { INVITATION_TTL_MS, type UserSessions } from './users-kit';

/**
 * User management: the rules, and access through the users' policy (users.policy.ts: every
 * method takes the actor); queries live in the repository. `db` only opens
 * the transactions they run in. The methods live by subject: the office's management
 * (users-office.service.ts), the sign-in's security steps (users-security.service.ts) and the
 * customers' accounts (users-customers.service.ts), on the shared steps of users-kit.ts.
 */
export function createUsersService(deps: UsersDeps) {
  const kit = createUsersKit(deps);
  return { ...officeUsers(kit, deps), ...userSecurity(kit, deps), ...customerUsers(kit, deps) };
}

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * What other modules may know of the users, passed to them by the composition root: the auth
 * module looks a user up by e-mail to log it in (`AuthUsers`) and shows it as the API does.
 */
export function createUserDirectory(users: Pick<UsersRepository, 'findByEmail'>) {
  return {
    /**
     * The user with this e-mail. A user of an archived customer counts as archived from then
     * on (its login is refused like an archived user's) and logs in again once the customer is
     * restored (docs/decisions.md).
     */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const row = await users.findByEmail(email);
      if (!row) return undefined;
      const { customerArchivedAt, ...user } = row;
      return { ...user, archivedAt: user.archivedAt ?? customerArchivedAt };
    },
    present: toUser,
  };
}
