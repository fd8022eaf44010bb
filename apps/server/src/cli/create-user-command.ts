import { parseArgs } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, ROLE_LABELS, type Role } from '@keurwijzer/shared/permissions';
import { isPasswordStrongEnough, type PasswordOwner } from '@keurwijzer/shared/password-strength';
import { ACCOUNT_TEXT } from '@keurwijzer/shared/texts';
import { MSG, emailField, idField, newPasswordField, optionalText, requiredText } from '@keurwijzer/shared/validation';
import type { Db } from '../db/client';
import { customers } from '../db/schema/customers';
import { users } from '../db/schema/users';
import { isCommonPassword } from '../lib/common-passwords';
import { isUniqueViolation } from '../lib/errors';
import { hashPassword } from '../lib/password';

/** A refusal with a message for the operator (Dutch, then English); the CLI exits with 1. */
export class CliError extends Error {
  override name = 'CliError';
}

export const USAGE = `Gebruik / usage:
  npm run user:create -- --email <e-mail> --role <rol> [opties]

  --email <e-mail>        verplicht / required
  --role <rol>            ${ROLES.join(' | ')}
  --first-name <naam>     voornaam / first name (standaard: deel voor de @)
  --preposition <tv>      tussenvoegsel / preposition
  --last-name <naam>      achternaam / last name (standaard: de rolnaam)
  --customer-id <id>      klant van een klantgebruiker; alleen bij --role customer
  --password <wachtwoord> anders gevraagd in de terminal of gelezen van stdin (regel 1);
                          let op: een wachtwoord op de opdrachtregel staat in de shell-geschiedenis
  --help                  deze tekst / this text

Het account is meteen actief (geen uitnodiging). Met PGlite (geen DATABASE_URL) moet de server
op dezelfde DATA_DIR gestopt zijn. / The account is active at once (no invitation). With PGlite
(no DATABASE_URL) the server on the same DATA_DIR must be stopped.`;

const PASSWORD_RULE =
  'minimaal 8 tekens met een hoofdletter, kleine letter, cijfer en leesteken / ' +
  'at least 8 characters with an upper-case and lower-case letter, a digit and a special character';
const PASSWORD_ADVICE =
  'bijvoorbeeld een paar losse woorden, zonder je naam of e-mailadres / ' +
  'e.g. a few unrelated words, without your name or e-mail address';

/** The spec's rule, the common list and the strength estimate, as activation checks them. */
function checkPassword(password: string, owner: PasswordOwner): void {
  const result = newPasswordField().safeParse(password);
  if (!result.success) throw new CliError(`--password: ${result.error.issues[0]?.message} (${PASSWORD_RULE})`);
  // security.md: common passwords are refused wherever a password is set.
  if (isCommonPassword(password)) throw new CliError(`--password: ${ACCOUNT_TEXT.commonPassword} / too common`);
  if (!isPasswordStrongEnough(password, owner)) {
    throw new CliError(`--password: ${MSG.passwordWeak} / too easy to guess (${PASSWORD_ADVICE})`);
  }
}

export type CreateUserArgs = {
  email: string;
  role: Role;
  firstName: string;
  preposition: string | null;
  lastName: string;
  customerId: number | null;
  /** Absent: asked for through `deps.readPassword`. */
  password: string | undefined;
};

export type CreateUserDeps = {
  db: Db;
  scryptLogN: number;
  /** Asks for the password (twice); absent when there is no way to ask. */
  readPassword?: () => Promise<{ password: string; repeat: string }>;
};

export type CreatedUser = { id: number; email: string; role: Role; customerName: string | null };

/** The first message of a failed zod parse, for one option. */
function check<T extends z.ZodType>(schema: T, value: unknown, option: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new CliError(`--${option}: ${result.error.issues[0]?.message ?? MSG.invalidChoice}`);
}

/** Parses and validates the options (no database needed); throws CliError with the reason. */
export function parseCreateUserArgs(argv: string[]): CreateUserArgs | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        'first-name': { type: 'string' },
        preposition: { type: 'string' },
        'last-name': { type: 'string' },
        'customer-id': { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`);
  }
  if (values.help) return 'help';
  if (values.email === undefined) throw new CliError(`--email: ${MSG.required} / required\n\n${USAGE}`);
  if (values.role === undefined) throw new CliError(`--role: ${MSG.required} / required (${ROLES.join(', ')})`);

  const email = check(emailField(), values.email, 'email');
  const role = check(z.enum(ROLES, { error: `${MSG.invalidChoice}: ${ROLES.join(', ')}` }), values.role, 'role');
  const firstName = check(requiredText(), values['first-name'] ?? email.split('@')[0], 'first-name');
  const preposition = check(optionalText(), values.preposition, 'preposition');
  const lastName = check(requiredText(), values['last-name'] ?? ROLE_LABELS[role], 'last-name');

  let customerId: number | null = null;
  if (role === 'customer') {
    if (values['customer-id'] === undefined) {
      throw new CliError('--customer-id: verplicht voor een klantgebruiker / required for role customer');
    }
    customerId = check(idField(), values['customer-id'], 'customer-id');
  } else if (values['customer-id'] !== undefined) {
    throw new CliError('--customer-id: alleen voor --role customer / only for role customer');
  }

  const password = typeof values.password === 'string' ? values.password : undefined;
  if (password !== undefined) checkPassword(password, { firstName, lastName, email });
  return { email, role, firstName, preposition, lastName, customerId, password };
}

/**
 * Creates an activated user (the first super admin of a production install). Checks the e-mail
 * and the customer before asking for the password, so nobody types it in vain.
 */
export async function createUserCommand(args: CreateUserArgs, deps: CreateUserDeps): Promise<CreatedUser> {
  const { db } = deps;
  if ((await db.$count(users, eq(users.email, args.email))) > 0) {
    throw new CliError(`--email: ${args.email} is al in gebruik / is already in use`);
  }
  let customerName: string | null = null;
  if (args.customerId !== null) {
    const [customer] = await db
      .select({ name: customers.name })
      .from(customers)
      .where(and(eq(customers.id, args.customerId), isNull(customers.archivedAt)));
    if (!customer) throw new CliError(`--customer-id: klant ${args.customerId} bestaat niet / no such customer`);
    customerName = customer.name;
  }

  let password = args.password;
  if (password === undefined) {
    if (!deps.readPassword) {
      throw new CliError('--password: verplicht zonder terminal of stdin / required without a terminal or stdin');
    }
    const answer = await deps.readPassword();
    checkPassword(answer.password, args);
    if (answer.password !== answer.repeat) throw new CliError(`--password: ${MSG.passwordMismatch} / do not match`);
    password = answer.password;
  }

  const passwordHash = await hashPassword(password, deps.scryptLogN);
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: args.email,
        role: args.role,
        firstName: args.firstName,
        preposition: args.preposition,
        lastName: args.lastName,
        customerId: args.customerId,
        passwordHash,
        activatedAt: new Date(),
      })
      .returning({ id: users.id });
    return { id: row!.id, email: args.email, role: args.role, customerName };
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) {
      throw new CliError(`--email: ${args.email} is al in gebruik / is already in use`);
    }
    throw err;
  }
}
