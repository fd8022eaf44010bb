import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TEXT } from '@keurwijzer/shared/texts';
import { passwordChecks } from '../../lib/password';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { THROTTLE } from '../auth/login-throttle';

/** Every password check (scrypt), counted. */
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
const ADDRESSES = 30;

let net = 0;
/** A logged-in user (two-factor on when asked) and a function that sends a call of its session from any address. */
async function session(twoFactor: boolean) {
  const user = await createUser(t.db, 'mechanic');
  const client = new TestClient(t.app, `10.90.${++net}.1`);
  expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
  await client.fetchToken();
  if (twoFactor) {
    const setup = await client.post('/api/2fa/setup');
    const secret = (setup.json().data.secret as string).replace(/\s/g, '');
    const on = await client.post('/api/2fa/enable', { body: { code: await generate({ secret }), password: PASSWORD } });
    expect(on.statusCode, on.body).toBe(200);
  }
  /** The same session's call from address `10.91.<net>.<i>` (a thief spreading guesses over addresses). */
  const from = (i: number, url: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...client.authHeaders(), accept: 'application/json', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress: `10.91.${net}.${i + 1}`,
    });
  return { user, client, from };
}

/** Statuses of the answers, counted, and the password checks made meanwhile. */
async function tally(send: () => Promise<LightMyRequestResponse[]>) {
  checks.reset();
  const responses = await send();
  const statuses: Record<number, number> = {};
  for (const r of responses) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
  const throttled = responses.find((r) => r.statusCode === 429);
  return { statuses, checked: checks.count, message: throttled?.json().message as string | undefined };
}

const max = THROTTLE.password_account.max;

const CALLS: [string, boolean, (password: string) => Record<string, unknown>][] = [
  [
    '/api/change-password',
    false,
    (p) => ({ current_password: p, password: 'Fietsbel-Kano7!', password_confirmation: 'Fietsbel-Kano7!' }),
  ],
  ['/api/2fa/disable', true, (p) => ({ password: p })],
  ['/api/2fa/recovery-codes', true, (p) => ({ password: p })],
];

describe('password checks of a session are capped per account, whatever the address', () => {
  for (const [url, twoFactor, body] of CALLS) {
    it(`${url}: ${ADDRESSES} wrong passwords from ${ADDRESSES} addresses check at most ${max}`, async () => {
      const { from } = await session(twoFactor);
      // One after the other: each address stays far below its own 5 a minute.
      const run = await tally(async () => {
        const all = [];
        for (let i = 0; i < ADDRESSES; i++) all.push(await from(i, url, body(WRONG)));
        return all;
      });
      expect(run).toEqual({
        statuses: { 422: max, 429: ADDRESSES - max },
        checked: max,
        message: TEXT.throttledAccount,
      });
      // The right password from a new address waits for the hour too.
      expect((await from(200, url, body(PASSWORD))).statusCode).toBe(429);
    });
  }

  it('POST /api/2fa/enable: the password is counted the same way', async () => {
    const { client, from } = await session(false);
    expect((await client.post('/api/2fa/setup')).statusCode).toBe(200);
    const run = await tally(async () => {
      const all = [];
      for (let i = 0; i < ADDRESSES; i++)
        all.push(await from(i, '/api/2fa/enable', { code: '123456', password: WRONG }));
      return all;
    });
    expect(run).toEqual({ statuses: { 422: max, 429: ADDRESSES - max }, checked: max, message: TEXT.throttledAccount });
  });

  it('holds under concurrency: 40 wrong passwords at once from 40 addresses check at most the cap', async () => {
    const { from } = await session(true);
    const run = await tally(() =>
      Promise.all(Array.from({ length: 40 }, (_, i) => from(i, '/api/2fa/disable', { password: WRONG }))),
    );
    expect(run.checked).toBe(max);
    expect(run.statuses).toEqual({ 422: max, 429: 40 - max });
  });

  it('the per-address limit stays: 5 a minute from one address, with its own text', async () => {
    const { from } = await session(true);
    const run = await tally(async () => {
      const all = [];
      for (let i = 0; i < 7; i++) all.push(await from(0, '/api/2fa/disable', { password: WRONG }));
      return all;
    });
    expect(run).toEqual({ statuses: { 422: 5, 429: 2 }, checked: 5, message: PASSWORD_TEXT.changeThrottled });
  });

  it('a right password gives its place back: only wrong ones use up the cap', async () => {
    const { from } = await session(true);
    for (let i = 0; i < max + 5; i++) {
      const ok = await from(i, '/api/2fa/recovery-codes', { password: PASSWORD });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    for (let i = 0; i < max; i++) {
      expect((await from(i, '/api/2fa/disable', { password: WRONG })).statusCode).toBe(422);
    }
    expect((await from(100, '/api/2fa/disable', { password: WRONG })).statusCode).toBe(429);
  });
});
