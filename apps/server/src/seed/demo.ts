import { isPasswordStrongEnough } from '@keurwijzer/shared/password-strength';
import type { Role } from '@keurwijzer/shared/permissions';
import { isStrongPassword } from '@keurwijzer/shared/validation';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/password';
import { seedCustomers } from './customers';
import { seedMachines } from './machines';
import { seedMasterData } from './master-data';

export const DEMO_ACCOUNTS: {
  email: string;
  role: Role;
  firstName: string;
  preposition?: string;
  lastName: string;
  customer?: number;
}[] = [
  { email: 'superadmin@example.com', role: 'super_admin', firstName: 'Sanne', lastName: 'Bakker' },
  { email: 'admin@example.com', role: 'admin', firstName: 'Dirk', preposition: 'van der', lastName: 'Berg' },
  { email: 'monteur@example.com', role: 'mechanic', firstName: 'Jeroen', lastName: 'Visser' },
  {
    email: 'klant@example.com',
    role: 'customer',
    firstName: 'Femke',
    preposition: 'de',
    lastName: 'Jong',
    customer: 0,
  },
  { email: 'klant2@example.com', role: 'customer', firstName: 'Bram', lastName: 'Smit', customer: 1 },
];

/** Colleagues without a password yet (invited), so the user lists have something to page through. */
const INVITED: { firstName: string; preposition?: string; lastName: string; role: Role }[] = [
  { firstName: 'Lotte', lastName: 'Mulder', role: 'mechanic' },
  { firstName: 'Kees', preposition: 'de', lastName: 'Vries', role: 'mechanic' },
  { firstName: 'Ahmed', lastName: 'El Amrani', role: 'mechanic' },
  { firstName: 'Ingrid', lastName: 'Hendriks', role: 'admin' },
  { firstName: 'Ruud', preposition: 'van', lastName: 'Dijk', role: 'mechanic' },
];

/** True when the database has no users at all (a first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  return (await db.$count(users)) === 0;
}

/**
 * Seeds the demo company of product-decisions.md. Run only on an empty database. The demo
 * password is checked like any new password (the spec's rule and the strength estimate, with
 * each account's own name and e-mail): a weak DEMO_PASSWORD stops the first start.
 */
export async function seedDemo(db: Db, opts: { password: string; scryptLogN: number }): Promise<void> {
  const weakFor = DEMO_ACCOUNTS.filter((a) => !isPasswordStrongEnough(opts.password, a));
  if (!isStrongPassword(opts.password) || weakFor.length > 0) {
    throw new Error(
      `DEMO_PASSWORD is too easy to guess${weakFor.length ? ` (for ${weakFor.map((a) => a.email).join(', ')})` : ''}: ` +
        'choose one of 8+ characters with upper and lower case, a digit and a sign that is not ' +
        'made of a common password or an account name, e.g. a few unrelated words.',
    );
  }
  await db.transaction(async (tx) => {
    const customerIds = await seedCustomers(tx);
    const now = new Date();
    const accounts = await Promise.all(
      DEMO_ACCOUNTS.map(async (a) => ({
        email: a.email,
        role: a.role,
        firstName: a.firstName,
        preposition: a.preposition ?? null,
        lastName: a.lastName,
        customerId: a.customer === undefined ? null : customerIds[a.customer]!,
        passwordHash: await hashPassword(opts.password, opts.scryptLogN),
        activatedAt: now,
      })),
    );
    await tx.insert(users).values(accounts);
    await tx.insert(users).values(
      INVITED.map((u) => ({
        ...u,
        preposition: u.preposition ?? null,
        email: `${u.firstName}.${u.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com',
      })),
    );
    await seedMasterData(tx);
    await seedMachines(tx, customerIds);
  });
}
