import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { eq } from 'drizzle-orm';
import { userTokens, users } from '../../db/schema/users';
import { TestClient } from '../../test/client';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { eventually } from '../../test/eventually';

/**
 * Self-registration over real SMTP (the `smtp-server` package, as the malfunction mails): the
 * activation mail, the notice to the owner of a taken address and the admins' mail are read back.
 */
type Received = { to: string[]; subject: string; text: string };
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  closeTimeout: 200,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      })
      .catch(callback);
  },
});
let smtpUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** Every log line of the app (a line per request at debug): the tokens of links must not be in it. */
const logLines: string[] = [];
const t = useTestApp({
  app: () => ({ smtpUrl, logLevel: 'debug', logStream: { write: (line: string) => void logLines.push(line) } }),
});

const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));
const PASSWORD = 'Rode-Tulp-Fiets-77!';
let ipSeq = 0;

/** A customer user of the factories without its customer (as a self-registered one). */
const unlink = (userId: number) => t.db.update(users).set({ customerId: null }).where(eq(users.id, userId));

/** A visitor with a CSRF token, from an IP of its own (the per-IP limit stays out of the way). */
async function visitor(ip = `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) {
  const client = new TestClient(t.app, ip);
  await client.fetchToken();
  return client;
}

const bodyFor = (email: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Sanne',
  preposition: 'de',
  last_name: 'Boer',
  email,
  company_name: 'Houtbewerking Boer',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms: true,
  ...overrides,
});

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Registers and returns the activation token from the mail read back over SMTP. */
async function register(email: string): Promise<string> {
  const res = await (await visitor()).post('/api/register', { body: bodyFor(email) });
  expect(res.statusCode).toBe(200);
  const mail = await eventually(() => {
    const [m] = mailsTo(email);
    if (!m) throw new Error('no mail yet');
    return m;
  });
  return /\/activate\/([\w-]+)/.exec(mail.text)![1]!;
}

describe('POST /api/register', () => {
  it('creates a customer user without a customer, not activated, and mails the activation link (72 h)', async () => {
    const email = uniqueEmail('nieuw');
    const res = await (
      await visitor()
    ).post('/api/register', {
      body: bodyFor(email, { company_name: '  Houtbewerking Boer BV ', customer_number: ' K-1002 ' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: null,
      message:
        'Controleer je e-mail. We hebben je een e-mail gestuurd met een link om je account te activeren. De link is 72 uur geldig.',
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      firstName: 'Sanne',
      preposition: 'de',
      lastName: 'Boer',
      role: 'customer',
      customerId: null,
      activatedAt: null,
      archivedAt: null,
      // What the office's waiting list suggests the customer by, trimmed.
      companyName: 'Houtbewerking Boer BV',
      givenCustomerNumber: 'K-1002',
      customerAdmin: false,
    });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    const [token] = await t.db.select().from(userTokens).where(eq(userTokens.userId, row!.id));
    expect(token!.type).toBe('invitation');
    const hours = (token!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    await eventually(() => expect(mailsTo(email)).toHaveLength(1));
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe('Activeer je account bij Keurwijzer');
    expect(mail!.text).toContain('Beste Sanne');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/activate\/[\w-]{43}/);
    expect(mail!.text).toContain('72 uur geldig');
    // Not activated: the password does not log in yet.
    expect((await new TestClient(t.app, '10.9.9.9').login(email, PASSWORD)).statusCode).toBe(422);
  });

  it('answers a taken address exactly as a new one, mails its owner a notice and changes nothing', async () => {
    const owner = await createUser(t.db, 'mechanic', { firstName: 'Piet' });
    const [before] = await t.db.select().from(users).where(eq(users.id, owner.id));
    const fresh = uniqueEmail('vrij');
    const known = await (await visitor()).post('/api/register', { body: bodyFor(owner.email) });
    const unknown = await (await visitor()).post('/api/register', { body: bodyFor(fresh) });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    await eventually(() => expect(mailsTo(owner.email)).toHaveLength(1));
    const [notice] = mailsTo(owner.email);
    expect(notice!.subject).toBe('Poging tot registratie bij Keurwijzer');
    expect(notice!.text).toContain('Beste Piet');
    expect(notice!.text).toContain('http://localhost:3000/forgot-password');
    expect(notice!.text).not.toMatch(/\/activate\//);
    const [after] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(after).toEqual(before);
    expect(await t.db.select().from(userTokens).where(eq(userTokens.userId, owner.id))).toEqual([]);
    // The owner still logs in with the old password, not with the one typed at the registration.
    expect((await new TestClient(t.app, '10.9.9.8').login(owner.email, PASSWORD)).statusCode).toBe(422);
    expect((await new TestClient(t.app, '10.9.9.8').login(owner.email, 'Geheim-Gras-42!')).statusCode).toBe(200);
  });

  it('hashes the password for a taken address too (scrypt runs either way)', async () => {
    const owner = await createUser(t.db, 'admin');
    const password = await import('../../lib/password');
    const spy = vi.spyOn(password, 'hashPassword');
    try {
      await (await visitor()).post('/api/register', { body: bodyFor(owner.email) });
      await (await visitor()).post('/api/register', { body: bodyFor(uniqueEmail('tijd')) });
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses each invalid field with its Dutch text (422), the terms included', async () => {
    const client = await visitor();
    const empty = await client.post('/api/register', { body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      first_name: ['Verplicht'],
      last_name: ['Verplicht'],
      email: ['Verplicht'],
      company_name: ['Verplicht'],
      password: ['Verplicht'],
      password_confirmation: ['Verplicht'],
      terms: ['Verplicht'],
    });
    // The company: required, 255 at most; the customer number optional, 255 at most.
    const long = await client.post('/api/register', {
      body: bodyFor(uniqueEmail('lang'), { company_name: 'x'.repeat(256), customer_number: 'K'.repeat(256) }),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      company_name: ['Maximaal 255 tekens'],
      customer_number: ['Maximaal 255 tekens'],
    });
    const blank = await client.post('/api/register', { body: bodyFor(uniqueEmail('leeg'), { company_name: '   ' }) });
    expect(blank.json().errors).toEqual({ company_name: ['Verplicht'] });
    const noNumber = uniqueEmail('zonder');
    expect(
      (await client.post('/api/register', { body: bodyFor(noNumber, { customer_number: '' }), as: 'form' })).statusCode,
    ).toBe(200);
    const [withoutNumber] = await t.db.select().from(users).where(eq(users.email, noNumber));
    expect(withoutNumber).toMatchObject({ companyName: 'Houtbewerking Boer', givenCustomerNumber: null });
    const bad = await client.post('/api/register', {
      body: bodyFor('geen-adres', { password: 'kort', password_confirmation: 'anders', terms: false }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['Ongeldig e-mailadres'],
      password: ['Je wachtwoord is niet sterk genoeg'],
      terms: ['Verplicht'],
    });
    const mismatch = await client.post('/api/register', {
      body: bodyFor(uniqueEmail('anders'), { password_confirmation: `${PASSWORD}x` }),
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Wachtwoorden komen niet overeen'] });
    // Meets the rule, but easy to guess from the name (the same zxcvbn check as the activation).
    const guessable = await client.post('/api/register', {
      body: bodyFor(uniqueEmail('raad'), { password: 'SanneBoer1!', password_confirmation: 'SanneBoer1!' }),
    });
    expect(guessable.statusCode).toBe(422);
    expect(guessable.json().errors).toEqual({ password: ['Je wachtwoord is niet sterk genoeg'] });
    // A form's checkbox ('on') counts as agreed.
    const form = await client.post('/api/register', {
      body: bodyFor(uniqueEmail('form'), { terms: 'on' }),
      as: 'form',
    });
    expect(form.statusCode).toBe(200);
  });

  it('needs the CSRF token (419)', async () => {
    const client = new TestClient(t.app, '10.8.0.1');
    const res = await client.post('/api/register', { body: bodyFor(uniqueEmail('csrf')) });
    expect(res.statusCode).toBe(419);
  });

  it('throttles per e-mail address (3 an hour) and per IP (10 an hour): 429', async () => {
    const email = uniqueEmail('vaak');
    for (let i = 0; i < 3; i++) {
      expect((await (await visitor()).post('/api/register', { body: bodyFor(email) })).statusCode).toBe(200);
    }
    const refused = await (await visitor()).post('/api/register', { body: bodyFor(email) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Te veel registratiepogingen. Probeer het later opnieuw.');

    const client = await visitor('10.7.7.7');
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/register', { body: bodyFor(uniqueEmail(`ip${i}`)) })).statusCode).toBe(200);
    }
    expect((await client.post('/api/register', { body: bodyFor(uniqueEmail('ip-te-veel')) })).statusCode).toBe(429);
    // Another IP goes on.
    expect((await (await visitor()).post('/api/register', { body: bodyFor(uniqueEmail('ander-ip')) })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/register/confirm (the activation link of a self-registered account)', () => {
  it('activates with the token alone, once; then the user logs in and the admins get a mail', async () => {
    const email = uniqueEmail('activeer');
    const token = await register(email);
    const client = await visitor();
    const res = await client.post('/api/register/confirm', { body: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Je account is geactiveerd. Je kunt nu inloggen.' });
    // Nobody is logged in by it.
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
    const again = await client.post('/api/register/confirm', { body: { token } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ['Deze activatielink is ongeldig of verlopen.'] });

    const user = new TestClient(t.app, '10.6.6.6');
    const login = await user.login(email, PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ role: 'customer', customer_id: null, customer_name: null });

    const [admin] = await t.db.select().from(users).where(eq(users.role, 'admin')).limit(1);
    await eventually(() => expect(mailsTo(admin!.email).filter((m) => m.text.includes(email))).toHaveLength(1));
    const mail = mailsTo(admin!.email).find((m) => m.text.includes(email))!;
    expect(mail.subject).toBe('Nieuw account wacht op koppeling: Sanne de Boer');
    expect(mail.text).toContain('Bedrijfsnaam: Houtbewerking Boer');
    expect(mail.text).toContain('http://localhost:3000/admin/customer-users?without_customer=1');
  });

  it('refuses an invitation of an admin, an unknown or expired link and an archived account (422), and needs CSRF (419)', async () => {
    const client = await visitor();
    expect((await client.post('/api/register/confirm', { body: { token: 'onzin' } })).statusCode).toBe(422);
    expect((await client.post('/api/register/confirm', { body: {} })).json().errors).toEqual({ token: ['Verplicht'] });

    // An admin's invitation (no password yet) goes through the invitation's form instead.
    const invited = await t.admin.post('/api/users', {
      body: { first_name: 'Uit', last_name: 'Genodigd', email: uniqueEmail('uitnodiging'), role: 'mechanic' },
    });
    expect(invited.statusCode).toBe(201);
    const invitation = /\/activate\/([\w-]+)/.exec(
      (
        await eventually(() => {
          const m = mailsTo(invited.json().data.email)[0];
          if (!m) throw new Error('no mail yet');
          return m;
        })
      ).text,
    )![1]!;
    expect((await client.post('/api/register/confirm', { body: { token: invitation } })).statusCode).toBe(422);

    const expiredEmail = uniqueEmail('verlopen');
    const expired = await register(expiredEmail);
    const [row] = await t.db.select().from(users).where(eq(users.email, expiredEmail));
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, row!.id));
    expect((await client.post('/api/register/confirm', { body: { token: expired } })).statusCode).toBe(422);

    const archivedEmail = uniqueEmail('archief');
    const archived = await register(archivedEmail);
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.email, archivedEmail));
    expect((await client.post('/api/register/confirm', { body: { token: archived } })).statusCode).toBe(422);

    expect(
      (await new TestClient(t.app, '10.5.5.5').post('/api/register/confirm', { body: { token: archived } })).statusCode,
    ).toBe(419);
  });
});

/** An admin's invitation of a new mechanic and the token of its mail. */
async function invite(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('uitnodiging');
  const res = await t.admin.post('/api/users', {
    body: { first_name: 'Uit', last_name: 'Genodigd', email, role: 'mechanic' },
  });
  expect(res.statusCode).toBe(201);
  const mail = await eventually(() => {
    const [m] = mailsTo(email);
    if (!m) throw new Error('no mail yet');
    return m;
  });
  return { email, token: /\/activate\/([\w-]+)/.exec(mail.text)![1]! };
}

describe('POST /api/activation/check (what an activation link is, using nothing)', () => {
  const INVALID = { token: ['Deze activatielink is ongeldig of verlopen.'] };

  it("tells a self-registered account's link, changes nothing, and keeps the token out of the log", async () => {
    const email = uniqueEmail('check');
    const token = await register(email);
    const client = await visitor();
    for (let i = 0; i < 3; i++) {
      const res = await client.post('/api/activation/check', { body: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { kind: 'registration' } });
    }
    // Checked three times and still not active: the password does not log in, the link is unspent.
    expect((await new TestClient(t.app, '10.9.9.7').login(email, PASSWORD)).statusCode).toBe(422);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.activatedAt).toBeNull();
    const [open] = await t.db.select().from(userTokens).where(eq(userTokens.userId, row!.id));
    expect(open!.usedAt).toBeNull();

    // The click activates it; then the link is used and the check says so.
    expect((await client.post('/api/register/confirm', { body: { token } })).statusCode).toBe(200);
    const used = await client.post('/api/activation/check', { body: { token } });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors).toEqual(INVALID);
    expect((await new TestClient(t.app, '10.9.9.7').login(email, PASSWORD)).statusCode).toBe(200);

    const log = logLines.join('');
    expect(log).toContain('/api/activation/check');
    expect(log).not.toContain(token);
  });

  it("tells an admin's invitation, which still needs its password after the check", async () => {
    const { email, token } = await invite();
    const client = await visitor();
    const res = await client.post('/api/activation/check', { body: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { kind: 'invitation' } });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ activatedAt: null, passwordHash: null });
    // The confirm does not take an invitation; the password form does.
    expect((await client.post('/api/register/confirm', { body: { token } })).statusCode).toBe(422);
    const activated = await client.post('/api/activate', {
      body: { token, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(activated.statusCode).toBe(200);
    const used = await client.post('/api/activation/check', { body: { token } });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors).toEqual(INVALID);
  });

  it('refuses an unknown, expired or archived link and bad input (422), and needs CSRF (419)', async () => {
    const client = await visitor();
    const unknown = await client.post('/api/activation/check', { body: { token: 'onzin' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: INVALID });
    expect((await client.post('/api/activation/check', { body: {} })).json().errors).toEqual({ token: ['Verplicht'] });
    expect((await client.post('/api/activation/check', { body: { token: '' } })).json().errors).toEqual({
      token: ['Verplicht'],
    });
    const long = await client.post('/api/activation/check', { body: { token: 'x'.repeat(201) } });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['token']);

    const expiredEmail = uniqueEmail('check-verlopen');
    const expired = await register(expiredEmail);
    const [row] = await t.db.select().from(users).where(eq(users.email, expiredEmail));
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, row!.id));
    const late = await client.post('/api/activation/check', { body: { token: expired } });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual(INVALID);

    const archivedEmail = uniqueEmail('check-archief');
    const archived = await register(archivedEmail);
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.email, archivedEmail));
    const gone = await client.post('/api/activation/check', { body: { token: archived } });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors).toEqual(INVALID);
    const archivedInvitation = await invite();
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.email, archivedInvitation.email));
    const goneToo = await client.post('/api/activation/check', { body: { token: archivedInvitation.token } });
    expect(goneToo.json().errors).toEqual(INVALID);

    const noCsrf = await new TestClient(t.app, '10.5.5.4').post('/api/activation/check', {
      body: { token: expired },
    });
    expect(noCsrf.statusCode).toBe(419);
  });
});

describe('a customer user without a customer', () => {
  it('sees no customer data: the portal and the malfunctions answer 403', async () => {
    const { client, user } = await t.signIn('customer');
    await unlink(user.id);
    const machine = t.customerA.chain.customer.id;
    for (const url of [
      '/api/machines',
      '/api/machines/export?format=xlsx',
      `/api/machines/${machine}`,
      `/api/machines/${machine}/reports`,
      '/api/own-malfunctions',
    ]) {
      expect((await client.get(url)).statusCode, url).toBe(403);
    }
    // Still logged in: who it is, to show the waiting page.
    const me = await client.get('/api/authorized');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ role: 'customer', customer_id: null });
  });
});

describe('GET /api/users?without_customer=1 (the admins\' "Zonder klant" filter)', () => {
  it('lists only customer users without a customer; an admin links one to a customer', async () => {
    const waiting = await createUser(t.db, 'customer', { lastName: 'Wachtend' });
    await unlink(waiting.id);
    const res = await t.admin.get('/api/users?without_customer=1&itemsPerPage=100');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number; role: string; customer_id: number | null }[];
    expect(rows.map((r) => r.id)).toContain(waiting.id);
    expect(rows.every((r) => r.role === 'customer' && r.customer_id === null)).toBe(true);
    expect(rows.map((r) => r.id)).not.toContain(t.customerA.user.id);
    expect((await t.admin.get('/api/users?without_customer=x')).statusCode).toBe(422);
    expect((await t.customerA.client.get('/api/users?without_customer=1')).statusCode).toBe(403);

    const linked = await t.admin.put(`/api/users/${waiting.id}`, {
      body: {
        first_name: waiting.firstName,
        last_name: waiting.lastName,
        email: waiting.email,
        role: 'customer',
        customer_id: t.customerA.chain.customer.id,
      },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.customer_id).toBe(t.customerA.chain.customer.id);
    const after = (await t.admin.get('/api/users?without_customer=1&itemsPerPage=100')).json().data as { id: number }[];
    expect(after.map((r) => r.id)).not.toContain(waiting.id);
  });
});
