import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema/login-throttle';
import { createTestApp, type TestApp } from '../../test/build-test-app';
import { eventually } from '../../test/eventually';
import { createUser } from '../../test/factories';
import { startNginx } from '../../test/nginx';
import { THROTTLE } from './login-throttle';

/**
 * Behind a reverse proxy the login throttle counts the client's real address: the app trusts
 * the proxies TRUST_PROXY names (a number of hops, or their addresses), never the leftmost
 * X-Forwarded-For address, which the client writes itself. Through a real nginx (a child
 * process, scripts/ensure-debian-tools.mjs installs it), with the README's proxy lines.
 */

const WRONG = 'Verkeerd-Wachtwoord-1!';
const ATTEMPTS = THROTTLE.pair.max + 2;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request over a real connection from `localAddress` (127.0.0.2 is another loopback address). */
function send(
  port: number,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: opts.headers, localAddress: opts.localAddress, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * Failed logins for `email` as a browser sends them (a visitor session and its CSRF token), one
 * after the other through the proxy; `forwardedFor(i)`, when given, is the X-Forwarded-For the
 * client makes up for attempt i. The statuses, in order.
 */
async function failedLogins(
  proxyPort: number,
  email: string,
  opts: { forwardedFor?: (i: number) => string; localAddress?: string } = {},
): Promise<number[]> {
  const token = await send(proxyPort, 'GET', '/api/token', { localAddress: opts.localAddress });
  expect(token.status, token.body).toBe(200);
  const cookie = [token.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = (JSON.parse(token.body) as { data: { token: string } }).data.token;
  const statuses: number[] = [];
  for (let i = 0; i < ATTEMPTS; i++) {
    const res = await send(proxyPort, 'POST', '/api/login', {
      localAddress: opts.localAddress,
      headers: {
        cookie,
        'x-csrf-token': csrf,
        'content-type': 'application/json',
        accept: 'application/json',
        ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor(i) } : {}),
      },
      body: JSON.stringify({ email, password: WRONG }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

/** What the login throttle's per-address counters of `email` are keyed by. */
async function countedAddresses(t: TestApp, email: string): Promise<string[]> {
  const rows = await t.db
    .select({ client: loginThrottle.client })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.kind, 'pair'), eq(loginThrottle.email, email)));
  return rows.map((r) => r.client).sort();
}

/** The app with TRUST_PROXY = `trust`, listening on a port, behind its own nginx. */
function behindNginx(trust: string) {
  const ctx = {} as { t: TestApp; proxy: Awaited<ReturnType<typeof startNginx>> };
  beforeAll(async () => {
    ctx.t = await createTestApp({ env: { TRUST_PROXY: trust } });
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.t.app.server.address() as { port: number };
    ctx.proxy = await startNginx(port);
  });
  afterAll(async () => {
    await ctx.proxy?.close();
    await ctx.t?.close();
  });
  return ctx;
}

/** The statuses of a client the throttle stops after THROTTLE.pair.max failures. */
const throttledAfterMax = [
  ...Array<number>(THROTTLE.pair.max).fill(422),
  ...Array<number>(ATTEMPTS - THROTTLE.pair.max).fill(429),
];

describe('TRUST_PROXY=1: one nginx in front of the app', () => {
  const ctx = behindNginx('1');

  it('throttles failed logins with forged X-Forwarded-For values at the same count as without the header', async () => {
    const plain = await createUser(ctx.t.db, 'admin');
    const forged = await createUser(ctx.t.db, 'admin');
    expect(await failedLogins(ctx.proxy.port, plain.email)).toEqual(throttledAfterMax);
    // A new made-up address on every attempt: the leftmost X-Forwarded-For is the client's own
    // writing; nginx appends the real address, and the app takes the one before its one proxy.
    const statuses = await failedLogins(ctx.proxy.port, forged.email, {
      forwardedFor: (i) => `198.51.100.${i + 1}`,
    });
    expect(statuses).toEqual(throttledAfterMax);
    expect(await countedAddresses(ctx.t, forged.email)).toEqual(['127.0.0.1']);
    expect(await countedAddresses(ctx.t, plain.email)).toEqual(['127.0.0.1']);
    // Every attempt went through nginx (which logs a request once its answer is sent).
    await eventually(() => expect(ctx.proxy.accessLog().match(/POST \/api\/login/g)).toHaveLength(2 * ATTEMPTS));
  });
});

describe("TRUST_PROXY=127.0.0.1: the proxy's own address", () => {
  const ctx = behindNginx('127.0.0.1');

  it('counts the client nginx saw (127.0.0.2), not the forged addresses before it', async () => {
    const user = await createUser(ctx.t.db, 'admin');
    const statuses = await failedLogins(ctx.proxy.port, user.email, {
      localAddress: '127.0.0.2',
      forwardedFor: (i) => `203.0.113.${i + 1}, 10.0.0.${i + 1}`,
    });
    expect(statuses).toEqual(throttledAfterMax);
    expect(await countedAddresses(ctx.t, user.email)).toEqual(['127.0.0.2']);
  });
});
