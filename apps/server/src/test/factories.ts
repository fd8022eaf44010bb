import type { Role } from '@keurwijzer/shared/permissions';
import type { Db } from '../db/client';
import { customers } from '../db/schema/customers';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/password';

export const PASSWORD = 'Geheim123!';
let seq = 0;

export async function createCustomer(db: Db, overrides: Partial<typeof customers.$inferInsert> = {}) {
  seq++;
  const [row] = await db
    .insert(customers)
    .values({
      name: `Klant ${seq}`,
      customerNumber: `T-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      ...overrides,
    })
    .returning();
  return row!;
}

/** An activated user with PASSWORD (a customer user gets a fresh customer unless given one). */
export async function createUser(db: Db, role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  seq++;
  const customerId = role === 'customer' ? (overrides.customerId ?? (await createCustomer(db)).id) : null;
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `Gebruiker ${seq}`,
      email: `user${seq}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      role,
      passwordHash: await hashPassword(PASSWORD, 10),
      activatedAt: new Date(),
      ...overrides,
      customerId,
    })
    .returning();
  return row!;
}
