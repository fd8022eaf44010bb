import { assignableRoles } from '@keurwijzer/shared/permissions';
import { TEXT } from '@keurwijzer/shared/texts';
import type { UserInput, User } from '@keurwijzer/shared/users';
import type { Company } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import type { MailSender } from '../../lib/mail-queue';
import { invitationMail } from '../../lib/mail-templates';
import type { SecurityLog } from '../../lib/security-log';
import { randomToken, sha256 } from '../../lib/tokens';
import { toUser } from './users.presenter';
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

export type UsersDeps = {
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
 * The steps the users' services share: loading, the input rules, the locked change, the
 * invitation and the creation of an account (the office's and a customer administrator's).
 */
export function createUsersKit({ db, users, mail, appUrl }: UsersDeps) {
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
    await mailInvitation(row, await replaceInvitation(row.id));
    return toUser(row);
  }

  return { load, assertValidInput, changeLocked, replaceInvitation, mailInvitation, guardEmail, columnsOf, create };
}

export type UsersKit = ReturnType<typeof createUsersKit>;
