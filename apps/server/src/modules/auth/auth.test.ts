import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp({ signIn: false });

describe('GET /api/token', () => {
  it('hands out a CSRF token bound to a new visitor session', async () => {
    const client = new TestClient(t.app);
    const res = await client.get('/api/token');
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const cookie = res.cookies.find((c) => c.name === 'kw_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    // The same session keeps its token.
    expect((await client.get('/api/token')).json().data.token).toBe(token);
  });
});

describe('POST /api/login', () => {
  it('logs in, returns the user payload and rotates session and CSRF token', async () => {
    const user = await createUser(t.db, 'admin');
    const client = new TestClient(t.app);
    const before = await client.fetchToken();
    const res = await client.post('/api/login', { body: { email: user.email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: user.id, email: user.email, role: 'admin', roles: ['admin'], customer_id: null });
    expect(data.permissions).toContain('users.manage');
    expect(data).not.toHaveProperty('password_hash');
    expect(data).not.toHaveProperty('passwordHash');
    // The pre-login token no longer works on the new session.
    const stale = await client.post('/api/logout', { csrf: true });
    expect(stale.statusCode).toBe(419);
    const after = await client.fetchToken();
    expect(after).not.toBe(before);
    expect((await client.get('/api/authorized')).json().data.id).toBe(user.id);
  });

  it('accepts form-encoded and multipart bodies', async () => {
    const user = await createUser(t.db, 'mechanic');
    for (const as of ['form', 'multipart'] as const) {
      const client = new TestClient(t.app);
      await client.fetchToken();
      const res = await client.post('/api/login', { body: { email: user.email, password: PASSWORD }, as });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers 422 with the same Dutch message for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t.db, 'admin');
    const client = new TestClient(t.app, '10.0.0.1');
    await client.fetchToken();
    const wrong = await client.post('/api/login', { body: { email: user.email, password: 'Verkeerd123!' } });
    const unknown = await client.post('/api/login', {
      body: { email: 'niemand@example.com', password: 'Verkeerd123!' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Ongeldige combinatie e-mail en wachtwoord',
        errors: { email: ['Ongeldige combinatie e-mail en wachtwoord'] },
      });
    }
  });

  it('validates the body (422 with an errors map)', async () => {
    const client = new TestClient(t.app);
    await client.fetchToken();
    const res = await client.post('/api/login', { body: { email: 'geen-adres', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Ongeldig e-mailadres'], password: ['Verplicht'] });
    const wrongType = await client.post('/api/login', { body: { email: 42, password: ['x'] } });
    expect(wrongType.statusCode).toBe(422);
    const garbage = await client.request('POST', '/api/login', { body: undefined });
    expect(garbage.statusCode).toBe(422);
  });

  it('answers 422, not 500, for malformed JSON', async () => {
    const client = new TestClient(t.app);
    const token = await client.fetchToken();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('message');
  });

  it('needs the CSRF token (419)', async () => {
    const user = await createUser(t.db, 'admin');
    const client = new TestClient(t.app);
    await client.fetchToken();
    const res = await client.post('/api/login', { body: { email: user.email, password: PASSWORD }, csrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toMatch(/sessie is verlopen/);
    const noSession = await new TestClient(t.app).post('/api/login', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(noSession.statusCode).toBe(419);
  });

  it('throttles after 5 failures a minute per e-mail and IP (429), even with the right password', async () => {
    const user = await createUser(t.db, 'admin');
    const client = new TestClient(t.app, '10.0.0.9');
    await client.fetchToken();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/login', { body: { email: user.email, password: 'Fout1234!' } })).statusCode).toBe(
        422,
      );
    }
    const blocked = await client.post('/api/login', { body: { email: user.email, password: PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Te veel pogingen. Probeer het over een minuut opnieuw.');
    // Another IP is not blocked by these failures.
    const other = new TestClient(t.app, '10.0.0.10');
    expect((await other.login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses archived and not yet activated users with the same message', async () => {
    const archived = await createUser(t.db, 'mechanic', { archivedAt: new Date() });
    const invited = await createUser(t.db, 'mechanic', { passwordHash: null, activatedAt: null });
    for (const u of [archived, invited]) {
      const res = await new TestClient(t.app).login(u.email, PASSWORD);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Ongeldige combinatie e-mail en wachtwoord');
    }
  });
});

describe('GET /api/authorized and POST /api/logout', () => {
  it('401 without a session', async () => {
    const res = await new TestClient(t.app).get('/api/authorized');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Je bent niet ingelogd.', errors: {} });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('logout ends the session on the server and needs CSRF', async () => {
    const user = await createUser(t.db, 'customer');
    const client = new TestClient(t.app);
    await client.login(user.email, PASSWORD);
    expect((await client.post('/api/logout', { csrf: false })).statusCode).toBe(419);
    const res = await client.post('/api/logout');
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
    expect((await client.post('/api/logout')).statusCode).toBe(401);
  });

  it('an archived user loses the running session', async () => {
    const user = await createUser(t.db, 'mechanic');
    const client = new TestClient(t.app);
    await client.login(user.email, PASSWORD);
    expect((await client.get('/api/authorized')).statusCode).toBe(200);
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, user.id));
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
  });
});

describe('headers and unknown paths', () => {
  it('sends security headers and a 404 envelope for unknown API paths', async () => {
    const res = await new TestClient(t.app).get('/api/bestaat-niet');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Niet gevonden.', errors: {} });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
