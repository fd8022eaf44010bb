import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { loginThrottle } from '../../db/schema/login-throttle';
import { passwordChecks } from '../../lib/password';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { THROTTLE } from './login-throttle';

/** Every password check the login makes (scrypt), counted. */
const checks = {
  base: 0,
  reset() {
    this.base = passwordChecks();
  },
  get count() {
    return passwordChecks() - this.base;
  },
};

const t = useTestApp({ signIn: false });

const WRONG = 'Verkeerd-Wachtwoord-1!';
const THROTTLED_ACCOUNT = 'Te veel mislukte pogingen voor dit account. Probeer het later opnieuw.';

/** A visitor at `ip` with a CSRF token, as the login page has one. */
async function visitor(ip: string): Promise<TestClient> {
  const client = new TestClient(t.app, ip);
  await client.fetchToken();
  return client;
}

/** The statuses of `n` logins sent at once, and how many passwords were checked meanwhile. */
async function parallelLogins(n: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  checks.reset();
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const statuses: Record<number, number> = {};
  for (const r of responses) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
  return { statuses, checked: checks.count };
}

/** The device cookie a login answer sets (its value). */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'kw_device');
  expect(cookie, 'device cookie').toBeDefined();
  return cookie!.value;
}

/** A login with the browser's session cookie and CSRF token and, when given, a device cookie. */
function loginWithDevice(client: TestClient, ip: string, email: string, password: string, device?: string) {
  const headers = client.authHeaders();
  if (device) headers.cookie = [headers.cookie, `kw_device=${device}`].filter(Boolean).join('; ');
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { ...headers, accept: 'application/json', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
    remoteAddress: ip,
  });
}

describe('login throttle under concurrency', () => {
  it('checks at most 5 passwords of 50 parallel bad logins for one e-mail from one address', async () => {
    const user = await createUser(t.db, 'admin');
    const client = await visitor('10.1.0.1');
    const run = await parallelLogins(50, () =>
      client.post('/api/login', { body: { email: user.email, password: WRONG } }),
    );
    // Each request takes its place in the counter in one statement before the password check:
    // exactly 5 get a check (and the 422), the other 45 a 429 without one.
    expect(run).toEqual({ statuses: { 422: 5, 429: 45 }, checked: 5 });
    // The right password from that address waits for the window too.
    expect((await client.post('/api/login', { body: { email: user.email, password: PASSWORD } })).statusCode).toBe(429);
  });

  it('also for an unknown e-mail (the same answers whether or not the account exists)', async () => {
    const client = await visitor('10.1.0.2');
    const run = await parallelLogins(50, () =>
      client.post('/api/login', { body: { email: 'niemand-parallel@example.com', password: WRONG } }),
    );
    expect(run).toEqual({ statuses: { 422: 5, 429: 45 }, checked: 5 });
  });

  it('a successful login gives its place back: the next failures count from zero', async () => {
    const user = await createUser(t.db, 'mechanic');
    const client = await visitor('10.1.0.3');
    for (let i = 0; i < 4; i++) {
      expect((await client.post('/api/login', { body: { email: user.email, password: WRONG } })).statusCode).toBe(422);
    }
    expect((await client.post('/api/login', { body: { email: user.email, password: PASSWORD } })).statusCode).toBe(200);
    const again = await visitor('10.1.0.3');
    const run = await parallelLogins(8, () =>
      again.post('/api/login', { body: { email: user.email, password: WRONG } }),
    );
    expect(run).toEqual({ statuses: { 422: 5, 429: 3 }, checked: 5 });
  });

  it('starts a new window once the old one has ended', async () => {
    const user = await createUser(t.db, 'mechanic');
    const client = await visitor('10.1.0.4');
    await parallelLogins(6, () => client.post('/api/login', { body: { email: user.email, password: WRONG } }));
    // The minute is over.
    await t.db
      .update(loginThrottle)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(and(eq(loginThrottle.kind, 'pair'), eq(loginThrottle.email, user.email)));
    expect((await client.post('/api/login', { body: { email: user.email, password: PASSWORD } })).statusCode).toBe(200);
  });
});

describe('per-account limit with device cookies', () => {
  it('stops a guesser spread over 21 addresses without locking out the owner’s known browser', async () => {
    const owner = await createUser(t.db, 'admin');
    // The owner logged in on this browser before: it got a device cookie for the account.
    const browser = await visitor('10.2.0.1');
    const first = await browser.post('/api/login', { body: { email: owner.email, password: PASSWORD } });
    expect(first.statusCode).toBe(200);
    const set = first.cookies.find((c) => c.name === 'kw_device')!;
    expect(set).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict', maxAge: 365 * 24 * 3600 });
    const device = set.value;
    await browser.post('/api/logout');

    // 105 failures from 21 addresses, 5 each, all at once.
    const guessers = await Promise.all(Array.from({ length: 21 }, (_, i) => visitor(`10.3.0.${i + 1}`)));
    const run = await parallelLogins(105, (i) =>
      guessers[i % 21]!.post('/api/login', { body: { email: owner.email, password: `${WRONG}${i}` } }),
    );
    // 100 an hour for all clients without the account's device cookie together.
    expect(run).toEqual({ statuses: { 422: THROTTLE.account.max, 429: 5 }, checked: THROTTLE.account.max });

    // The guesser is stopped even with the right password, from an address it has not used yet.
    const lucky = await visitor('10.3.1.1');
    const guessed = await lucky.post('/api/login', { body: { email: owner.email, password: PASSWORD } });
    expect(guessed.statusCode).toBe(429);
    expect(guessed.json().message).toBe(THROTTLED_ACCOUNT);
    // So is the owner on a browser that never logged in (OWASP: untrusted clients are locked).
    const newBrowser = await visitor('10.2.0.1');
    expect((await newBrowser.post('/api/login', { body: { email: owner.email, password: PASSWORD } })).statusCode).toBe(
      429,
    );

    // The owner's browser with its device cookie logs in, from home or from elsewhere.
    const known = await visitor('10.2.0.1');
    expect((await loginWithDevice(known, '10.2.0.1', owner.email, PASSWORD, device)).statusCode).toBe(200);
    const travelling = await visitor('10.2.9.9');
    const res = await loginWithDevice(travelling, '10.2.9.9', owner.email, PASSWORD, device);
    expect(res.statusCode).toBe(200);
    // Each login hands out a fresh device cookie.
    expect(deviceCookieOf(res)).not.toBe(device);
  });

  it('trusts only a genuine, unexpired device cookie of that same account', async () => {
    const owner = await createUser(t.db, 'mechanic');
    const other = await createUser(t.db, 'mechanic');
    const otherLogin = await (
      await visitor('10.4.0.1')
    ).post('/api/login', {
      body: { email: other.email, password: PASSWORD },
    });
    const othersDevice = deviceCookieOf(otherLogin);
    const ownLogin = await (
      await visitor('10.4.0.2')
    ).post('/api/login', {
      body: { email: owner.email, password: PASSWORD },
    });
    const device = deviceCookieOf(ownLogin);
    // Lock the account for clients without its device cookie.
    const locked = { count: THROTTLE.account.max, resetAt: new Date(Date.now() + 3_600_000) };
    await t.db
      .insert(loginThrottle)
      .values({ kind: 'account', email: owner.email, client: '', ...locked })
      .onConflictDoUpdate({ target: [loginThrottle.kind, loginThrottle.email, loginThrottle.client], set: locked });

    const [uid, issuedAt, deviceId, signature] = device.split('.');
    const forged = [
      othersDevice, // another account's
      `${other.id}.${issuedAt}.${deviceId}.${signature}`, // another account's id in it
      `${uid}.${issuedAt}.${deviceId}.${signature!.slice(0, -2)}xx`, // signature altered
      `${uid}.${Number(issuedAt) - 366 * 24 * 3600}.${deviceId}.${signature}`, // re-dated (signature no longer fits)
      'rommel',
    ];
    for (const [i, cookie] of forged.entries()) {
      const client = await visitor(`10.4.1.${i + 1}`);
      const res = await loginWithDevice(client, `10.4.1.${i + 1}`, owner.email, PASSWORD, cookie);
      expect(res.statusCode, cookie).toBe(429);
    }
    const genuine = await visitor('10.4.2.1');
    expect((await loginWithDevice(genuine, '10.4.2.1', owner.email, PASSWORD, device)).statusCode).toBe(200);
  });

  it('a known browser has its own limit: 20 failures an hour, then it waits too', async () => {
    const owner = await createUser(t.db, 'customer');
    const device = deviceCookieOf(
      await (await visitor('10.5.0.1')).post('/api/login', { body: { email: owner.email, password: PASSWORD } }),
    );
    // Failures from the known browser, from 5 addresses (each stays under the pair's 5).
    checks.reset();
    const statuses = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const client = await visitor(`10.5.1.${i % 5}`);
        return (await loginWithDevice(client, `10.5.1.${i % 5}`, owner.email, WRONG, device)).statusCode;
      }),
    );
    expect(statuses.filter((s) => s === 422)).toHaveLength(THROTTLE.device.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - THROTTLE.device.max);
    expect(checks.count).toBe(THROTTLE.device.max);
    // They did not touch the account's counter: another browser still logs in.
    const elsewhere = await visitor('10.5.2.1');
    expect((await elsewhere.post('/api/login', { body: { email: owner.email, password: PASSWORD } })).statusCode).toBe(
      200,
    );
    const again = await visitor('10.5.3.1');
    expect((await loginWithDevice(again, '10.5.3.1', owner.email, PASSWORD, device)).statusCode).toBe(429);
  });
});
