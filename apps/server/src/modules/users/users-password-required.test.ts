import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { users } from '../../db/schema/users';
import { PASSWORD_CHANGE_ROUTES } from '../../plugins/access';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { expectNoSecrets } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

/** POST /api/users/{id}/require-password-change and the gate it sets (plugins/access.ts). */
const t = useTestApp();

const NEW = 'Fietsbel-Kano7!';
const flagOf = async (id: number) =>
  (await t.db.select({ flag: users.passwordChangeRequired }).from(users).where(eq(users.id, id)))[0]!.flag;
const requireOf = (id: number, client = t.admin) => client.post(`/api/users/${id}/require-password-change`);

let ipSeq = 0;
/** A user (of `role`) an admin required a new password of, logged in. */
async function requiredUser(role: 'mechanic' | 'customer' | 'admin' = 'mechanic') {
  const user = await createUser(t.db, role);
  expect((await requireOf(user.id)).statusCode).toBe(200);
  const client = new TestClient(t.app, `10.16.0.${++ipSeq}`);
  expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
  return { user, client };
}

describe('POST /api/users/{id}/require-password-change', () => {
  it('sets the flag, answers the user with it and keeps it out of the list', async () => {
    const user = await createUser(t.db, 'mechanic');
    expect((await t.admin.get(`/api/users/${user.id}`)).json().data.password_change_required).toBe(false);
    const res = await requireOf(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expectNoSecrets(res);
    expect(res.json().message).toBe('Wachtwoord wijzigen is verplicht gesteld');
    expect(res.json().data).toMatchObject({ id: user.id, password_change_required: true });
    expect(await flagOf(user.id)).toBe(true);
    expect((await t.admin.get(`/api/users/${user.id}`)).json().data.password_change_required).toBe(true);
    const list = await t.admin.get('/api/users', { query: { search: user.email } });
    expect(list.json().data[0]).not.toHaveProperty('password_change_required');
    // Again: no error, still set.
    expect((await requireOf(user.id)).statusCode).toBe(200);
    expect(await flagOf(user.id)).toBe(true);
  });

  it('needs a session (401), the CSRF token (419) and users.manage (403)', async () => {
    const user = await createUser(t.db, 'mechanic');
    const visitor = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/require-password-change` });
    expect(visitor.statusCode).toBe(401);
    expect((await t.admin.post(`/api/users/${user.id}/require-password-change`, { csrf: false })).statusCode).toBe(419);
    for (const client of [t.mechanic, t.customerA.client]) {
      const res = await requireOf(user.id, client);
      expect(res.statusCode).toBe(403);
    }
    expect(await flagOf(user.id)).toBe(false);
  });

  it('answers 404 for an unknown user, and for an id that is no number (never a 500)', async () => {
    const res = await requireOf(987654);
    expect(res.statusCode).toBe(404);
    expect((await t.admin.post('/api/users/abc/require-password-change')).statusCode).toBe(404);
  });

  it('answers 409 for a user without a password (invited, or Google only) and for oneself', async () => {
    const invited = await createUser(t.db, 'mechanic', { passwordHash: null, activatedAt: null });
    const google = await createUser(t.db, 'customer', {
      passwordHash: null,
      oidcIssuer: 'https://accounts.google.com',
      oidcSubject: `sub-${Date.now()}`,
    });
    for (const user of [invited, google]) {
      const res = await requireOf(user.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PASSWORD_TEXT.changeRequiredNoPassword, errors: {} });
      expect(await flagOf(user.id)).toBe(false);
    }
    const { user: me, client } = await t.signIn('admin');
    const self = await requireOf(me.id, client);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(PASSWORD_TEXT.changeRequiredSelf);
    expect(await flagOf(me.id)).toBe(false);
  });

  it('does not let an admin require it of a super admin (403); a super admin may, and of an admin', async () => {
    const sa = await createUser(t.db, 'super_admin');
    expect((await requireOf(sa.id)).statusCode).toBe(403);
    expect(await flagOf(sa.id)).toBe(false);
    expect((await requireOf(sa.id, t.superAdmin)).statusCode).toBe(200);
    const admin = await createUser(t.db, 'admin');
    expect((await requireOf(admin.id)).statusCode).toBe(200);
  });
});

describe('a user who must change their password', () => {
  it('logs in, is told so, and gets 403 everywhere but who-am-I, the token, change-password and logout', async () => {
    const { client } = await requiredUser('admin');
    const me = await client.get('/api/authorized');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ password_change_required: true, two_factor_setup_required: false });
    expect((await client.get('/api/token')).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/customers'],
      ['GET', '/api/profile'],
      ['POST', '/api/users/1/archive'],
      ['POST', '/api/2fa/setup'],
    ] as const) {
      const res = await client.request(method, url, method === 'POST' ? { body: {} } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Wijzig eerst je wachtwoord.');
    }
    // A method-override twin is refused too; without the CSRF token it is still 419 first.
    expect((await client.post('/api/users/1', { body: { _method: 'PUT' }, as: 'form' })).statusCode).toBe(403);
    expect((await client.post('/api/users/1/archive', { csrf: false })).statusCode).toBe(419);
    // Change-password is reached (a wrong current password is its own 422).
    const wrong = await client.post('/api/change-password', {
      body: { current_password: 'fout', password: NEW, password_confirmation: NEW },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([PASSWORD_TEXT.wrongCurrentPassword]);
  });

  it('allows exactly who-am-I, the token, change-password and logout', async () => {
    expect([...PASSWORD_CHANGE_ROUTES].sort()).toEqual(
      [
        'GET /api/authorized',
        'GET /api/token',
        'HEAD /api/authorized',
        'HEAD /api/token',
        'POST /api/change-password',
        'POST /api/logout',
      ].sort(),
    );
    const { client } = await requiredUser();
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
  });

  it('is free again after change-password, which clears the flag', async () => {
    const { user, client } = await requiredUser('customer');
    const res = await client.post('/api/change-password', {
      body: { current_password: PASSWORD, password: NEW, password_confirmation: NEW },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await flagOf(user.id)).toBe(false);
    expect((await client.get('/api/authorized')).json().data.password_change_required).toBe(false);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
  });

  it('is free again after a reset by e-mail, which clears the flag', async () => {
    const { user, client } = await requiredUser();
    const visitor = new TestClient(t.app, `10.16.1.${++ipSeq}`);
    await visitor.fetchToken();
    expect((await visitor.post('/api/password-recover', { body: { email: user.email } })).statusCode).toBe(200);
    let mail;
    for (let i = 0; i < 100 && !mail; i++) {
      await t.mails.drain();
      mail = t.mailer.sent.find((m) => m.to === user.email && /reset-password/.test(m.text));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const token = /\/reset-password\/([\w-]+)/.exec(mail!.text)![1]!;
    const reset = await visitor.post('/api/password-reset', {
      body: { token, password: NEW, password_confirmation: NEW },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await flagOf(user.id)).toBe(false);
    // The reset ended the old session; a new login is free.
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
    const again = new TestClient(t.app, `10.16.2.${ipSeq}`);
    expect((await again.login(user.email, NEW)).statusCode).toBe(200);
    expect((await again.get('/api/profile')).statusCode).toBe(200);
  });
});
