import { assignableRoles } from '@keurwijzer/shared/permissions';
import { TEXT } from '@keurwijzer/shared/texts';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TWO_FACTOR_TEXT } from '@keurwijzer/shared/two-factor';
import {
  ACCOUNTS_TEXT,
  type LinkAccountInput,
  type OwnUserInput,
  type OwnUserListParams,
  type UserInput,
  type UserListParams,
  type User,
  type UserDetail,
  type WaitingAccountsParams,
} from '@keurwijzer/shared/users';
import type { Company } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import type { MailSender } from '../../lib/mail-queue';
import { invitationMail, twoFactorResetMail } from '../../lib/mail-templates';
import { accountReadyMail } from '../../lib/account-ready-mail';
import type { SecurityLog } from '../../lib/security-log';
import { randomToken, sha256 } from '../../lib/tokens';
import { toUser, toUserDetail } from './users.presenter';
import { usersPolicy } from './users.policy';
import type { UsersRepository } from './users.repository';
import type { WaitingAccountsRepository } from './waiting-accounts.repository';

/** An invitation link is valid for 72 hours (security.md). */
export const INVITATION_TTL_MS = 72 * 3_600_000;

/**
 * What user management needs of the sessions (the auth module's store), passed in by the
 * composition root (modules/index.ts): a changed role or an archived account ends every session
 * of that user.
 */
export type UserSessions = { destroyForUser(userId: number): Promise<void> };

type Deps = {
  db: Db;
  users: UsersRepository;
  /** The waiting accounts with their suggested customers, and their link. */
  waiting: WaitingAccountsRepository;
  sessions: UserSessions;
  mail: MailSender;
  appUrl: string;
  company: Company;
  /** Turns a user's two-factor off: secret and recovery codes (the two-factor repository's `disable`). */
  turnOffTwoFactor: (userId: number, tx: Executor) => Promise<void>;
};

/**
 * User management: the rules, and access through the users' policy (users.policy.ts: every
 * method takes the actor); queries live in the repository. `db` only opens
 * the transactions they run in.
 */
export function createUsersService({ db, users, waiting, sessions, mail, appUrl, company, turnOffTwoFactor }: Deps) {
  async function load(id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw notFound();
    return row;
  }

  async function assertValidInput(input: UserInput, actor: Actor, exceptId?: number, tx: Executor = db) {
    if (!assignableRoles(actor.role).includes(input.role)) throw fieldError('role', TEXT.roleNotAllowed);
    if (await users.emailTaken(input.email, exceptId, tx)) throw fieldError('email', TEXT.emailTaken);
    if (input.customer_id != null && !(await users.activeCustomerExists(input.customer_id, tx))) {
      throw fieldError('customer_id', 'Deze klant bestaat niet (meer)');
    }
  }

  /**
   * Runs `work` on the user locked (FOR UPDATE) for one transaction, after the 404 and the
   * super-admin rule: changes of one user run one after the other, each deciding on the row the
   * one before left (of ten archives at once one archives, nine find it archived: 409). Sessions
   * and mail are for after the transaction (the caller's). `own`: a customer administrator may
   * do it too, to their own customer's users (archive, restore).
   */
  function changeLocked<T>(
    id: number,
    actor: Actor,
    work: (target: UserRow, tx: Executor) => Promise<T>,
    { own = false }: { own?: boolean } = {},
  ) {
    if (own) usersPolicy.assertWriteOwn(actor);
    else usersPolicy.assertWrite(actor);
    return db.transaction(async (tx) => {
      const target = await users.lockById(id, tx);
      if (!target) throw notFound();
      usersPolicy.assertMayManage(actor, target);
      return work(target, tx);
    });
  }

  /** A new invitation link for the user; the previous one dies. */
  async function replaceInvitation(userId: number, tx: Executor = db): Promise<string> {
    const token = randomToken();
    await users.replaceToken(userId, 'invitation', sha256(token), new Date(Date.now() + INVITATION_TTL_MS), tx);
    return `${appUrl}/activate/${token}`;
  }

  async function sendInvitation(user: Pick<UserRow, 'id' | 'email' | 'firstName'>) {
    await mailInvitation(user, await replaceInvitation(user.id));
  }

  async function mailInvitation(user: Pick<UserRow, 'email' | 'firstName'>, link: string) {
    await mail.send({ kind: 'invitation', to: user.email, ...invitationMail(user, link) });
  }

  /** The e-mail check above can lose a race; the unique index then answers the same 422. */
  async function guardEmail<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_unique')) throw fieldError('email', TEXT.emailTaken);
      throw err;
    }
  }

  const columnsOf = (input: UserInput) => ({
    firstName: input.first_name,
    preposition: input.preposition,
    lastName: input.last_name,
    email: input.email,
    role: input.role,
    customerId: input.role === 'customer' ? input.customer_id : null,
    customerAdmin: input.role === 'customer' && input.customer_admin === true,
  });

  /**
   * A new account and its invitation mail: the office's "Nieuwe gebruiker", and a customer
   * administrator's invitation of a colleague (`inviteOwn`, the same path).
   */
  async function create(actor: Actor, input: UserInput, log: SecurityLog): Promise<User> {
    usersPolicy.assertMayCreate(actor, input);
    await assertValidInput(input, actor);
    const id = await guardEmail(users.insert(columnsOf(input)));
    const row = await load(id);
    log('user.created', { userId: id, email: row.email, role: row.role, actorId: actor.id });
    await sendInvitation(row);
    return toUser(row);
  }

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

    create,

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

    /**
     * Requires the user to choose a new password: until they do (change-password, or a reset by
     * e-mail), the API only lets them change it or leave (plugins/access.ts). Not of oneself (the
     * profile changes one's own), not of a user without a password (an invitee, or Google-only):
     * 409. Requiring it again is no error. Sessions stay: the gate works on the next request.
     */
    async requirePasswordChange(actor: Actor, id: number, log: SecurityLog): Promise<UserDetail> {
      await changeLocked(id, actor, async (target, tx) => {
        if (target.id === actor.id) throw conflict(PASSWORD_TEXT.changeRequiredSelf);
        if (target.passwordHash === null) throw conflict(PASSWORD_TEXT.changeRequiredNoPassword);
        await users.update(id, { passwordChangeRequired: true }, tx);
      });
      const row = await load(id);
      log('user.password_change_required', { userId: id, email: row.email, actorId: actor.id });
      return toUserDetail(row);
    },

    /**
     * Turns a user's two-factor sign-in off (a lost phone, or a session thief who turned it on):
     * the secret and the recovery codes go in the same locked change, every session of the user
     * ends, the user is mailed. Not one's own (the profile turns it off with the password), not
     * when it is off: 409. Ten at once: one resets, nine find it off.
     */
    async resetTwoFactor(actor: Actor, id: number, log: SecurityLog): Promise<UserDetail> {
      await changeLocked(id, actor, async (target, tx) => {
        if (target.id === actor.id) throw conflict(TWO_FACTOR_TEXT.resetSelf);
        if (!target.totpEnabledAt) throw conflict(TWO_FACTOR_TEXT.notEnabled);
        await turnOffTwoFactor(id, tx);
      });
      await sessions.destroyForUser(id);
      const row = await load(id);
      log('user.two_factor_reset', { userId: id, email: row.email, actorId: actor.id });
      await mail.send({ kind: 'two_factor_reset', to: row.email, ...twoFactorResetMail(row, appUrl, company) });
      return toUserDetail(row);
    },

    /** GET /api/users/waiting: self-registered accounts without a customer, with suggested customers. */
    waitingAccounts(actor: Actor, query: WaitingAccountsParams) {
      usersPolicy.assertRead(actor);
      return waiting.list(query);
    },

    /**
     * Links a waiting account to its customer (one conditional statement: of two links at once
     * one wins, the other gets 409) and mails the user that the account is ready. 404 for an
     * unknown user, 409 for an account that waits no more, 422 for an archived or unknown customer.
     */
    async link(actor: Actor, id: number, input: LinkAccountInput, log: SecurityLog): Promise<User> {
      usersPolicy.assertWrite(actor);
      await load(id);
      const result = await waiting.link(id, input.customer_id);
      if (result === 'no_customer') throw fieldError('customer_id', ACCOUNTS_TEXT.customerGone);
      if (result === 'not_waiting') throw conflict(ACCOUNTS_TEXT.notWaiting);
      const linked = await load(id);
      log('user.linked', { userId: id, email: linked.email, customerId: input.customer_id, actorId: actor.id });
      await mail.send({
        kind: 'account_ready',
        to: linked.email,
        ...accountReadyMail(linked, linked.customerName ?? '', appUrl),
      });
      return toUser(linked);
    },

    /** GET /api/own-users: the users of the customer administrator's own customer. */
    listOwn(actor: Actor, query: OwnUserListParams) {
      const customerId = usersPolicy.ownCustomer(actor);
      return users.list({ ...query, customer_id: customerId, employees: false });
    },

    /**
     * POST /api/own-users: a customer administrator invites a colleague: always a customer user of
     * their own customer, never an administrator; the office's invitation (`create`) sends the mail.
     */
    inviteOwn(actor: Actor, input: OwnUserInput, log: SecurityLog): Promise<User> {
      const customerId = usersPolicy.ownCustomer(actor);
      return create(actor, { ...input, role: 'customer', customer_id: customerId, customer_admin: false }, log);
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
