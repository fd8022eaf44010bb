import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TEXT } from '@keurwijzer/shared/texts';
import { TWO_FACTOR_TEXT } from '@keurwijzer/shared/two-factor';
import { userRecoveryCodes, users } from '../../db/schema/users';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp({ signIn: false });

/** The code of the app at `offsetSteps` time steps from now (the server accepts -1, 0 and +1). */
const codeAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

let ipSeq = 0;
/** A client of its own address, so the login and code throttles of one test do not meet another's. */
const newClient = () => new TestClient(t.app, `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);

/** A user with a password, logged in (two-factor still off). */
async function loggedIn(role: 'admin' | 'mechanic' | 'customer' = 'admin') {
  const user = await createUser(t.db, role);
  const client = newClient();
  expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
  return { user, client };
}

/** Sets up and turns on two-factor for the logged-in client: the plain key and the recovery codes. */
async function enable(client: TestClient) {
  const setup = await client.post('/api/2fa/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = (setup.json().data.secret as string).replace(/\s/g, '');
  const enableCode = await codeAt(secret);
  const res = await client.post('/api/2fa/enable', { body: { code: enableCode, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return { secret, enableCode, codes: res.json().data.recovery_codes as string[] };
}

/** A user with two-factor on, and a new client whose password login waits for the second factor. */
async function withTwoFactor() {
  const { user, client } = await loggedIn();
  const { secret, codes, enableCode } = await enable(client);
  const pending = await pendingLogin(user.email);
  return { user, secret, codes, enableCode, client, pending };
}

/** A new client past the password: its session waits for the second factor. */
async function pendingLogin(email: string) {
  const client = newClient();
  const res = await client.login(email, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toEqual({ two_factor_required: true });
  return client;
}

describe('POST /api/2fa/setup', () => {
  it('gives a new key, its otpauth URL and QR code; stores it encrypted and not yet in use', async () => {
    const { user, client } = await loggedIn();
    const res = await client.post('/api/2fa/setup');
    expect(res.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = res.json().data as { secret: string; otpauth_url: string; qr_svg: string };
    expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const plain = secret.replace(/\s/g, '');
    expect(plain.length).toBeGreaterThanOrEqual(32);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(plain);
    expect(url.searchParams.get('issuer')).toBe(t.config.company.name);
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    expect(qr_svg).toMatch(/^<svg[^>]*>/);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(plain);
    expect(row!.totpEnabledAt).toBeNull();
    // Not on yet: logging in still needs no code.
    expect((await newClient().login(user.email, PASSWORD)).json().data.two_factor_enabled).toBe(false);

    // A second start replaces the unconfirmed key.
    const again = await client.post('/api/2fa/setup');
    expect(again.json().data.secret).not.toBe(secret);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.totpSecret).not.toBe(row!.totpSecret);
  });

  it('answers 409 when two-factor is on already', async () => {
    const { client } = await loggedIn();
    await enable(client);
    const res = await client.post('/api/2fa/setup');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TWO_FACTOR_TEXT.alreadyEnabled);
  });

  it('needs a session (401) and the CSRF token (419)', async () => {
    const visitor = newClient();
    await visitor.fetchToken();
    expect((await visitor.post('/api/2fa/setup')).statusCode).toBe(401);
    const { client } = await loggedIn();
    expect((await client.post('/api/2fa/setup', { csrf: false })).statusCode).toBe(419);
  });
});

describe('POST /api/2fa/enable', () => {
  it('turns two-factor on with a right code: ten recovery codes, stored only as hashes; other sessions end', async () => {
    const { user, client } = await loggedIn();
    const other = newClient();
    expect((await other.login(user.email, PASSWORD)).statusCode).toBe(200);
    const { codes } = await enable(client);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.map((c) => c.replace('-', ''))).not.toContain(row.codeHash);
    }
    const me = await client.get('/api/authorized');
    expect(me.json().data).toMatchObject({ id: user.id, two_factor_enabled: true, two_factor_setup_required: false });
    // The session that was started without the second factor ended; this one goes on.
    expect((await other.get('/api/authorized')).statusCode).toBe(401);
  });

  it('answers 422 for a wrong code and for one that is no six digits, 409 before the setup', async () => {
    const { client } = await loggedIn();
    const before = await client.post('/api/2fa/enable', { body: { code: '123456', password: PASSWORD } });
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(TWO_FACTOR_TEXT.notStarted);

    const setup = await client.post('/api/2fa/setup');
    const secret = (setup.json().data.secret as string).replace(/\s/g, '');
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await client.post('/api/2fa/enable', { body: { code: wrong, password: PASSWORD } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: [TWO_FACTOR_TEXT.wrongCode] });
    for (const [body, error] of [
      [{ code: '12345', password: PASSWORD }, TWO_FACTOR_TEXT.codeFormat],
      [{ code: 'abcdef', password: PASSWORD }, TWO_FACTOR_TEXT.codeFormat],
      [{ code: '', password: PASSWORD }, 'Verplicht'],
      [{ password: PASSWORD }, 'Verplicht'],
    ] as const) {
      const bad = await client.post('/api/2fa/enable', { body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().errors.code).toEqual([error]);
    }
    // Spaces as an app shows them are fine.
    const ok = await client.post('/api/2fa/enable', {
      body: { code: `${right.slice(0, 3)} ${right.slice(3)}`, password: PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('is throttled: 5 codes a minute per account and IP (429)', async () => {
    const { client } = await loggedIn();
    const setup = await client.post('/api/2fa/setup');
    const secret = (setup.json().data.secret as string).replace(/\s/g, '');
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/2fa/enable', { body: { code: wrong, password: PASSWORD } })).statusCode).toBe(
        422,
      );
    }
    const refused = await client.post('/api/2fa/enable', { body: { code: right, password: PASSWORD } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TEXT.throttled);
  });

  it('needs a session (401) and the CSRF token (419)', async () => {
    const visitor = newClient();
    await visitor.fetchToken();
    expect((await visitor.post('/api/2fa/enable', { body: { code: '123456' } })).statusCode).toBe(401);
    const { client } = await loggedIn();
    expect((await client.post('/api/2fa/enable', { body: { code: '123456' }, csrf: false })).statusCode).toBe(419);
  });
});

describe('POST /api/2fa (the second step of a login)', () => {
  it('GET /api/2fa says whether the session waits for the second factor', async () => {
    const pendingOf = async (client: TestClient) => {
      const res = await client.get('/api/2fa');
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { pending: boolean } }).data.pending;
    };
    const visitor = newClient();
    expect(await pendingOf(visitor)).toBe(false);
    await visitor.fetchToken();
    expect(await pendingOf(visitor)).toBe(false);
    const { client } = await loggedIn();
    expect(await pendingOf(client)).toBe(false);
    const { secret, pending } = await withTwoFactor();
    expect(await pendingOf(pending)).toBe(true);
    expect((await pending.post('/api/2fa', { body: { code: await codeAt(secret, 1) } })).statusCode).toBe(200);
    expect(await pendingOf(pending)).toBe(false);
  });

  it('a login waits for the code: its session reaches nothing else (401) until the code is right', async () => {
    const { user, secret, pending } = await withTwoFactor();
    for (const [method, url] of [
      ['GET', '/api/authorized'],
      ['GET', '/api/users'],
      ['POST', '/api/2fa/setup'],
      ['POST', '/api/2fa/disable'],
      ['POST', '/api/logout'],
    ] as const) {
      const res = await pending.request(method, url, { body: method === 'POST' ? { password: PASSWORD } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const cookieBefore = pending.authHeaders().cookie;
    const tokenBefore = pending.token;
    // (The current step's code turned two-factor on: the next step's is the app's next code.)
    const res = await pending.post('/api/2fa', { body: { code: await codeAt(secret, 1) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, two_factor_enabled: true });
    // A new session: new cookie, and the waiting session's CSRF token is no longer valid.
    expect(pending.authHeaders().cookie).not.toBe(cookieBefore);
    expect((await pending.post('/api/logout')).statusCode).toBe(419);
    expect(await pending.fetchToken()).not.toBe(tokenBefore);
    expect((await pending.get('/api/authorized')).json().data.id).toBe(user.id);
    // The waiting session is gone.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/2fa',
      headers: { cookie: cookieBefore!, 'x-csrf-token': tokenBefore!, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: await codeAt(secret, 1) }),
    });
    expect(old.statusCode).toBe(419);
  });

  it('refuses a wrong code (422) and a code used before (422), also one used to turn it on', async () => {
    const { user, secret, enableCode: used, pending } = await withTwoFactor();
    // The code that turned two-factor on is used.
    const reusedFromEnable = await pending.post('/api/2fa', { body: { code: used } });
    expect(reusedFromEnable.statusCode).toBe(422);
    expect(reusedFromEnable.json().errors).toEqual({ code: [TWO_FACTOR_TEXT.reusedCode] });

    const wrongCode = used === '000000' ? '111111' : '000000';
    const wrong = await pending.post('/api/2fa', { body: { code: wrongCode } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: TEXT.validation, errors: { code: [TWO_FACTOR_TEXT.wrongCode] } });

    const next = await codeAt(secret, 1);
    expect((await pending.post('/api/2fa', { body: { code: next } })).statusCode).toBe(200);
    // The same code again, at another login: refused.
    const again = await pendingLogin(user.email);
    const reused = await again.post('/api/2fa', { body: { code: next } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ code: [TWO_FACTOR_TEXT.reusedCode] });
    // An older step than the last accepted one too.
    expect((await again.post('/api/2fa', { body: { code: await codeAt(secret, -1) } })).statusCode).toBe(422);
    expect((await again.get('/api/authorized')).statusCode).toBe(401);
  });

  it('accepts a code once when two logins send it at the same moment', async () => {
    const { user, secret } = await withTwoFactor();
    const clients = await Promise.all([1, 2, 3, 4].map(() => pendingLogin(user.email)));
    const code = await codeAt(secret, 1);
    const answers = await Promise.all(clients.map((c) => c.post('/api/2fa', { body: { code } })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422)) {
      expect(a.json().errors).toEqual({ code: [TWO_FACTOR_TEXT.reusedCode] });
    }
  });

  it('logs in with a recovery code once; as typed in any case and without the dash', async () => {
    const { user, codes, pending } = await withTwoFactor();
    const typed = codes[0]!.replace('-', '').toUpperCase();
    const res = await pending.post('/api/2fa', { body: { recovery_code: typed } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.id).toBe(user.id);
    const unused = await t.db.$count(userRecoveryCodes, eq(userRecoveryCodes.userId, user.id));
    expect(unused).toBe(10);

    const again = await pendingLogin(user.email);
    const twice = await again.post('/api/2fa', { body: { recovery_code: codes[0] } });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ recovery_code: [TWO_FACTOR_TEXT.wrongRecoveryCode] });
    const unknown = await again.post('/api/2fa', { body: { recovery_code: 'aaaaa-bbbbb' } });
    expect(unknown.statusCode).toBe(422);
    // Another one still works.
    expect((await again.post('/api/2fa', { body: { recovery_code: codes[1] } })).statusCode).toBe(200);
  });

  it('uses a recovery code once when two logins send it at the same moment', async () => {
    const { user, codes } = await withTwoFactor();
    const clients = await Promise.all([1, 2, 3].map(() => pendingLogin(user.email)));
    const answers = await Promise.all(clients.map((c) => c.post('/api/2fa', { body: { recovery_code: codes[2] } })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('validates the body (422): a code or a recovery code, not both, not neither', async () => {
    const { pending } = await withTwoFactor();
    const none = await pending.post('/api/2fa', { body: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ code: ['Verplicht'] });
    const both = await pending.post('/api/2fa', { body: { code: '123456', recovery_code: 'aaaaa-bbbbb' } });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.json().errors)).toEqual(['recovery_code']);
    const junk = await pending.post('/api/2fa', { body: { recovery_code: '<script>' } });
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors).toEqual({ recovery_code: [TWO_FACTOR_TEXT.wrongRecoveryCode] });
  });

  it('answers 401 without a session waiting for the second factor, and 419 without the CSRF token', async () => {
    const visitor = newClient();
    await visitor.fetchToken();
    const res = await visitor.post('/api/2fa', { body: { code: '123456' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(TWO_FACTOR_TEXT.noPendingLogin);
    // A full session has nothing to confirm.
    const { client } = await loggedIn();
    expect((await client.post('/api/2fa', { body: { code: '123456' } })).statusCode).toBe(401);
    const { pending } = await withTwoFactor();
    expect((await pending.post('/api/2fa', { body: { code: '123456' }, csrf: false })).statusCode).toBe(419);
    expect((await newClient().post('/api/2fa', { body: { code: '123456' } })).statusCode).toBe(419);
  });

  it('is throttled like the login: after 5 wrong codes a minute even the right code gets 429', async () => {
    const { secret, pending } = await withTwoFactor();
    const right = await codeAt(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await pending.post('/api/2fa', { body: { code: wrong } })).statusCode).toBe(422);
    }
    const refused = await pending.post('/api/2fa', { body: { code: right } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TEXT.throttled);
    // Recovery codes are counted on the same counters.
    expect((await pending.post('/api/2fa', { body: { recovery_code: 'aaaaa-bbbbb' } })).statusCode).toBe(429);
  });

  it('limits an account to 20 codes an hour from all addresses together', async () => {
    const { user, secret } = await withTwoFactor();
    const right = await codeAt(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const client = await pendingLogin(user.email);
      for (let j = 0; j < 5; j++) {
        expect((await client.post('/api/2fa', { body: { code: wrong } })).statusCode).toBe(422);
      }
    }
    const fresh = await pendingLogin(user.email);
    const refused = await fresh.post('/api/2fa', { body: { code: right } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TEXT.throttledAccount);
  });
});

describe('POST /api/2fa/disable', () => {
  it('needs the password: a wrong one is 422, the right one turns it off and removes key and codes', async () => {
    const { user, client } = await loggedIn();
    await enable(client);
    const wrong = await client.post('/api/2fa/disable', { body: { password: 'Niet-Het-Wachtwoord-1' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [PASSWORD_TEXT.wrongCurrentPassword] });
    expect(wrong.json().errors.password).toEqual(['Het opgegeven wachtwoord is onjuist.']);
    const empty = await client.post('/api/2fa/disable', { body: { password: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ password: ['Verplicht'] });

    const res = await client.post('/api/2fa/disable', { body: { password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, message: TWO_FACTOR_TEXT.disabled });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await t.db.$count(userRecoveryCodes, eq(userRecoveryCodes.userId, user.id))).toBe(0);
    // Logging in needs no code any more.
    const login = await newClient().login(user.email, PASSWORD);
    expect(login.json().data).toMatchObject({ id: user.id, two_factor_enabled: false });
    // Off already: 409.
    expect((await client.post('/api/2fa/disable', { body: { password: PASSWORD } })).statusCode).toBe(409);
  });

  it('refuses an account without a password (422) and is throttled like change-password (429)', async () => {
    const { client } = await loggedIn();
    await enable(client);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/2fa/disable', { body: { password: `Fout-${i}!` } })).statusCode).toBe(422);
    }
    const refused = await client.post('/api/2fa/disable', { body: { password: PASSWORD } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PASSWORD_TEXT.changeThrottled);

    // An account that signs in only with Google has no password to confirm with.
    const { user: googleUser, client: second } = await loggedIn();
    await enable(second);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, googleUser.id));
    const noPassword = await second.post('/api/2fa/disable', { body: { password: PASSWORD } });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().errors).toEqual({ password: [TWO_FACTOR_TEXT.noPassword] });
  });

  it('needs a session (401) and the CSRF token (419)', async () => {
    const visitor = newClient();
    await visitor.fetchToken();
    expect((await visitor.post('/api/2fa/disable', { body: { password: PASSWORD } })).statusCode).toBe(401);
    const { client } = await loggedIn();
    expect((await client.post('/api/2fa/disable', { body: { password: PASSWORD }, csrf: false })).statusCode).toBe(419);
  });
});

describe('POST /api/2fa/recovery-codes', () => {
  it('gives ten new codes after the password; the old ones stop working', async () => {
    const { user, client } = await loggedIn();
    const { codes } = await enable(client);
    const wrong = await client.post('/api/2fa/recovery-codes', { body: { password: 'Fout-Wachtwoord-1' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [PASSWORD_TEXT.wrongCurrentPassword] });
    const res = await client.post('/api/2fa/recovery-codes', { body: { password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    const pending = await pendingLogin(user.email);
    expect((await pending.post('/api/2fa', { body: { recovery_code: codes[0] } })).statusCode).toBe(422);
    expect((await pending.post('/api/2fa', { body: { recovery_code: fresh[0] } })).statusCode).toBe(200);
  });

  it('409 when two-factor is off, 401 without a session, 419 without the CSRF token', async () => {
    const { client } = await loggedIn();
    expect((await client.post('/api/2fa/recovery-codes', { body: { password: PASSWORD } })).statusCode).toBe(409);
    expect(
      (await client.post('/api/2fa/recovery-codes', { body: { password: PASSWORD }, csrf: false })).statusCode,
    ).toBe(419);
    const visitor = newClient();
    await visitor.fetchToken();
    expect((await visitor.post('/api/2fa/recovery-codes', { body: { password: PASSWORD } })).statusCode).toBe(401);
  });
});
