import { TEXT } from '@keurwijzer/shared/texts';
import type { UserInput, UserListParams, User, UserDetail } from '@keurwijzer/shared/users';
import type { Actor } from '../../lib/actor';
import { conflict, fieldError } from '../../lib/errors';
import type { SecurityLog } from '../../lib/security-log';
import { toUser, toUserDetail } from './users.presenter';
import { usersPolicy } from './users.policy';
import type { UsersDeps, UsersKit } from './users-kit';

/** The office's user management: the list, a user, and its creation, change, archive and invitation. */
export function officeUsers(kit: UsersKit, { users, sessions }: UsersDeps) {
  const { load, changeLocked, assertValidInput, guardEmail, columnsOf, replaceInvitation, mailInvitation } = kit;
  return {
    /** A page as JSON text, presented by the database (see USER_JSON in the repository). */
    list(actor: Actor, query: UserListParams) {
      usersPolicy.assertRead(actor);
      return users.list(query);
    },

    async get(actor: Actor, id: number): Promise<UserDetail> {
      usersPolicy.assertRead(actor);
      return toUserDetail(await load(id));
    },

    create: kit.create,

    async update(actor: Actor, id: number, input: UserInput, log: SecurityLog): Promise<User> {
      const { target, link } = await guardEmail(
        changeLocked(id, actor, async (target, tx) => {
          if (target.id === actor.id && input.role !== target.role) {
            throw fieldError('role', 'Je kunt je eigen rol niet wijzigen');
          }
          await assertValidInput(input, actor, id, tx);
          await users.update(id, columnsOf(input), tx);
          // A corrected address of a pending invitee: the link sent to the old one must die.
          const pending = input.email !== target.email && !target.activatedAt && !target.archivedAt;
          return { target, link: pending ? await replaceInvitation(id, tx) : undefined };
        }),
      );
      // A changed role (or customer administration) changes privileges: the user logs in again (security.md).
      const adminChanged = (input.role === 'customer' && input.customer_admin === true) !== target.customerAdmin;
      if (input.role !== target.role || adminChanged) await sessions.destroyForUser(id);
      const updated = await load(id);
      const who = { userId: id, email: updated.email, actorId: actor.id };
      if (input.role !== target.role) {
        log('user.role_changed', { ...who, role: updated.role, previousRole: target.role });
      }
      if (input.email !== target.email) log('user.email_changed', { ...who, previousEmail: target.email });
      if (adminChanged) log('user.customer_admin_changed', { ...who, customerAdmin: updated.customerAdmin });
      if (link) await mailInvitation(updated, link);
      return toUser(updated);
    },

    async archive(actor: Actor, id: number, log: SecurityLog): Promise<User> {
      await changeLocked(
        id,
        actor,
        async (target, tx) => {
          if (target.id === actor.id) throw conflict(TEXT.cannotArchiveSelf);
          if (target.archivedAt) throw conflict(TEXT.alreadyArchived);
          const now = new Date();
          await users.update(id, { archivedAt: now }, tx);
          // Their tokens end with the archive: a restore gives back the account, not the tokens.
          await users.revokeApiTokens(id, now, tx);
        },
        { own: true },
      );
      await sessions.destroyForUser(id);
      const archived = await load(id);
      log('user.archived', { userId: id, email: archived.email, actorId: actor.id });
      return toUser(archived);
    },

    async restore(actor: Actor, id: number, log: SecurityLog): Promise<User> {
      await changeLocked(
        id,
        actor,
        async (target, tx) => {
          if (!target.archivedAt) throw conflict(TEXT.notArchived);
          await users.update(id, { archivedAt: null }, tx);
        },
        { own: true },
      );
      const restored = await load(id);
      log('user.restored', { userId: id, email: restored.email, actorId: actor.id });
      return toUser(restored);
    },

    async resendInvitation(actor: Actor, id: number): Promise<void> {
      const { target, link } = await changeLocked(id, actor, async (target, tx) => {
        if (target.archivedAt) throw conflict(TEXT.userArchivedNoInvite);
        if (target.activatedAt) throw conflict(TEXT.alreadyActivated);
        return { target, link: await replaceInvitation(id, tx) };
      });
      await mailInvitation(target, link);
    },
  };
}
