import type { Role } from '@keurwijzer/shared/permissions';
import { isStrongPassword } from '@keurwijzer/shared/validation';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/password';
import { seedCustomers } from './customers';
import { seedIntervals } from './intervals';
import { seedMachines } from './machines';
import { seedMalfunctions } from './malfunctions';
import { seedMasterData } from './master-data';
import { seedTasklists } from './tasklists';

export const DEMO_ACCOUNTS: {
  email: string;
  role: Role;
  firstName: string;
  preposition?: string;
  lastName: string;
  customer?: number;
  /** "Beheerder van de klant": invites and archives the users of their own customer. */
  customerAdmin?: boolean;
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
  {
    email: 'klantbeheer@example.com',
    role: 'customer',
    firstName: 'Eva',
    lastName: 'Janssen',
    customer: 0,
    customerAdmin: true,
  },
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
 * password must meet the spec's rule; it is not judged by the strength estimate, because it is
 * public by design (product-decisions.md fixes the default `Demo1234!`, README prints it): the
 * demo accounts are for trying the product, and a production database (DATABASE_URL) is not
 * seeded unless SEED_DEMO=1 says so.
 */
export async function seedDemo(db: Db, opts: { password: string; scryptLogN: number }): Promise<void> {
  if (!isStrongPassword(opts.password)) {
    throw new Error(
      'DEMO_PASSWORD does not meet the password rule: 8+ characters with upper and lower case, a digit and a sign.',
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
        customerAdmin: a.customerAdmin ?? false,
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
    await seedIntervals(tx, customerIds);
    await seedTasklists(db, tx, customerIds);
    await seedMalfunctions(tx, customerIds);
  });
}
