import {
  ACCOUNTS_TEXT,
  type LinkAccountInput,
  type OwnUserInput,
  type OwnUserListParams,
  type User,
  type WaitingAccountsParams,
} from '@keurwijzer/shared/users';
import type { Actor } from '../../lib/actor';
import { conflict, fieldError } from '../../lib/errors';
import { accountReadyMail } from '../../lib/account-ready-mail';
import type { SecurityLog } from '../../lib/security-log';
import { toUser } from './users.presenter';
import { usersPolicy } from './users.policy';
import type { UsersDeps, UsersKit } from './users-kit';

/**
 * The customers' accounts: the office links waiting self-registered accounts to their customer,
 * and a customer administrator lists and invites the users of their own customer.
 */
export function customerUsers({ load, create }: UsersKit, { users, waiting, mail, appUrl }: UsersDeps) {
  return {
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
  };
}
