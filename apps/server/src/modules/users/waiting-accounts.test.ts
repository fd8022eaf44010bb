import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WaitingAccountSchema, type WaitingAccount } from '@keurwijzer/shared/users';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { pageOf } from '../../lib/responses';
import type { TestClient } from '../../test/client';
import { createCustomer, createUser } from '../../test/factories';
import { startSmtpServer, type ReceivedMail } from '../../test/smtp-server';
import { useTestApp } from '../../test/use-test-app';

/**
 * The office's waiting accounts: self-registered customer users without a customer,
 * with what they said of their company and the suggested customers (customer number, then the
 * e-mail domain of a customer's users, then name similarity), and the one-click link that mails
 * the user, read back from a real SMTP server.
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

/** A self-registered, activated customer user waiting for its customer (the factory links one: undone). */
async function waiting(values: { email: string; companyName?: string | null; givenCustomerNumber?: string | null }) {
  const user = await createUser(t.db, 'customer', { companyName: null, givenCustomerNumber: null, ...values });
  await t.db.update(users).set({ customerId: null }).where(eq(users.id, user.id));
  return { ...user, customerId: null };
}

const WaitingPage = pageOf(WaitingAccountSchema.strict());

async function waitingList(query = '', client: TestClient = t.admin): Promise<WaitingAccount[]> {
  const res = await client.get(`/api/users/waiting${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return WaitingPage.parse(res.json()).data;
}

async function waitingOne(id: number): Promise<WaitingAccount> {
  const found = (await waitingList('?itemsPerPage=100')).find((w) => w.id === id);
  expect(found, `waiting account ${id}`).toBeDefined();
  return found!;
}

describe('GET /api/users/waiting', () => {
  it('suggests by customer number, then e-mail domain, then name; each customer once, its strongest reason', async () => {
    const byNumber = await createCustomer(t.db, { name: 'Zwaluw Metaal', customerNumber: 'ZW-7001' });
    const byDomain = await createCustomer(t.db, { name: 'Bakkerij Zonneveld' });
    await createUser(t.db, 'customer', { customerId: byDomain.id, email: 'jan@zonneveld-bakkerij.nl' });
    const byName = await createCustomer(t.db, { name: 'Zagerij Houtlust Utrecht' });
    // Never suggested: an archived customer, however well it matches.
    await createCustomer(t.db, { name: 'Zagerij Houtlust', archivedAt: new Date() });
    const w = await waiting({
      email: 'piet@zonneveld-bakkerij.nl',
      companyName: 'Zagerij Houtlust',
      givenCustomerNumber: 'zw-7001',
    });

    const row = await waitingOne(w.id);
    expect(row).toMatchObject({
      email: 'piet@zonneveld-bakkerij.nl',
      company_name: 'Zagerij Houtlust',
      given_customer_number: 'zw-7001',
      customer_id: null,
      customer_admin: false,
    });
    expect(row.suggestions).toEqual([
      {
        customer_id: byNumber.id,
        customer_name: 'Zwaluw Metaal',
        customer_number: 'ZW-7001',
        reason: 'customer_number',
      },
      {
        customer_id: byDomain.id,
        customer_name: 'Bakkerij Zonneveld',
        customer_number: byDomain.customerNumber,
        reason: 'email_domain',
      },
      {
        customer_id: byName.id,
        customer_name: 'Zagerij Houtlust Utrecht',
        customer_number: byName.customerNumber,
        reason: 'name',
      },
    ]);
    // The user part is the users list's payload of the same user.
    const { company_name: _c, given_customer_number: _g, suggestions: _s, ...user } = row;
    const listed = (await t.admin.get('/api/users', { query: { search: w.email, without_customer: '1' } })).json().data;
    expect(listed).toEqual([user]);

    // One customer that matches on number and name is suggested once, as its number says.
    const both = await createCustomer(t.db, { name: 'Kapsalon Spiegelbeeld', customerNumber: 'KS-1' });
    const w2 = await waiting({
      email: 'x@example.org',
      companyName: 'Kapsalon Spiegelbeeld',
      givenCustomerNumber: 'KS-1',
    });
    expect((await waitingOne(w2.id)).suggestions).toEqual([
      {
        customer_id: both.id,
        customer_name: 'Kapsalon Spiegelbeeld',
        customer_number: 'KS-1',
        reason: 'customer_number',
      },
    ]);
  });

  it('ignores public mail domains and archived users; at most 3 name matches, best first', async () => {
    const gmailCustomer = await createCustomer(t.db, { name: 'Garage Gmailers' });
    await createUser(t.db, 'customer', { customerId: gmailCustomer.id, email: 'iemand.anders@gmail.com' });
    const archivedUsers = await createCustomer(t.db, { name: 'Fietsenmaker Trapper' });
    await createUser(t.db, 'customer', {
      customerId: archivedUsers.id,
      email: 'oud@trapper-fietsen.nl',
      archivedAt: new Date(),
    });
    const publicOne = await waiting({ email: 'klant.nieuw@gmail.com', companyName: 'Qwxyz' });
    const archivedOne = await waiting({ email: 'nieuw@trapper-fietsen.nl', companyName: 'Qwxyz' });
    expect((await waitingOne(publicOne.id)).suggestions).toEqual([]);
    expect((await waitingOne(archivedOne.id)).suggestions).toEqual([]);

    const names = [
      'Kraanverhuur Noordoost',
      'Kraanverhuur Noord',
      'Kraanverhuur Noord Holland',
      'Kraanverhuur Noordwest',
    ];
    const made = await Promise.all(names.map((name) => createCustomer(t.db, { name })));
    const w = await waiting({ email: 'k@kraan.example', companyName: 'kraanverhuur noord' });
    const got = (await waitingOne(w.id)).suggestions;
    expect(got).toHaveLength(3);
    expect(got.every((s) => s.reason === 'name')).toBe(true);
    // The exact name first (similarity 1).
    expect(got[0]!.customer_id).toBe(made[1]!.id);
  });

  it('lists only customer users without a customer that are not archived; searches; one statement however many', async () => {
    const linked = await createUser(t.db, 'customer', { email: 'gekoppeld@example.net' });
    const archived = await waiting({ email: 'gearchiveerd@example.net' });
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, archived.id));
    const mine = await waiting({ email: 'zoekmij@example.net', companyName: 'Vindbaar BV' });
    const all = await waitingList('?itemsPerPage=100');
    expect(all.map((w) => w.id)).toContain(mine.id);
    expect(all.map((w) => w.id)).not.toContain(linked.id);
    expect(all.map((w) => w.id)).not.toContain(archived.id);
    expect((await waitingList('?search=zoekmij')).map((w) => w.id)).toEqual([mine.id]);
    const res = await t.admin.get('/api/users/waiting?itemsPerPage=1&page=2');
    expect(res.json().meta).toMatchObject({ total: all.length, itemsPerPage: 1, page: 2 });
    // Suggestions are part of the page's statement: no query per row.
    for (let i = 0; i < 3; i++) await waiting({ email: `veel${i}@example.net`, companyName: `Veel ${i}` });
    await t.expectConstantStatements('/api/users/waiting?itemsPerPage=1', '/api/users/waiting?itemsPerPage=50', 3);
  });

  it("is the office's: 401 without a session, 403 for a mechanic and a customer, 422 for a bad query", async () => {
    expect((await t.visitor.get('/api/users/waiting')).statusCode).toBe(401);
    expect((await t.mechanic.get('/api/users/waiting')).statusCode).toBe(403);
    expect((await t.customerA.client.get('/api/users/waiting')).statusCode).toBe(403);
    const bad = await t.admin.get('/api/users/waiting?sortKey=password_hash');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['sortKey']);
  });
});

describe('POST /api/users/:id/link', () => {
  it('links a waiting account in one click and mails the user that the account is ready', async () => {
    const customer = await createCustomer(t.db, { name: 'Drukkerij Letterzetter' });
    const w = await waiting({ email: 'klaar@letterzetter.example', companyName: 'Drukkerij Letterzetter' });
    const res = await t.admin.post(`/api/users/${w.id}/link`, { body: { customer_id: customer.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Account is gekoppeld aan Drukkerij Letterzetter',
      data: { id: w.id, customer_id: customer.id, customer_name: 'Drukkerij Letterzetter', role: 'customer' },
    });
    expect((await waitingList('?itemsPerPage=100')).map((x) => x.id)).not.toContain(w.id);
    const [mail] = await mailsTo('klaar@letterzetter.example');
    expect(mail!.subject).toBe('Je account bij Keurwijzer is klaar');
    expect(mail!.text).toContain(`Beste ${w.firstName}`);
    expect(mail!.text).toContain('Je account is gekoppeld aan Drukkerij Letterzetter');
    expect(mail!.text).toContain('http://localhost:3000/login');
    expect(mail!.html).toContain('href="http://localhost:3000/login"');

    // Linked: a second click (or a second admin) finds it linked: 409, no second mail.
    const again = await t.admin.post(`/api/users/${w.id}/link`, { body: { customer_id: customer.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Dit account wacht niet op een koppeling');
    expect(await mailsTo('klaar@letterzetter.example')).toHaveLength(1);
  });

  it('of two links at once one wins, the other gets 409', async () => {
    const [a, b] = await Promise.all([createCustomer(t.db), createCustomer(t.db)]);
    const w = await waiting({ email: 'tweemaal@example.net' });
    const results = await Promise.all([
      t.admin.post(`/api/users/${w.id}/link`, { body: { customer_id: a.id } }),
      t.superAdmin.post(`/api/users/${w.id}/link`, { body: { customer_id: b.id } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 404 for an unknown user, 409 for an employee, 422 for a bad or archived customer', async () => {
    const w = await waiting({ email: 'fout@example.net' });
    expect((await t.admin.post('/api/users/999999/link', { body: { customer_id: 1 } })).statusCode).toBe(404);
    const employee = await createUser(t.db, 'mechanic');
    const c = await createCustomer(t.db);
    expect((await t.admin.post(`/api/users/${employee.id}/link`, { body: { customer_id: c.id } })).statusCode).toBe(
      409,
    );
    const empty = await t.admin.post(`/api/users/${w.id}/link`, { body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ customer_id: ['Verplicht'] });
    const archived = await createCustomer(t.db, { archivedAt: new Date() });
    for (const id of [archived.id, 999999]) {
      const res = await t.admin.post(`/api/users/${w.id}/link`, { body: { customer_id: id } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ customer_id: ['Deze klant bestaat niet (meer)'] });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, w.id));
    expect(row!.customerId).toBeNull();
    expect((await t.db.select().from(customers).where(eq(customers.id, archived.id)))[0]!.archivedAt).not.toBeNull();
  });

  it("is the office's: 401, 419 without the CSRF token, 403 for a mechanic and a customer", async () => {
    const w = await waiting({ email: 'toegang@example.net' });
    const c = await createCustomer(t.db);
    const body = { body: { customer_id: c.id } };
    expect((await t.visitor.post(`/api/users/${w.id}/link`, body)).statusCode).toBe(401);
    expect((await t.admin.post(`/api/users/${w.id}/link`, { ...body, csrf: false })).statusCode).toBe(419);
    expect((await t.mechanic.post(`/api/users/${w.id}/link`, body)).statusCode).toBe(403);
    expect((await t.customerA.client.post(`/api/users/${w.id}/link`, body)).statusCode).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.id, w.id)))[0]!.customerId).toBeNull();
  });
});
