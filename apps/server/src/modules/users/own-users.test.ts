import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserSchema, type User } from '@keurwijzer/shared/users';
import { users } from '../../db/schema/users';
import { pageOf } from '../../lib/responses';
import type { TestClient } from '../../test/client';
import { createUser } from '../../test/factories';
import { startSmtpServer, type ReceivedMail } from '../../test/smtp-server';
import { useTestApp } from '../../test/use-test-app';

/**
 * A customer's own administrator ("Beheerder van de klant"): /api/own-users lists,
 * invites, archives and restores the users of their own customer only; never themselves, never
 * another customer's users (404), never a role or the administrator flag (422). The office marks
 * a customer user as administrator (customer_admin; 422 for other roles).
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

const t = useTestApp({ app: () => ({ smtpUrl: smtp.url }) });

async function mailsTo(to: string): Promise<ReceivedMail[]> {
  await t.mails.drain();
  return smtp.received.filter((m) => m.to.includes(to));
}

let seq = 0;
const colleague = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Kees',
  last_name: `Collega ${++seq}`,
  email: `kees.${seq}.${Math.random().toString(36).slice(2, 7)}@klant-a.example`,
  ...overrides,
});

/** A customer administrator of customer A, logged in. */
const adminOfA = () => t.signIn('customer', { customerId: t.customerA.chain.customer.id, customerAdmin: true });

async function ownList(client: TestClient, query = ''): Promise<User[]> {
  const res = await client.get(`/api/own-users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return pageOf(UserSchema.strict()).parse(res.json()).data;
}

describe('the session carries the flag', () => {
  it('GET /api/authorized says customer_admin: true for a customer administrator, false otherwise', async () => {
    const { client } = await adminOfA();
    expect((await client.get('/api/authorized')).json().data.customer_admin).toBe(true);
    expect((await t.customerA.client.get('/api/authorized')).json().data.customer_admin).toBe(false);
    expect((await t.admin.get('/api/authorized')).json().data.customer_admin).toBe(false);
  });
});

describe('GET /api/own-users', () => {
  it("lists the users of the administrator's own customer only, archived ones on request", async () => {
    const { user: me, client } = await adminOfA();
    const archived = await createUser(t.db, 'customer', {
      customerId: t.customerA.chain.customer.id,
      archivedAt: new Date(),
    });
    const ids = (await ownList(client, '?itemsPerPage=100')).map((u) => u.id);
    expect(ids).toContain(me.id);
    expect(ids).toContain(t.customerA.user.id);
    expect(ids).not.toContain(t.customerB.user.id);
    expect(ids).not.toContain(archived.id);
    expect((await ownList(client, '?archived=1&itemsPerPage=100')).map((u) => u.id)).toEqual([archived.id]);
    // A filter of the office's list cannot widen it: customer_id is not the administrator's to choose.
    const other = await ownList(client, `?customer_id=${t.customerB.chain.customer.id}&employees=1&itemsPerPage=100`);
    expect(other.map((u) => u.id)).not.toContain(t.customerB.user.id);
    expect(other.every((u) => u.customer_id === t.customerA.chain.customer.id)).toBe(true);
  });

  it('is 401 without a session, 403 for a customer user who is no administrator and for the office', async () => {
    expect((await t.visitor.get('/api/own-users')).statusCode).toBe(401);
    expect((await t.customerA.client.get('/api/own-users')).statusCode).toBe(403);
    expect((await t.admin.get('/api/own-users')).statusCode).toBe(403);
    expect((await t.mechanic.get('/api/own-users')).statusCode).toBe(403);
    // A customer administrator without a customer (not linked yet) manages nobody.
    const { user: unlinked, client } = await t.signIn('customer', { customerAdmin: true });
    await t.db.update(users).set({ customerId: null }).where(eq(users.id, unlinked.id));
    expect((await client.get('/api/own-users')).statusCode).toBe(403);
  });
});

describe('POST /api/own-users (invite a colleague)', () => {
  it("creates a customer user of their own customer and sends the office's invitation mail", async () => {
    const { client } = await adminOfA();
    const body = colleague();
    const res = await client.post('/api/own-users', { body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Uitnodiging is verstuurd',
      data: {
        email: body.email,
        role: 'customer',
        customer_id: t.customerA.chain.customer.id,
        customer_admin: false,
        activated_at: null,
      },
    });
    const [mail] = await mailsTo(body.email);
    expect(mail!.subject).toBe('Uitnodiging voor Keurwijzer');
    expect(mail!.text).toContain('Beste Kees');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/activate\/[\w-]{43}/);
  });

  it('refuses a role, a customer or the administrator flag (422), and invalid fields', async () => {
    const { client } = await adminOfA();
    for (const [field, value] of [
      ['role', 'admin'],
      ['role', 'customer'],
      ['customer_id', String(t.customerB.chain.customer.id)],
      ['customer_admin', '1'],
      ['customer_admin', '0'],
    ] as const) {
      const body = colleague({ [field]: value });
      const res = await client.post('/api/own-users', { body, as: 'form' });
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(res.json().errors).toEqual({ [field]: ['Dit kun je niet wijzigen'] });
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    }
    const empty = await client.post('/api/own-users', { body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ first_name: ['Verplicht'], last_name: ['Verplicht'], email: ['Verplicht'] });
    const taken = await client.post('/api/own-users', { body: colleague({ email: t.customerB.user.email }) });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['email']);
  });

  it('is 401, 419 without the CSRF token, 403 (before any 422) for a plain customer user and the office', async () => {
    const { client } = await adminOfA();
    expect((await t.visitor.post('/api/own-users', { body: colleague() })).statusCode).toBe(401);
    expect((await client.post('/api/own-users', { body: colleague(), csrf: false })).statusCode).toBe(419);
    expect((await t.customerA.client.post('/api/own-users', { body: {} })).statusCode).toBe(403);
    expect((await t.customerA.client.post('/api/own-users', { body: colleague() })).statusCode).toBe(403);
    expect((await t.admin.post('/api/own-users', { body: colleague() })).statusCode).toBe(403);
  });
});

describe('POST /api/own-users/:id/archive and /restore', () => {
  it("archives and restores a colleague; never themselves (409), never another customer's user or an employee (404)", async () => {
    const { user: me, client } = await adminOfA();
    const mate = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const archived = await client.post(`/api/own-users/${mate.user.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ message: 'Gebruiker is gearchiveerd', data: { id: mate.user.id } });
    expect(archived.json().data.archived_at).not.toBeNull();
    // Archiving ends the colleague's sessions.
    expect((await mate.client.get('/api/authorized')).statusCode).toBe(401);
    expect((await client.post(`/api/own-users/${mate.user.id}/archive`)).statusCode).toBe(409);
    const restored = await client.post(`/api/own-users/${mate.user.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.archived_at).toBeNull();
    expect((await client.post(`/api/own-users/${mate.user.id}/restore`)).statusCode).toBe(409);

    const self = await client.post(`/api/own-users/${me.id}/archive`);
    expect(self.statusCode).toBe(409);
    expect((await client.get('/api/authorized')).statusCode).toBe(200);

    const employee = await createUser(t.db, 'admin');
    for (const id of [t.customerB.user.id, employee.id, 999999]) {
      expect((await client.post(`/api/own-users/${id}/archive`)).statusCode, `archive ${id}`).toBe(404);
      expect((await client.post(`/api/own-users/${id}/restore`)).statusCode, `restore ${id}`).toBe(404);
    }
    const [b] = await t.db.select().from(users).where(eq(users.id, t.customerB.user.id));
    expect(b!.archivedAt).toBeNull();
  });

  it('is 401, 419, 403 for a plain customer user and the office', async () => {
    const mate = await createUser(t.db, 'customer', { customerId: t.customerA.chain.customer.id });
    const { client } = await adminOfA();
    for (const action of ['archive', 'restore']) {
      const url = `/api/own-users/${mate.id}/${action}`;
      expect((await t.visitor.post(url)).statusCode).toBe(401);
      expect((await client.post(url, { csrf: false })).statusCode).toBe(419);
      expect((await t.customerA.client.post(url)).statusCode).toBe(403);
      expect((await t.admin.post(url)).statusCode).toBe(403);
    }
  });

  it("gives a customer administrator no way into the office's user management (403)", async () => {
    const { user: me, client } = await adminOfA();
    expect((await client.get('/api/users')).statusCode).toBe(403);
    expect((await client.put(`/api/users/${me.id}`, { body: { role: 'admin' } })).statusCode).toBe(403);
    expect((await client.post('/api/users', { body: colleague({ role: 'admin' }) })).statusCode).toBe(403);
    expect((await client.post(`/api/users/${t.customerA.user.id}/archive`)).statusCode).toBe(403);
  });
});

describe("customer_admin in the office's user form", () => {
  it('marks a customer user as administrator (which ends their sessions); 422 for any other role', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const base = {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      role: 'customer',
      customer_id: t.customerA.chain.customer.id,
    };
    const res = await t.admin.put(`/api/users/${user.id}`, { body: { ...base, customer_admin: '1' }, as: 'form' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.customer_admin).toBe(true);
    expect((await t.admin.get(`/api/users/${user.id}`)).json().data.customer_admin).toBe(true);
    // A privilege change: the user logs in again.
    expect((await client.get('/api/authorized')).statusCode).toBe(401);

    const mechanic = await createUser(t.db, 'mechanic');
    const bad = await t.admin.put(`/api/users/${mechanic.id}`, {
      body: { first_name: 'M', last_name: 'N', email: mechanic.email, role: 'mechanic', customer_admin: true },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      customer_admin: ['Alleen een klantgebruiker kan beheerder van de klant zijn'],
    });
    const created = await t.admin.post('/api/users', { body: { ...colleague(), role: 'admin', customer_admin: true } });
    expect(created.statusCode).toBe(422);
    // Turning a customer user into an employee drops the flag with the customer.
    const demoted = await t.admin.put(`/api/users/${user.id}`, {
      body: { ...base, role: 'mechanic', customer_id: null },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json().data.customer_admin).toBe(false);
  });
});
