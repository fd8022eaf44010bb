import type { ActivationLink, ConfirmRegistrationInput, RegisterInput } from '@keurwijzer/shared/registration';
import { REGISTRATION_TEXT } from '@keurwijzer/shared/registration';
import { ACCOUNT_TEXT } from '@keurwijzer/shared/texts';
import { isPasswordStrongEnough } from '@keurwijzer/shared/password-strength';
import { MSG } from '@keurwijzer/shared/validation';
import type { Db, Executor } from '../../db/client';
import type { UserRow, users as usersTable } from '../../db/schema/users';
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors';
import { isCommonPassword } from '../../lib/common-passwords';
import type { MailSender } from '../../lib/mail-queue';
import type { OfficeMail } from '../../lib/office-mail';
import { activationMail, addressTakenMail, waitingAccountMail } from '../../lib/mail-templates';
import { hashPassword } from '../../lib/password';
import type { SecurityLog } from '../../lib/security-log';
import { randomToken, sha256 } from '../../lib/tokens';
import type { RegistrationRepository } from './registration.repository';

/** An activation link is valid for 72 hours, like an invitation's (security.md). */
export const ACTIVATION_TTL_MS = 72 * 3_600_000;

/**
 * The limits, counted in the login throttle's table (a fixed window from the first attempt):
 * registrations from one IP, and registrations of one e-mail address from anywhere (each one
 * mails that address). The keys start with "register:", which no login e-mail does.
 */
export const REGISTER_THROTTLE = {
  ip: { max: 10, windowMs: 3_600_000 },
  email: { max: 3, windowMs: 3_600_000 },
} as const;

/** Mail that goes out after the answer; the route starts it without waiting for it. */
export type AfterResponse = () => Promise<void>;

/** What registering needs of the users module (its repository, given by the composition root). */
export type RegistrationUsers = {
  findByEmail(email: string): Promise<Pick<UserRow, 'id' | 'firstName'> | undefined>;
  findById(id: number): Promise<UserRow | undefined>;
  insert(values: typeof usersTable.$inferInsert, tx: Executor): Promise<number>;
  replaceToken(userId: number, type: 'invitation', tokenHash: string, expiresAt: Date, tx: Executor): Promise<void>;
};

/** The login throttle's counters (auth's login-attempts repository), given by the composition root. */
export type RegistrationCounters = {
  increment(key: { kind: 'pair' | 'account'; email: string; client: string }, windowMs: number): Promise<number>;
};

type Deps = {
  db: Db;
  repo: RegistrationRepository;
  /** The users' repository: the new user and its activation token (the invitation's kind). */
  users: RegistrationUsers;
  attempts: RegistrationCounters;
  mail: MailSender;
  /** The admins, told that a new account waits (lib/office-mail.ts). */
  officeMail: OfficeMail;
  appUrl: string;
  scryptLogN: number;
};

/**
 * Self-registration (spec section 2, product decisions "Accounts"): a new customer user without a
 * customer, activated by an e-mailed link, that an admin then links to its customer. Registering
 * never tells whether an address is taken: the same answer, the same work (the password is hashed
 * either way) and the mail after the answer either way.
 */
export function createRegistrationService({ db, repo, users, attempts, mail, officeMail, appUrl, scryptLogN }: Deps) {
  const { ip: perIp, email: perEmail } = REGISTER_THROTTLE;
  const ipThrottled = async (ip: string) =>
    (await attempts.increment({ kind: 'pair', email: 'register:', client: ip }, perIp.windowMs)) > perIp.max;
  const emailThrottled = async (email: string) =>
    (await attempts.increment({ kind: 'account', email: `register:${email}`, client: '' }, perEmail.windowMs)) >
    perEmail.max;

  return {
    async register(input: RegisterInput, ip: string, log: SecurityLog): Promise<AfterResponse> {
      // The IP's counter before the strength estimate (the costly part of a refused attempt), the
      // address's after it: a typo in the password does not use up the mails to that address.
      if (await ipThrottled(ip)) {
        log('register.throttled', { email: input.email });
        throw new AppError(429, REGISTRATION_TEXT.throttled);
      }
      if (isCommonPassword(input.password)) throw fieldError('password', ACCOUNT_TEXT.commonPassword);
      const person = { firstName: input.first_name, lastName: input.last_name, email: input.email };
      if (!isPasswordStrongEnough(input.password, person)) throw fieldError('password', MSG.passwordWeak);
      if (await emailThrottled(input.email)) {
        log('register.throttled', { email: input.email });
        throw new AppError(429, REGISTRATION_TEXT.throttled);
      }
      // scrypt runs whether or not the address is taken: the answer takes as long either way.
      const passwordHash = await hashPassword(input.password, scryptLogN);
      const existing = await users.findByEmail(input.email);
      const taken = (userId: number, firstName: string): AfterResponse => {
        log('register.taken', { userId, email: input.email });
        return async () => {
          await mail.send({ kind: 'address_taken', to: input.email, ...addressTakenMail(firstName, appUrl) });
        };
      };
      if (existing) return taken(existing.id, existing.firstName);

      const token = randomToken();
      try {
        const userId = await db.transaction(async (tx) => {
          const id = await users.insert(
            {
              firstName: input.first_name,
              preposition: input.preposition,
              lastName: input.last_name,
              email: input.email,
              passwordHash,
              role: 'customer',
              customerId: null,
              // What the office's waiting list suggests the customer by.
              companyName: input.company_name,
              givenCustomerNumber: input.customer_number,
            },
            tx,
          );
          await users.replaceToken(id, 'invitation', sha256(token), new Date(Date.now() + ACTIVATION_TTL_MS), tx);
          return id;
        });
        log('user.registered', { userId, email: input.email, role: 'customer' });
      } catch (err) {
        // Registered at the same moment by another request: the address is taken after all.
        if (!isUniqueViolation(err, 'users_email_unique')) throw err;
        const owner = await users.findByEmail(input.email);
        if (!owner) throw err;
        return taken(owner.id, owner.firstName);
      }
      const link = `${appUrl}/activate/${token}`;
      return async () => {
        await mail.send({ kind: 'activation', to: input.email, ...activationMail(input.first_name, link) });
      };
    },

    /**
     * What kind of link activate/{token} is, for the screen to show the right step; it changes
     * nothing (a link scanner that runs the page's script activates no account). Not throttled, as
     * the other token calls: a token is 256 random bits, so guessing one is hopeless, and
     * /api/register/confirm already tells a good link from a bad one. 422 as confirm's for a link
     * that works no more.
     */
    async check(input: ConfirmRegistrationInput): Promise<ActivationLink> {
      const kind = await repo.findOpenLinkKind(sha256(input.token));
      if (!kind) throw fieldError('token', REGISTRATION_TEXT.invalidLink);
      return { kind };
    },

    /**
     * The activation link of a self-registered account: spends the link and activates the account
     * (it logs nobody in); the admins then get a mail that it waits to be linked. 422 for any other
     * link (an admin's invitation, used, expired, archived, unknown). The activate screen calls it
     * only when its user clicks "Account activeren" (activate.tsx), never on load.
     */
    async confirm(input: ConfirmRegistrationInput, log: SecurityLog): Promise<AfterResponse> {
      const row = await db.transaction(async (tx) => {
        const open = await repo.lockOpenRegistration(sha256(input.token), tx);
        if (!open) throw fieldError('token', REGISTRATION_TEXT.invalidLink);
        await repo.activate(open.userId, open.tokenId, tx);
        return open;
      });
      log('password.set', { userId: row.userId, email: row.email });
      return async () => {
        const user = await users.findById(row.userId);
        if (!user) return;
        await officeMail.send({ kind: 'registration_waiting', ...waitingAccountMail(user, appUrl) });
      };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
