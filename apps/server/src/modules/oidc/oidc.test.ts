import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { eq } from 'drizzle-orm';
import { OIDC_ERRORS } from '@keurwijzer/shared/oidc';
import { users } from '../../db/schema/users';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { createSecretBox } from '../../lib/secret-box';
import { createFlowCookies } from './flow-cookie';

/**
 * Google sign-in against a local OpenID provider (the `oidc-provider` package) on 127.0.0.1: the
 * app discovers it through GOOGLE_ISSUER. The provider approves every interaction at once as the
 * account the test names (`signInAs`), with the claims of ACCOUNTS; the test carries the
 * browser's cookies between the app (app.inject) and the provider (fetch).
 */
const CLIENT_ID = 'keurwijzer-test';
const CLIENT_SECRET = 'keurwijzer-test-secret';
const CALLBACK = 'http://localhost:3000/api/auth/google/callback';

type Claims = { email: string; email_verified: boolean; given_name?: string; family_name?: string };
const ACCOUNTS = new Map<string, Claims>();
let nextAccount = '';
let subjects = 0;

/** A Google account of the provider; returns its subject. */
function googleAccount(claims: Claims): string {
  const sub = `sub-${++subjects}`;
  ACCOUNTS.set(sub, claims);
  return sub;
}

const idp = http.createServer();
let issuer = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const ttl = 600;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    // Google puts the e-mail and names in the ID token, so does this provider.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub, ...ACCOUNTS.get(sub) }) }),
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { Interaction: ttl, Grant: ttl, Session: ttl, AccessToken: ttl, IdToken: ttl, AuthorizationCode: 60 },
  });
  const handle = provider.callback();
  idp.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    // Login and consent at once, as the account the test chose.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: nextAccount, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
});
afterAll(() => new Promise<void>((resolve) => idp.close(() => resolve())));

const events: Record<string, unknown>[] = [];
const t = useTestApp({
  app: () => ({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: issuer },
    logLevel: 'info',
    logStream: {
      write(line: string) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (typeof entry.event === 'string' && entry.event.startsWith('oidc.')) events.push(entry);
      },
    },
  }),
});

const flows = createFlowCookies({ box: createSecretBox(TEST_SESSION_SECRET), secure: false });

type Cookie = { name: string; value: string; maxAge?: number; expires?: Date };

/** One browser: its cookies at the app and at the provider. */
class Browser {
  readonly appCookies = new Map<string, string>();
  private readonly idpCookies = new Map<string, string>();

  private static header(jar: Map<string, string>) {
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async app(url: string): Promise<LightMyRequestResponse> {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/json', cookie: Browser.header(this.appCookies) },
    });
    for (const c of res.cookies as Cookie[]) {
      const gone = !c.value || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (gone) this.appCookies.delete(c.name);
      else this.appCookies.set(c.name, c.value);
    }
    return res;
  }

  /** Follows the provider's redirects until it sends the browser back to the app. */
  async throughProvider(location: string): Promise<string> {
    let url = location;
    for (let hop = 0; hop < 10; hop++) {
      if (url.startsWith(CALLBACK)) return url.slice('http://localhost:3000'.length);
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: Browser.header(this.idpCookies) } });
      for (const c of res.headers.getSetCookie()) {
        const pair = c.split(';')[0]!;
        const at = pair.indexOf('=');
        this.idpCookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const next = res.headers.get('location');
      if (!next) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
      url = new URL(next, url).href;
    }
    throw new Error('too many redirects');
  }

  /** GET /api/auth/google, then the provider: the callback path the provider sent back (not yet called). */
  async start(sub: string, query = 'intent=login'): Promise<string> {
    nextAccount = sub;
    const res = await this.app(`/api/auth/google?${query}`);
    expect(res.statusCode, res.body).toBe(302);
    expect(this.appCookies.has('kw_oidc')).toBe(true);
    return this.throughProvider(res.headers.location as string);
  }

  /** The whole sign-in: the callback's answer. */
  async signIn(sub: string, query?: string): Promise<LightMyRequestResponse> {
    return this.app(await this.start(sub, query));
  }

  async authorized() {
    return t.app.inject({
      method: 'GET',
      url: '/api/authorized',
      headers: { accept: 'application/json', cookie: Browser.header(this.appCookies) },
    });
  }
}

/** The last security event of Google sign-in. */
const lastEvent = () => events.at(-1);

async function expectNoSession(browser: Browser) {
  expect((await browser.authorized()).statusCode).toBe(401);
}

const emailOf = (n: string) => `google.${n}.${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('GET /api/auth/providers', () => {
  it('says Google is on when GOOGLE_CLIENT_ID and _SECRET are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { google: true } });
  });
});

describe('GET /api/auth/google', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, and sets a sealed flow cookie', async () => {
    const browser = new Browser();
    const res = await browser.app('/api/auth/google?intent=register&redirect=%2Fmachines%2F5');
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)).toMatch(/^[\w-]{40,}$/);
    const cookie = (res.cookies as (Cookie & { httpOnly?: boolean; sameSite?: string; path?: string })[]).find(
      (c) => c.name === 'kw_oidc',
    )!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 });
    // Sealed: neither the state nor the verifier can be read from it, but the app can open it.
    expect(cookie.value).not.toContain(url.searchParams.get('state')!);
    const flow = flows.open(cookie.value)!;
    expect(flow).toMatchObject({ state: url.searchParams.get('state'), intent: 'register', redirect: '/machines/5' });
    expect(flow.nonce).toBe(url.searchParams.get('nonce'));
  });

  it.each([
    ['//evil.example/x'],
    ['https://evil.example/'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['/login?redirect=https://evil.example'],
  ])('drops the redirect %s (open redirect)', async (redirect) => {
    const browser = new Browser();
    const res = await browser.app(`/api/auth/google?intent=login&redirect=${encodeURIComponent(redirect)}`);
    expect(res.statusCode).toBe(302);
    expect(flows.open(browser.appCookies.get('kw_oidc'))!.redirect).toBeNull();
  });

  it('answers 422 for an unknown intent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google?intent=steal' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.intent).toBeDefined();
  });
});

describe('GET /api/auth/google/callback', () => {
  it('signs in an existing active account with the same verified e-mail, links the subject and ends the visitor session', async () => {
    const user = await createUser(t.db, 'admin', { email: emailOf('admin') });
    // The provider's address in other capitals: e-mail is compared case-insensitively.
    const sub = googleAccount({ email: user.email.toUpperCase(), email_verified: true });
    const browser = new Browser();
    await browser.app('/api/token'); // a visitor session, as a browser on the login screen has
    const visitorCookie = browser.appCookies.get('kw_session');
    const res = await browser.signIn(sub, 'intent=login&redirect=%2Fadmin%2Fusers');
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/admin/users');
    expect(browser.appCookies.has('kw_oidc'), 'the flow cookie is cleared').toBe(false);
    expect(browser.appCookies.get('kw_session')).not.toBe(visitorCookie);
    const me = await browser.authorized();
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, email: user.email, role: 'admin' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ oidcIssuer: issuer, oidcSubject: sub });
    expect(lastEvent()).toMatchObject({ event: 'oidc.success', userId: user.id, twoFactorPending: false });

    // Next time by its subject, even when the address at Google changed meanwhile.
    ACCOUNTS.set(sub, { email: emailOf('changed'), email_verified: true });
    const again = await new Browser().signIn(sub);
    expect(again.headers.location).toBe('/');
    expect(lastEvent()).toMatchObject({ event: 'oidc.success', userId: user.id });
  });

  it('sends a customer user to its own home and a replayed callback (code and flow cookie used) signs in nobody', async () => {
    const user = await createUser(t.db, 'customer', { email: emailOf('klant') });
    const sub = googleAccount({ email: user.email, email_verified: true });
    const browser = new Browser();
    const callback = await browser.start(sub);
    const flowCookie = browser.appCookies.get('kw_oidc')!;
    const res = await browser.app(callback);
    expect(res.headers.location).toBe('/machines');

    const replay = new Browser();
    replay.appCookies.set('kw_oidc', flowCookie);
    const second = await replay.app(callback);
    expect(second.headers.location).toBe('/login?fout=google');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'provider_error' });
    await expectNoSession(replay);
  });

  it('with two-factor sign-in on: a session that waits for the code (to /2fa)', async () => {
    const user = await createUser(t.db, 'mechanic', { email: emailOf('2fa'), totpEnabledAt: new Date() });
    const sub = googleAccount({ email: user.email, email_verified: true });
    const browser = new Browser();
    const res = await browser.signIn(sub, 'intent=login&redirect=%2Ftasks');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/2fa?redirect=%2Ftasks');
    expect(browser.appCookies.has('kw_session')).toBe(true);
    await expectNoSession(browser);
    expect(lastEvent()).toMatchObject({ event: 'oidc.success', userId: user.id, twoFactorPending: true });
  });

  it('first sign-in: a self-registered customer account (activated, no password, no customer) and a mail to the admins', async () => {
    const email = emailOf('nieuw');
    const sub = googleAccount({ email, email_verified: true, given_name: 'Fleur', family_name: 'de Jong' });
    const before = t.mailer.sent.length;
    const browser = new Browser();
    const res = await browser.signIn(sub, 'intent=register');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/machines');
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      firstName: 'Fleur',
      lastName: 'de Jong',
      role: 'customer',
      customerId: null,
      passwordHash: null,
      oidcIssuer: issuer,
      oidcSubject: sub,
    });
    expect(row!.activatedAt).not.toBeNull();
    const me = await browser.authorized();
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email, role: 'customer', customer_id: null });
    expect(events.some((e) => e.event === 'oidc.registered' && e.userId === row!.id)).toBe(true);
    await t.mails.drain();
    const mails = t.mailer.sent.slice(before).filter((m) => m.subject.includes('Fleur de Jong'));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.text).toContain(email);
    expect(mails[0]!.text).toContain('/admin/customer-users?without_customer=1');
  });

  it('wrong state: an altered state parameter, no flow cookie, or the cookie of another sign-in', async () => {
    const user = await createUser(t.db, 'admin', { email: emailOf('state') });
    const sub = googleAccount({ email: user.email, email_verified: true });

    const altered = new Browser();
    const callback = await altered.start(sub);
    const res = await altered.app(callback.replace(/state=[^&]+/, 'state=forged'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?fout=google');
    expect(altered.appCookies.has('kw_oidc'), 'the flow cookie is used up').toBe(false);
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'state' });
    await expectNoSession(altered);

    const noCookie = new Browser();
    const callback2 = await noCookie.start(sub);
    noCookie.appCookies.delete('kw_oidc');
    expect((await noCookie.app(callback2)).headers.location).toBe('/login?fout=google');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'state' });
    await expectNoSession(noCookie);

    // Login CSRF: the attacker's callback in the victim's browser, whose flow cookie is its own.
    const attacker = new Browser();
    const victim = new Browser();
    const attackerCallback = await attacker.start(sub);
    await victim.start(googleAccount({ email: emailOf('victim'), email_verified: true }));
    expect((await victim.app(attackerCallback)).headers.location).toBe('/login?fout=google');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'state' });
    await expectNoSession(victim);

    // A cookie altered by hand fails its seal.
    const tampered = new Browser();
    const callback3 = await tampered.start(sub);
    const value = tampered.appCookies.get('kw_oidc')!;
    tampered.appCookies.set('kw_oidc', value.slice(0, -2) + (value.endsWith('A') ? 'BB' : 'AA'));
    expect((await tampered.app(callback3)).headers.location).toBe('/login?fout=google');
    await expectNoSession(tampered);
  });

  it("wrong nonce: the ID token's nonce does not match the flow's", async () => {
    const user = await createUser(t.db, 'admin', { email: emailOf('nonce') });
    const sub = googleAccount({ email: user.email, email_verified: true });
    const browser = new Browser();
    const callback = await browser.start(sub);
    const flow = flows.open(browser.appCookies.get('kw_oidc'))!;
    browser.appCookies.set('kw_oidc', flows.seal({ ...flow, nonce: 'another-nonce-than-the-id-tokens' }));
    const res = await browser.app(callback);
    expect(res.headers.location).toBe('/login?fout=google');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'nonce' });
    await expectNoSession(browser);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.oidcSubject).toBeNull();
  });

  it('an expired flow cookie is refused', async () => {
    const user = await createUser(t.db, 'admin', { email: emailOf('expired') });
    const sub = googleAccount({ email: user.email, email_verified: true });
    const browser = new Browser();
    const callback = await browser.start(sub);
    const flow = flows.open(browser.appCookies.get('kw_oidc'))!;
    browser.appCookies.set('kw_oidc', flows.seal({ ...flow, expiresAt: Date.now() - 1000 }));
    expect((await browser.app(callback)).headers.location).toBe('/login?fout=google');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'state' });
    await expectNoSession(browser);
  });

  it('the provider answering an error (the visitor cancelled) signs in nobody', async () => {
    const browser = new Browser();
    await browser.app('/api/auth/google?intent=login');
    const { state } = flows.open(browser.appCookies.get('kw_oidc'))!;
    const res = await browser.app(`/api/auth/google/callback?error=access_denied&state=${state}`);
    expect(res.headers.location).toBe('/login?fout=google');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'provider_error' });
    await expectNoSession(browser);
  });

  it('unverified e-mail: no session, no account, nothing linked', async () => {
    const existing = await createUser(t.db, 'admin', { email: emailOf('unverified') });
    const newEmail = emailOf('unverified-new');
    for (const email of [existing.email, newEmail]) {
      const browser = new Browser();
      const res = await browser.signIn(googleAccount({ email, email_verified: false }));
      expect(res.headers.location).toBe('/login?fout=google_email');
      expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'email_not_verified' });
      await expectNoSession(browser);
    }
    expect(await t.db.$count(users, eq(users.email, newEmail))).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.oidcSubject).toBeNull();
  });

  it('archived account, or one of an archived customer: no session', async () => {
    const archived = await createUser(t.db, 'admin', { email: emailOf('archived'), archivedAt: new Date() });
    const browser = new Browser();
    const res = await browser.signIn(googleAccount({ email: archived.email, email_verified: true }));
    expect(res.headers.location).toBe('/login?fout=google_inactive');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'archived', userId: archived.id });
    await expectNoSession(browser);

    const { customers } = await import('../../db/schema/customers');
    const customerUser = await createUser(t.db, 'customer', { email: emailOf('archived-customer') });
    await t.db.update(customers).set({ archivedAt: new Date() }).where(eq(customers.id, customerUser.customerId!));
    const other = new Browser();
    const res2 = await other.signIn(googleAccount({ email: customerUser.email, email_verified: true }));
    expect(res2.headers.location).toBe('/login?fout=google_inactive');
    await expectNoSession(other);
  });

  it('an invited or self-registered account that is not activated yet: no session, nothing linked', async () => {
    const invited = await createUser(t.db, 'mechanic', {
      email: emailOf('invited'),
      activatedAt: null,
      passwordHash: null,
    });
    const browser = new Browser();
    const res = await browser.signIn(googleAccount({ email: invited.email, email_verified: true }));
    expect(res.headers.location).toBe('/login?fout=google_not_activated');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', reason: 'not_activated', userId: invited.id });
    await expectNoSession(browser);
    const [row] = await t.db.select().from(users).where(eq(users.id, invited.id));
    expect(row).toMatchObject({ oidcSubject: null, activatedAt: null });
  });

  it('an account linked to another Google account is not signed in by this one', async () => {
    const user = await createUser(t.db, 'admin', { email: emailOf('linked') });
    await new Browser().signIn(googleAccount({ email: user.email, email_verified: true }));
    const browser = new Browser();
    const res = await browser.signIn(googleAccount({ email: user.email, email_verified: true }));
    expect(res.headers.location).toBe('/login?fout=google');
    expect(lastEvent()).toMatchObject({ event: 'oidc.failure', userId: user.id });
    await expectNoSession(browser);
  });

  it('every error code has its Dutch text', () => {
    for (const text of Object.values(OIDC_ERRORS)) expect(text).toMatch(/^[A-Z].+\.$/);
  });
});

describe('Google sign-in off (no GOOGLE_CLIENT_ID / _SECRET)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off.close());

  it('providers says off; the start and the callback do not exist', async () => {
    const providers = await off.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ data: { google: false } });
    for (const url of ['/api/auth/google?intent=login', '/api/auth/google/callback?code=x&state=y']) {
      const res = await off.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
