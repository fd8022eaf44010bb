import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { PASSWORD_TEXT } from '@keurwijzer/shared/account';
import { TWO_FACTOR_TEXT } from '@keurwijzer/shared/two-factor';
import { users } from '../../db/schema/users';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp({ signIn: false });

let ipSeq = 0;
const newClient = () => new TestClient(t.app, `10.30.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);

/** The owner logged in twice (a stolen session and the owner's own), with a key being set up on the first. */
async function stolenSession(googleOnly = false) {
  const user = await createUser(t.db, 'mechanic');
  const thief = newClient();
  const owner = newClient();
  expect((await thief.login(user.email, PASSWORD)).statusCode).toBe(200);
  expect((await owner.login(user.email, PASSWORD)).statusCode).toBe(200);
  // A Google-only account: the same sessions, no password.
  if (googleOnly) await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
  const setup = await thief.post('/api/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const secret = (setup.json().data.secret as string).replace(/\s/g, '');
  return { user, thief, owner, code: () => generate({ secret }) };
}

async function isOn(userId: number) {
  const [row] = await t.db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return row!.on !== null;
}

describe('POST /api/2fa/enable needs the password (finding 12)', () => {
  it('a session without the password cannot turn it on: 422, still off, the owner’s session lives', async () => {
    const { user, thief, owner, code } = await stolenSession();
    const none = await thief.post('/api/2fa/enable', { body: { code: await code() } });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ password: ['Verplicht'] });
    const wrong = await thief.post('/api/2fa/enable', {
      body: { code: await code(), password: 'Geraden-Wachtwoord-9!' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [PASSWORD_TEXT.wrongCurrentPassword] });
    expect(await isOn(user.id)).toBe(false);
    expect((await owner.get('/api/authorized')).statusCode).toBe(200);
    // The owner's next login needs no code.
    expect((await newClient().login(user.email, PASSWORD)).json().data.two_factor_enabled).toBe(false);
  });

  it('with the password and a right code it turns on (200) and the other sessions end', async () => {
    const { user, thief, owner, code } = await stolenSession();
    const res = await thief.post('/api/2fa/enable', { body: { code: await code(), password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TWO_FACTOR_TEXT.enabled);
    expect(await isOn(user.id)).toBe(true);
    expect((await owner.get('/api/authorized')).statusCode).toBe(401);
  });

  it('an account without a password (Google sign-in only) must set one first: 422 noPassword', async () => {
    const { user, thief, code } = await stolenSession(true);
    const res = await thief.post('/api/2fa/enable', { body: { code: await code(), password: PASSWORD } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: [TWO_FACTOR_TEXT.noPassword] });
    expect(await isOn(user.id)).toBe(false);
  });

  it('a Google-only account gets a reset link from forgot-password: the way to set that first password', async () => {
    const user = await createUser(t.db, 'customer', { passwordHash: null });
    const visitor = newClient();
    await visitor.fetchToken();
    const before = t.mailer.sent.length;
    expect((await visitor.post('/api/password-recover', { body: { email: user.email } })).statusCode).toBe(200);
    await t.mails.drain();
    const mail = t.mailer.sent.slice(before).find((m) => m.to === user.email);
    expect(mail?.text).toContain(`${t.config.appUrl}/reset-password/`);
  });
});
