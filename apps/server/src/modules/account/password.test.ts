import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema/login-throttle';
import { customers } from '../../db/schema/customers';
import { userTokens, users } from '../../db/schema/users';
import type { Mail } from '../../lib/mailer';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

const SENT = {
  data: null,
  message:
    'Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om een nieuw wachtwoord in te stellen.',
};
const INVALID_LINK = 'Deze link is verlopen of al gebruikt. Vraag een nieuwe aan.';
const NEW = 'Fietsbel-Kano7!';

let ipSeq = 0;
/** A visitor with its CSRF token, from an address of its own (the throttle counts per IP). */
async function visitor(): Promise<TestClient> {
  const client = new TestClient(t.app, `10.13.0.${++ipSeq}`);
  await client.fetchToken();
  return client;
}

/** The mails the app sent to an address after the answer (they go out in setImmediate). */
async function mailsTo(address: string, count = 1): Promise<Mail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = t.mailer.sent.filter((m) => m.to === address);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return t.mailer.sent.filter((m) => m.to === address);
}

/** Lets the work after an answer run (a mail that should not come has had its chance). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const tokenOf = (mail: Mail) => /\/reset-password\/([\w-]+)/.exec(mail.text)![1]!;

/** The minute of reset mails to this address is over (at most one a minute goes out: THROTTLE). */
const aMinuteLater = (email: string) =>
  t.db
    .update(loginThrottle)
    .set({ resetAt: new Date(Date.now() - 1000) })
    .where(and(eq(loginThrottle.kind, 'recover_mail_minute'), eq(loginThrottle.email, email)));

/** Asks for a reset link and returns its token, read from the e-mail. */
async function resetTokenFor(email: string): Promise<string> {
  await aMinuteLater(email);
  const before = t.mailer.sent.filter((m) => m.to === email).length;
  const res = await (await visitor()).post('/api/password-recover', { body: { email } });
  expect(res.statusCode).toBe(200);
  const mails = await mailsTo(email, before + 1);
  expect(mails).toHaveLength(before + 1);
  return tokenOf(mails.at(-1)!);
}

const resetBody = (token: string, password = NEW) => ({ token, password, password_confirmation: password });

describe('POST /api/password-recover', () => {
  it('mails a reset link valid 60 minutes, in Dutch with a plain-text and an HTML part', async () => {
    const user = await createUser(t.db, 'mechanic', { firstName: 'Sanne' });
    const res = await (await visitor()).post('/api/password-recover', { body: { email: user.email }, as: 'form' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('Nieuw wachtwoord instellen voor Keurwijzer Machinekeuringen B.V.');
    expect(mail!.text).toContain('Beste Sanne,');
    expect(mail!.text).toMatch(/^http:\/\/localhost:\d+\/reset-password\/[\w-]{43}$/m);
    expect(mail!.text).toContain('Deze link is 60 minuten geldig');
    expect(mail!.text).toContain('Heb je dit niet aangevraagd, dan kun je deze e-mail negeren');
    expect(mail!.html).toContain(`<a href="http://localhost`);
    expect(mail!.html).toContain('Deze link is 60 minuten geldig');
    // Only the SHA-256 of the token is stored, and it expires in 60 minutes.
    const [row] = await t.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(row!.type).toBe('password_reset');
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(tokenOf(mail!));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('answers the same for a known, an unknown, an archived and a not yet activated address; only the right ones get mail', async () => {
    const known = await createUser(t.db, 'admin');
    const archived = await createUser(t.db, 'mechanic', { archivedAt: new Date() });
    const invited = await createUser(t.db, 'mechanic', { passwordHash: null, activatedAt: null });
    const customerUser = await createUser(t.db, 'customer');
    await t.db.update(customers).set({ archivedAt: new Date() }).where(eq(customers.id, customerUser.customerId!));
    const unknown = `niemand-${Date.now()}@example.com`;

    const answers = [];
    for (const email of [known.email, unknown, archived.email, invited.email, customerUser.email]) {
      const res = await (await visitor()).post('/api/password-recover', { body: { email } });
      answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    expect(JSON.parse(answers[0]!.body)).toEqual(SENT);

    expect(await mailsTo(known.email)).toHaveLength(1);
    const [toInvited] = await mailsTo(invited.email);
    expect(toInvited!.subject).toContain('is nog niet geactiveerd');
    expect(toInvited!.text).not.toContain('/reset-password/');
    await settle();
    expect(t.mailer.sent.filter((m) => [unknown, archived.email, customerUser.email].includes(m.to))).toEqual([]);
    const tokens = await t.db.select().from(userTokens).where(eq(userTokens.type, 'password_reset'));
    expect(tokens.map((r) => r.userId)).not.toContain(archived.id);
    expect(tokens.map((r) => r.userId)).not.toContain(invited.id);
  });

  it('a new request kills the previous link', async () => {
    const user = await createUser(t.db, 'mechanic');
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect(second).not.toBe(first);
    const client = await visitor();
    const old = await client.post('/api/password-reset', { body: resetBody(first) });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toEqual({ token: [INVALID_LINK] });
    expect((await client.post('/api/password-reset', { body: resetBody(second) })).statusCode).toBe(200);
  });

  it('validates the address (422) and needs the CSRF token (419)', async () => {
    const client = await visitor();
    const empty = await client.post('/api/password-recover', { body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ email: ['Verplicht'] });
    const bad = await client.post('/api/password-recover', { body: { email: 'geen-adres' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['Ongeldig e-mailadres'] });
    const noToken = await client.post('/api/password-recover', { body: { email: 'a@example.com' }, csrf: false });
    expect(noToken.statusCode).toBe(419);
  });

  it('is throttled: 5 an hour per address and IP, 20 an hour per IP whatever the address (429, in Dutch)', async () => {
    const user = await createUser(t.db, 'mechanic');
    const client = await visitor();
    const ask = (email: string) => client.post('/api/password-recover', { body: { email } });
    for (let i = 0; i < 5; i++) expect((await ask(user.email)).statusCode).toBe(200);
    const refused = await ask(user.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Er zijn te veel aanvragen gedaan. Probeer het over een uur opnieuw.');
    // Another IP may still ask for this address.
    expect((await (await visitor()).post('/api/password-recover', { body: { email: user.email } })).statusCode).toBe(
      200,
    );
    // The IP's own limit: 20 requests (the 6 above included), whatever the addresses.
    for (let i = 0; i < 14; i++) expect((await ask(`ander-${i}@example.com`)).statusCode).toBe(200);
    expect((await ask('nog-een@example.com')).statusCode).toBe(429);
    await settle();
    // Six answers of 200 for this address, one mail: one a minute per address (reset-mail-cap.test.ts).
    expect(t.mailer.sent.filter((m) => m.to === user.email).length).toBe(1);
  });
});

describe('POST /api/password-reset', () => {
  it('sets the new password once, ends every session of the user and logs nobody in', async () => {
    const user = await createUser(t.db, 'mechanic');
    const elsewhere = new TestClient(t.app, '10.13.1.1');
    expect((await elsewhere.login(user.email, PASSWORD)).statusCode).toBe(200);
    const token = await resetTokenFor(user.email);

    const client = await visitor();
    const res = await client.post('/api/password-reset', { body: resetBody(token), as: 'form' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: null,
      message: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen met je nieuwe wachtwoord.',
    });
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/authorized')).statusCode).toBe(401);

    expect((await new TestClient(t.app, '10.13.1.2').login(user.email, PASSWORD)).statusCode).toBe(422);
    expect((await new TestClient(t.app, '10.13.1.3').login(user.email, NEW)).statusCode).toBe(200);

    const again = await client.post('/api/password-reset', { body: resetBody(token, 'Ander-Wachtwoord-88!') });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'De ingevoerde gegevens zijn ongeldig.',
      errors: { token: [INVALID_LINK] },
    });
  });

  it('refuses an expired link (after 60 minutes), an unknown one and one of an archived user', async () => {
    const client = await visitor();
    const expiredUser = await createUser(t.db, 'mechanic');
    const expired = await resetTokenFor(expiredUser.email);
    await t.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, expiredUser.id));
    const late = await client.post('/api/password-reset', { body: resetBody(expired) });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ token: [INVALID_LINK] });

    const unknown = await client.post('/api/password-reset', { body: resetBody('x'.repeat(43)) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ token: [INVALID_LINK] });

    const archivedUser = await createUser(t.db, 'admin');
    const archivedToken = await resetTokenFor(archivedUser.email);
    expect((await t.superAdmin.post(`/api/users/${archivedUser.id}/archive`)).statusCode).toBe(200);
    const archived = await client.post('/api/password-reset', { body: resetBody(archivedToken) });
    expect(archived.statusCode).toBe(422);
    expect(archived.json().errors).toEqual({ token: [INVALID_LINK] });
    const [row] = await t.db.select().from(users).where(eq(users.id, archivedUser.id));
    expect(row!.passwordHash).toBe(archivedUser.passwordHash);
  });

  it('says why a password is refused (422 per field), and the link stays good', async () => {
    const user = await createUser(t.db, 'mechanic', { firstName: 'Bram', lastName: 'Visser' });
    const token = await resetTokenFor(user.email);
    const client = await visitor();
    const post = (body: Record<string, unknown>) => client.post('/api/password-reset', { body });

    const empty = await post({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      token: ['Verplicht'],
      password: ['Verplicht'],
      password_confirmation: ['Verplicht'],
    });
    const weak = await post({ token, password: 'kort', password_confirmation: 'anders' });
    expect(weak.json().errors).toEqual({
      password: ['Je wachtwoord is niet sterk genoeg'],
      password_confirmation: ['Wachtwoorden komen niet overeen'],
    });
    // Meets the rule, but easy to guess with the user's own name.
    const guessable = await post(resetBody(token, 'Bram.Visser1'));
    expect(guessable.statusCode).toBe(422);
    expect(guessable.json().errors).toEqual({ password: ['Je wachtwoord is niet sterk genoeg'] });
    const common = await post(resetBody(token, 'P@ssw0rd'));
    expect(common.json().errors).toEqual({
      password: ['Dit wachtwoord wordt te vaak gebruikt. Kies een ander wachtwoord.'],
    });
    expect((await post(resetBody(token))).statusCode).toBe(200);
  });

  it('needs the CSRF token (419)', async () => {
    const client = await visitor();
    const res = await client.post('/api/password-reset', { body: resetBody('x'), csrf: false });
    expect(res.statusCode).toBe(419);
  });
});

describe('POST /api/change-password', () => {
  /** A user logged in twice: `here` changes the password, `there` is another browser. */
  async function twoSessions(role: 'admin' | 'customer' = 'admin') {
    const user = await createUser(t.db, role, { firstName: 'Lotte' });
    const here = new TestClient(t.app, `10.13.2.${++ipSeq}`);
    const there = new TestClient(t.app, `10.13.3.${ipSeq}`);
    expect((await here.login(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await there.login(user.email, PASSWORD)).statusCode).toBe(200);
    return { user, here, there };
  }
  const body = (current = PASSWORD, password = NEW, confirmation = password) => ({
    current_password: current,
    password,
    password_confirmation: confirmation,
  });

  it('changes the password, ends the other sessions and keeps this one under a new id', async () => {
    const { user, here, there } = await twoSessions('customer');
    const before = here.authHeaders().cookie;
    const res = await here.post('/api/change-password', { body: body(), as: 'multipart' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Wachtwoord is gewijzigd' });
    expect(here.authHeaders().cookie).toMatch(/^kw_session=/);
    expect(here.authHeaders().cookie).not.toBe(before);
    expect((await here.get('/api/authorized')).json().data.email).toBe(user.email);
    expect((await there.get('/api/authorized')).statusCode).toBe(401);
    // The old cookie opens nothing any more.
    const old = await t.app.inject({ method: 'GET', url: '/api/authorized', headers: { cookie: before! } });
    expect(old.statusCode).toBe(401);
    // The new session has a new CSRF token: the old one is refused, a fetched one works.
    expect((await here.post('/api/logout')).statusCode).toBe(419);
    await here.fetchToken();
    expect((await here.post('/api/logout')).statusCode).toBe(200);
    expect((await new TestClient(t.app, '10.13.4.1').login(user.email, NEW)).statusCode).toBe(200);
    expect((await new TestClient(t.app, '10.13.4.2').login(user.email, PASSWORD)).statusCode).toBe(422);
  });

  it('kills an open reset link', async () => {
    const { user, here } = await twoSessions();
    const token = await resetTokenFor(user.email);
    expect((await here.post('/api/change-password', { body: body() })).statusCode).toBe(200);
    const res = await (await visitor()).post('/api/password-reset', { body: resetBody(token, 'Ander-Wachtwoord-88!') });
    expect(res.statusCode).toBe(422);
  });

  it('says "Het opgegeven wachtwoord is onjuist." on the field and keeps the sessions', async () => {
    const { here, there } = await twoSessions();
    const res = await here.post('/api/change-password', { body: body('Verkeerd-Wachtwoord-1') });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'De ingevoerde gegevens zijn ongeldig.',
      errors: { current_password: ['Het opgegeven wachtwoord is onjuist.'] },
    });
    expect((await there.get('/api/authorized')).statusCode).toBe(200);
  });

  it('validates the new password (422 per field, each text)', async () => {
    const { here } = await twoSessions();
    const post = (b: Record<string, unknown>) => here.post('/api/change-password', { body: b });
    const empty = await post({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      current_password: ['Verplicht'],
      password: ['Verplicht'],
      password_confirmation: ['Verplicht'],
    });
    const weak = await post(body(PASSWORD, 'kort', 'anders'));
    expect(weak.json().errors).toEqual({
      password: ['Je wachtwoord is niet sterk genoeg'],
      password_confirmation: ['Wachtwoorden komen niet overeen'],
    });
    const guessable = await post(body(PASSWORD, 'Lotte-Gebruiker1'));
    expect(guessable.statusCode).toBe(422);
    expect(guessable.json().errors).toEqual({ password: ['Je wachtwoord is niet sterk genoeg'] });
  });

  it('is throttled against guessing the current password: 5 a minute (429)', async () => {
    const { here } = await twoSessions();
    for (let i = 0; i < 5; i++) {
      expect((await here.post('/api/change-password', { body: body(`Fout-${i}-Wachtwoord!`) })).statusCode).toBe(422);
    }
    const refused = await here.post('/api/change-password', { body: body() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Te veel pogingen. Probeer het over een minuut opnieuw.');
  });

  it('needs a session (401) and the CSRF token (419)', async () => {
    const client = await visitor();
    expect((await client.post('/api/change-password', { body: body() })).statusCode).toBe(401);
    const { here } = await twoSessions();
    expect((await here.post('/api/change-password', { body: body(), csrf: false })).statusCode).toBe(419);
  });
});
