import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { sessions } from '../../db/schema/sessions';
import { TestClient } from '../../test/client';
import { PASSWORD, createCustomer, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * Archiving a customer ends the sessions of its users and refuses their login (with the same
 * text as any failed login); restoring the customer lets them in again (* docs/decisions.md).
 */
const t = useTestApp();
const INVALID = 'Ongeldige combinatie e-mail en wachtwoord';

async function customerWithUsers(n = 2) {
  const customer = await createCustomer(t.db);
  const members = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(t.db, 'customer', { customerId: customer.id });
    const client = new TestClient(t.app, `10.1.${customer.id % 250}.${i + 1}`);
    expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
    members.push({ user, client });
  }
  return { customer, members };
}

describe('archiving a customer', () => {
  it("ends its users' sessions (next request 401), refuses their login, and restoring lets them in", async () => {
    const { customer, members } = await customerWithUsers();
    const other = await customerWithUsers(1);
    for (const { client } of members) expect((await client.get('/api/authorized')).statusCode).toBe(200);

    expect((await t.admin.post(`/api/customers/${customer.id}/archive`)).statusCode).toBe(200);

    for (const { user, client } of members) {
      expect((await client.get('/api/machines')).statusCode).toBe(401);
      expect(await t.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
      const login = await new TestClient(t.app, '10.2.0.1').login(user.email, PASSWORD);
      expect(login.statusCode).toBe(422);
      expect(login.json()).toEqual({ message: INVALID, errors: { email: [INVALID] } });
    }
    // Another customer's users keep their sessions.
    expect((await other.members[0]!.client.get('/api/authorized')).statusCode).toBe(200);

    expect((await t.admin.post(`/api/customers/${customer.id}/restore`)).statusCode).toBe(200);
    for (const { user } of members) {
      const client = new TestClient(t.app, '10.3.0.1');
      const login = await client.login(user.email, PASSWORD);
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().data).toMatchObject({ id: user.id, archived_at: null, customer_id: customer.id });
      expect((await client.get('/api/machines')).statusCode).toBe(200);
    }
  });

  it('refuses a session of such a user however it got there (archived by another process or meanwhile)', async () => {
    const { customer, members } = await customerWithUsers(1);
    // Archived without the service (another process, or a login that slipped in between).
    await t.db.update(customers).set({ archivedAt: new Date() }).where(eq(customers.id, customer.id));
    expect((await members[0]!.client.get('/api/authorized')).statusCode).toBe(401);
    await t.db.update(customers).set({ archivedAt: null }).where(eq(customers.id, customer.id));
    // The session itself was not deleted, so it counts again once the customer is back.
    expect((await members[0]!.client.get('/api/authorized')).statusCode).toBe(200);
  });

  it('does not touch staff sessions or the archived user rule', async () => {
    const { customer } = await customerWithUsers(1);
    const archivedUser = await createUser(t.db, 'customer', { customerId: customer.id, archivedAt: new Date() });
    expect((await t.admin.post(`/api/customers/${customer.id}/archive`)).statusCode).toBe(200);
    expect((await t.admin.get('/api/authorized')).statusCode).toBe(200);
    expect((await t.admin.post(`/api/customers/${customer.id}/restore`)).statusCode).toBe(200);
    // Restoring the customer does not restore a user archived on its own.
    expect((await new TestClient(t.app, '10.4.0.1').login(archivedUser.email, PASSWORD)).statusCode).toBe(422);
  });
});
