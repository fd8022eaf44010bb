import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * The visitor's CSRF token: a signed double-submit token, HMAC of a random cookie,
 * with nothing stored. Anonymous traffic cannot grow the sessions table; the login still needs
 * the token of its own cookie and starts a stored session with a new one.
 */
const t = useTestApp({ signIn: false });

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'kw_session')?.value;

describe('GET /api/token without a session', () => {
  it('writes no session row, however many visitors ask (500 requests: 0 rows)', async () => {
    const before = await t.db.$count(sessions);
    const answers = await Promise.all(Array.from({ length: 500 }, () => t.app.inject({ url: '/api/token' })));
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(new Set(answers.map(cookieOf)).size).toBe(500);
    expect(await t.db.$count(sessions)).toBe(before);
    expect(await t.app.sessions.countAnonymous()).toBe(0);
  });

  it('gives the same token for the same cookie, without a query, and the token is not the cookie', async () => {
    const client = new TestClient(t.app);
    const token = await client.fetchToken();
    const cookie = client.authHeaders().cookie!;
    const { result, statements } = await t.queries.record(() =>
      t.app.inject({ url: '/api/token', headers: { cookie } }),
    );
    expect(result.json().data.token).toBe(token);
    expect(statements).toEqual([]);
    expect(cookie).not.toContain(token);
  });

  it('lets a visitor log in with its token; the session then has a new cookie and token', async () => {
    const user = await createUser(t.db, 'mechanic');
    const client = new TestClient(t.app);
    const visitorToken = await client.fetchToken();
    const visitorCookie = client.authHeaders().cookie;
    const res = await client.post('/api/login', { body: { email: user.email, password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(client.authHeaders().cookie).not.toBe(visitorCookie);
    const sessionToken = await client.fetchToken();
    expect(sessionToken).not.toBe(visitorToken);
    expect((await client.get('/api/authorized')).json().data.id).toBe(user.id);
    // The visitor's token does not work on the session.
    client.token = visitorToken;
    expect((await client.post('/api/logout')).statusCode).toBe(419);
    client.token = sessionToken;
    expect((await client.post('/api/logout')).statusCode).toBe(200);
  });

  it('refuses forged tokens (419) and logs nobody in with them', async () => {
    const user = await createUser(t.db, 'admin');
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ email: user.email, password: PASSWORD }),
      });
    const alice = new TestClient(t.app);
    const bob = new TestClient(t.app);
    const aliceToken = await alice.fetchToken();
    await bob.fetchToken();
    const aliceCookie = alice.authHeaders().cookie!;
    const aliceValue = aliceCookie.slice(aliceCookie.indexOf('=') + 1);

    const forged: Record<string, string>[] = [
      // A made-up token on a real visitor cookie.
      { cookie: aliceCookie, 'x-csrf-token': 'a'.repeat(64) },
      // Another visitor's token.
      { cookie: bob.authHeaders().cookie!, 'x-csrf-token': aliceToken },
      // A token without its cookie.
      { 'x-csrf-token': aliceToken },
      // The cookie value itself as the token (plain double submit would accept it).
      { cookie: aliceCookie, 'x-csrf-token': aliceValue },
      // A visitor cookie the server never made, in the wrong shape.
      { cookie: 'kw_session=v.kort', 'x-csrf-token': aliceToken },
      // No token at all.
      { cookie: aliceCookie },
    ];
    for (const headers of forged) {
      const res = await login(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(419);
      expect(cookieOf(res)).toBeUndefined();
    }
    expect((await login({ cookie: aliceCookie, 'x-csrf-token': aliceToken })).statusCode).toBe(200);
  });

  it('checks the token on the other public changes too (activation): 419 forged, 422 with the real one', async () => {
    const visitor = new TestClient(t.app);
    const token = await visitor.fetchToken();
    const body = { token: 'x'.repeat(43), password: 'x', password_confirmation: 'x' };
    visitor.token = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    expect((await visitor.post('/api/activate', { body })).statusCode).toBe(419);
    visitor.token = token;
    expect((await visitor.post('/api/activate', { body })).statusCode).toBe(422);
  });

  it('gives a visitor a fresh token after logout', async () => {
    const user = await createUser(t.db, 'customer');
    const client = new TestClient(t.app);
    expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    const before = await t.db.$count(sessions);
    await client.fetchToken();
    expect(await t.db.$count(sessions)).toBe(before);
    expect((await client.post('/api/login', { body: { email: user.email, password: PASSWORD } })).statusCode).toBe(200);
  });
});
