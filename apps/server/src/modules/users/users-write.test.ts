import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { userTokens, users } from '../../db/schema/users';
import { sha256 } from '../../lib/tokens';
import { createCustomer, createUser } from '../../test/factories';
import { activationToken, errorsOf, expectNoSecrets, userBody } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

const LONG = 'x'.repeat(256);
const userCount = () => t.db.$count(users);
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
/** The mails to `email`, once every mail queued so far had its attempt (lib/mail-queue.ts). */
const mailsTo = async (email: string) => {
  await t.mails.drain();
  return t.mailer.sent.filter((m) => m.to === email);
};
/** How many mails went out, once every mail queued so far had its attempt. */
const sentCount = async () => {
  await t.mails.drain();
  return t.mailer.sent.length;
};

describe('POST /api/users', () => {
  it('creates a user (not activated, no password) and mails an invitation link with a hashed token', async () => {
    const body = userBody({ email: '  Nieuwe.Monteur@Example.COM ', preposition: '' });
    const before = Date.now();
    const res = await t.admin.post('/api/users', { body });
    expect(res.statusCode, res.body).toBe(201);
    expectNoSecrets(res);
    const { data, message } = res.json();
    expect(message).toBe('Gebruiker is aangemaakt');
    expect(data).toMatchObject({
      first_name: 'Jan',
      preposition: null,
      last_name: body.last_name,
      email: 'nieuwe.monteur@example.com',
      role: 'mechanic',
      roles: ['mechanic'],
      customer_id: null,
      archived_at: null,
      activated_at: null,
    });
    const row = await rowOf(data.id);
    expect(row.passwordHash).toBeNull();
    expect(row.activatedAt).toBeNull();

    const mails = await mailsTo('nieuwe.monteur@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Uitnodiging voor Keurwijzer');
    const token = activationToken(mails[0], t.config.appUrl);
    expect(mails[0]!.text).toContain(`http://localhost:3000/activate/${token}`);
    const tokens = await t.db.select().from(userTokens).where(eq(userTokens.userId, data.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ type: 'invitation', tokenHash: sha256(token), usedAt: null });
    expect(tokens[0]!.tokenHash).not.toContain(token);
    // Valid for 72 hours (security.md).
    const ttl = tokens[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(72 * 3_600_000 - 60_000);
    expect(ttl).toBeLessThan(72 * 3_600_000 + 60_000);
  });

  it('accepts form data and multipart bodies', async () => {
    for (const as of ['form', 'multipart'] as const) {
      const body = userBody();
      const res = await t.admin.post('/api/users', { body, as });
      expect(res.statusCode, `${as}: ${res.body}`).toBe(201);
      expect(res.json().data.email).toBe(body.email);
      expect(await mailsTo(body.email as string)).toHaveLength(1);
    }
  });

  it('creates a customer user for an existing customer', async () => {
    const customer = await createCustomer(t.db, { name: 'Staalbouw Oost' });
    const res = await t.admin.post('/api/users', {
      body: userBody({ role: 'customer', customer_id: String(customer.id) }),
      as: 'form',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      role: 'customer',
      customer_id: customer.id,
      customer_name: 'Staalbouw Oost',
    });
  });

  it('answers 422 "Verplicht" for every missing required field and creates nothing', async () => {
    const count = await userCount();
    const sent = await sentCount();
    const res = await t.admin.post('/api/users', { body: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'De ingevoerde gegevens zijn ongeldig.',
      errors: { first_name: ['Verplicht'], last_name: ['Verplicht'], email: ['Verplicht'], role: ['Verplicht'] },
    });
    const blank = await t.admin.post('/api/users', {
      body: { first_name: '   ', last_name: '', email: ' ', role: '' },
      as: 'form',
    });
    expect(errorsOf(blank)).toEqual({
      first_name: ['Verplicht'],
      last_name: ['Verplicht'],
      email: ['Verplicht'],
      role: ['Verplicht'],
    });
    expect(await userCount()).toBe(count);
    expect(await sentCount()).toBe(sent);
  });

  it('answers 422 "Ongeldig e-mailadres" for an invalid e-mail', async () => {
    for (const email of ['geen-adres', 'a@', '@b.nl', 'a b@c.nl', 'a@b@c.nl']) {
      const res = await t.admin.post('/api/users', { body: userBody({ email }) });
      expect(res.statusCode, email).toBe(422);
      expect(errorsOf(res), email).toEqual({ email: ['Ongeldig e-mailadres'] });
    }
  });

  it('answers 422 "Maximaal 255 tekens" for 256-character fields and creates nothing', async () => {
    const count = await userCount();
    const sent = await sentCount();
    const res = await t.admin.post('/api/users', {
      body: userBody({ first_name: LONG, preposition: LONG, last_name: LONG, email: `${'a'.repeat(245)}@example.nl` }),
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      first_name: ['Maximaal 255 tekens'],
      preposition: ['Maximaal 255 tekens'],
      last_name: ['Maximaal 255 tekens'],
      email: ['Maximaal 255 tekens'],
    });
    expect(await userCount()).toBe(count);
    expect(await sentCount()).toBe(sent);
    // 255 characters is still fine.
    const edge = await t.admin.post('/api/users', { body: userBody({ first_name: 'y'.repeat(255) }) });
    expect(edge.statusCode).toBe(201);
  });

  it('answers 422 for wrong types and non-object bodies', async () => {
    const wrong = await t.admin.post('/api/users', {
      body: userBody({ first_name: 12, last_name: ['a', 'b'], role: 'god' }),
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(errorsOf(wrong)).sort()).toEqual(['first_name', 'last_name', 'role']);
    for (const payload of ['[]', '"tekst"', 'null', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...t.admin.authHeaders(), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(422);
    }
  });

  it('refuses an e-mail that is already in use, whatever its case (422)', async () => {
    const existing = await createUser(t.db, 'mechanic');
    const count = await userCount();
    const res = await t.admin.post('/api/users', { body: userBody({ email: existing.email.toUpperCase() }) });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ email: ['Dit e-mailadres is al in gebruik'] });
    expect(await userCount()).toBe(count);
    expect(await mailsTo(existing.email)).toHaveLength(0);
  });

  it('answers 422, not 500, when two requests create the same e-mail at once', async () => {
    const body = userBody();
    const results = await Promise.all([
      t.admin.post('/api/users', { body }),
      t.admin.post('/api/users', { body }),
      t.admin.post('/api/users', { body }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(errorsOf(r)).toEqual({ email: ['Dit e-mailadres is al in gebruik'] });
    }
    expect(await t.db.$count(users, eq(users.email, body.email as string))).toBe(1);
  });

  it('needs customer_id for a customer user and refuses it for others', async () => {
    const archived = await createCustomer(t.db, { archivedAt: new Date() });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ role: 'customer' }, { customer_id: ['Verplicht'] }],
      [{ role: 'customer', customer_id: '' }, { customer_id: ['Verplicht'] }],
      [{ role: 'customer', customer_id: 999999 }, { customer_id: ['Deze klant bestaat niet (meer)'] }],
      [{ role: 'customer', customer_id: archived.id }, { customer_id: ['Deze klant bestaat niet (meer)'] }],
      [{ role: 'customer', customer_id: 'abc' }, { customer_id: ['Ongeldig getal'] }],
      [{ role: 'mechanic', customer_id: archived.id }, { customer_id: ['Alleen klantgebruikers horen bij een klant'] }],
      [{ role: 'admin', customer_id: 1 }, { customer_id: ['Alleen klantgebruikers horen bij een klant'] }],
    ];
    const count = await userCount();
    for (const [fields, errors] of cases) {
      const res = await t.admin.post('/api/users', { body: userBody(fields) });
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(errorsOf(res), JSON.stringify(fields)).toEqual(errors);
    }
    expect(await userCount()).toBe(count);
  });

  it('lets only a super admin create a super admin (422 on role for an admin)', async () => {
    const count = await userCount();
    const res = await t.admin.post('/api/users', { body: userBody({ role: 'super_admin' }) });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ role: ['Je mag deze rol niet toekennen'] });
    expect(await userCount()).toBe(count);
    const ok = await t.superAdmin.post('/api/users', { body: userBody({ role: 'super_admin' }) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.role).toBe('super_admin');
    const adminOk = await t.admin.post('/api/users', { body: userBody({ role: 'admin' }) });
    expect(adminOk.statusCode).toBe(201);
  });

  it('ignores fields that are not part of the input (no mass assignment)', async () => {
    const res = await t.admin.post('/api/users', {
      body: userBody({
        id: 1,
        password_hash: 'scrypt$10$8$1$AAAA$BBBB',
        passwordHash: 'scrypt$10$8$1$AAAA$BBBB',
        archived_at: '2020-01-01T00:00:00Z',
        activated_at: '2020-01-01T00:00:00Z',
        permissions: ['users.manage'],
        image: '/etc/passwd',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.id).not.toBe(1);
    expect(data).toMatchObject({ archived_at: null, activated_at: null, image: null, role: 'mechanic' });
    expect(data.permissions).not.toContain('users.manage');
    const row = await rowOf(data.id);
    expect(row.passwordHash).toBeNull();
  });
});

describe('PUT /api/users/{id}', () => {
  const editable = async () => createUser(t.db, 'mechanic', { preposition: 'van' });

  it('updates the user and answers it', async () => {
    const user = await editable();
    const body = userBody({ first_name: 'Piet', preposition: '', email: 'PIET.NIEUW@example.com' });
    const res = await t.admin.put(`/api/users/${user.id}`, { body });
    expect(res.statusCode, res.body).toBe(200);
    expectNoSecrets(res);
    expect(res.json().message).toBe('Gebruiker is gewijzigd');
    expect(res.json().data).toMatchObject({
      id: user.id,
      first_name: 'Piet',
      preposition: null,
      email: 'piet.nieuw@example.com',
    });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ firstName: 'Piet', preposition: null, email: 'piet.nieuw@example.com' });
    // The password and activation stay as they were.
    expect(row.passwordHash).toBe(user.passwordHash);
    expect(row.activatedAt).toEqual(user.activatedAt);
  });

  it('accepts POST with _method=PUT as form data, multipart and JSON (method override)', async () => {
    const user = await editable();
    for (const [as, method] of [
      ['form', 'PUT'],
      ['multipart', 'PUT'],
      ['json', 'PUT'],
      ['form', 'put'],
    ] as const) {
      const body = userBody({ first_name: `Via ${as} ${method}` });
      const res = await t.admin.post(`/api/users/${user.id}`, { body: { ...body, _method: method }, as });
      expect(res.statusCode, `${as}: ${res.body}`).toBe(200);
      expect(res.json().data.first_name).toBe(`Via ${as} ${method}`);
      expect((await rowOf(user.id)).firstName).toBe(`Via ${as} ${method}`);
    }
  });

  it('answers 404 for a POST without a method the URL has (no _method, DELETE, PATCH, GET)', async () => {
    const user = await editable();
    for (const method of [undefined, 'DELETE', 'PATCH', 'GET', 'POST', 'TRACE']) {
      const body = userBody({ first_name: 'Niet', ...(method ? { _method: method } : {}) });
      const res = await t.admin.post(`/api/users/${user.id}`, { body, as: 'form' });
      expect(res.statusCode, String(method)).toBe(404);
    }
    expect((await rowOf(user.id)).firstName).toBe(user.firstName);
  });

  it('validates the override body like the PUT itself (422, nothing changed)', async () => {
    const user = await editable();
    const before = await rowOf(user.id);
    for (const as of ['form', 'multipart'] as const) {
      const res = await t.admin.post(`/api/users/${user.id}`, {
        body: { ...userBody({ first_name: '', last_name: LONG, email: 'fout' }), _method: 'PUT' },
        as,
      });
      expect(res.statusCode, as).toBe(422);
      expect(errorsOf(res)).toEqual({
        first_name: ['Verplicht'],
        last_name: ['Maximaal 255 tekens'],
        email: ['Ongeldig e-mailadres'],
      });
    }
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('answers 422 with the errors map and changes nothing for invalid or oversized fields', async () => {
    const user = await editable();
    const before = await rowOf(user.id);
    const missing = await t.admin.put(`/api/users/${user.id}`, { body: { preposition: 'de' } });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({
      first_name: ['Verplicht'],
      last_name: ['Verplicht'],
      email: ['Verplicht'],
      role: ['Verplicht'],
    });
    const long = await t.admin.put(`/api/users/${user.id}`, {
      body: userBody({ first_name: LONG, preposition: LONG, last_name: LONG, email: `${'b'.repeat(251)}@x.nl` }),
    });
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long)).toEqual({
      first_name: ['Maximaal 255 tekens'],
      preposition: ['Maximaal 255 tekens'],
      last_name: ['Maximaal 255 tekens'],
      email: ['Maximaal 255 tekens'],
    });
    expect(await rowOf(user.id)).toEqual(before);
  });

  it("refuses another user's e-mail (422) but keeps one's own in any case", async () => {
    const user = await editable();
    const other = await createUser(t.db, 'admin');
    const taken = await t.admin.put(`/api/users/${user.id}`, { body: userBody({ email: other.email }) });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toEqual({ email: ['Dit e-mailadres is al in gebruik'] });
    const own = await t.admin.put(`/api/users/${user.id}`, { body: userBody({ email: user.email.toUpperCase() }) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.email).toBe(user.email);
  });

  it('answers 422, not 500, when two users take the same new e-mail at once', async () => {
    const a = await editable();
    const b = await editable();
    const email = userBody().email;
    const results = await Promise.all([
      t.admin.put(`/api/users/${a.id}`, { body: userBody({ email }) }),
      t.admin.put(`/api/users/${b.id}`, { body: userBody({ email }) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await t.db.$count(users, eq(users.email, email as string))).toBe(1);
  });

  it('moves a user between customer and employee only with a matching customer_id', async () => {
    const customer = await createCustomer(t.db);
    const user = await createUser(t.db, 'customer', { customerId: customer.id });
    const keep = await t.admin.put(`/api/users/${user.id}`, {
      body: userBody({ role: 'mechanic', customer_id: customer.id }),
    });
    expect(errorsOf(keep)).toEqual({ customer_id: ['Alleen klantgebruikers horen bij een klant'] });
    const toMechanic = await t.admin.put(`/api/users/${user.id}`, { body: userBody({ role: 'mechanic' }) });
    expect(toMechanic.statusCode).toBe(200);
    expect(toMechanic.json().data).toMatchObject({ role: 'mechanic', customer_id: null, customer_name: null });
    const back = await t.admin.put(`/api/users/${user.id}`, { body: userBody({ role: 'customer' }) });
    expect(errorsOf(back)).toEqual({ customer_id: ['Verplicht'] });
    const toCustomer = await t.admin.put(`/api/users/${user.id}`, {
      body: userBody({ role: 'customer', customer_id: customer.id }),
    });
    expect(toCustomer.statusCode).toBe(200);
    expect(toCustomer.json().data).toMatchObject({ role: 'customer', customer_id: customer.id });
  });

  it('does not let an admin edit a super admin (403) or raise anyone to super admin (422 on role)', async () => {
    const sa = await createUser(t.db, 'super_admin');
    const edit = await t.admin.put(`/api/users/${sa.id}`, { body: userBody({ role: 'super_admin' }) });
    expect(edit.statusCode).toBe(403);
    const demote = await t.admin.put(`/api/users/${sa.id}`, { body: userBody({ role: 'mechanic' }) });
    expect(demote.statusCode).toBe(403);
    const viaOverride = await t.admin.post(`/api/users/${sa.id}`, {
      body: { ...userBody({ role: 'mechanic' }), _method: 'PUT' },
      as: 'form',
    });
    expect(viaOverride.statusCode).toBe(403);
    expect(await rowOf(sa.id)).toMatchObject({ role: 'super_admin', email: sa.email });

    const user = await editable();
    const raise = await t.admin.put(`/api/users/${user.id}`, { body: userBody({ role: 'super_admin' }) });
    expect(raise.statusCode).toBe(422);
    expect(errorsOf(raise)).toEqual({ role: ['Je mag deze rol niet toekennen'] });
    expect((await rowOf(user.id)).role).toBe('mechanic');

    const bySuper = await t.superAdmin.put(`/api/users/${sa.id}`, { body: userBody({ role: 'super_admin' }) });
    expect(bySuper.statusCode).toBe(200);
  });

  it('does not let anyone change their own role, nor an admin raise themselves', async () => {
    const { user: me, client } = await t.signIn('admin');
    const self = await client.put(`/api/users/${me.id}`, { body: userBody({ role: 'super_admin' }) });
    expect(self.statusCode).toBe(422);
    expect(errorsOf(self).role).toBeDefined();
    const down = await client.put(`/api/users/${me.id}`, { body: userBody({ role: 'mechanic' }) });
    expect(down.statusCode).toBe(422);
    expect(errorsOf(down)).toEqual({ role: ['Je kunt je eigen rol niet wijzigen'] });
    expect((await rowOf(me.id)).role).toBe('admin');
    const name = await client.put(`/api/users/${me.id}`, {
      body: userBody({ role: 'admin', email: me.email, first_name: 'Ikzelf' }),
    });
    expect(name.statusCode).toBe(200);
    expect((await client.get('/api/authorized')).json().data.first_name).toBe('Ikzelf');
  });

  it("ends the user's sessions when the role changes, and only then", async () => {
    const { user, client } = await t.signIn('mechanic');
    const rename = await t.admin.put(`/api/users/${user.id}`, {
      body: userBody({ email: user.email, role: 'mechanic', first_name: 'Anders' }),
    });
    expect(rename.statusCode).toBe(200);
    expect((await client.get('/api/authorized')).statusCode).toBe(200);
    const promote = await t.admin.put(`/api/users/${user.id}`, {
      body: userBody({ email: user.email, role: 'admin' }),
    });
    expect(promote.statusCode).toBe(200);
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
    expect((await client.get('/api/users')).statusCode).toBe(401);
  });

  it('ignores fields that are not part of the input (no mass assignment)', async () => {
    const user = await editable();
    const res = await t.admin.put(`/api/users/${user.id}`, {
      body: userBody({ archived_at: '2020-01-01T00:00:00Z', activated_at: null, password_hash: 'x', id: 1 }),
    });
    expect(res.statusCode).toBe(200);
    const row = await rowOf(user.id);
    expect(row.archivedAt).toBeNull();
    expect(row.activatedAt).toEqual(user.activatedAt);
    expect(row.passwordHash).toBe(user.passwordHash);
    expect(await t.db.$count(users, and(eq(users.id, 1), eq(users.email, row.email)))).toBe(0);
  });
});
