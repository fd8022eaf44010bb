import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { TWO_FACTOR_TEXT } from '@keurwijzer/shared/two-factor';
import { userRecoveryCodes, users } from '../../db/schema/users';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { expectNoSecrets } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

/** POST /api/users/{id}/reset-two-factor (finding 12): an admin turns a user's two-factor off. */
const logLines: string[] = [];
const t = useTestApp({
  app: () => ({ logLevel: 'info', logStream: { write: (line: string) => void logLines.push(line) } }),
});

const resetOf = (id: number, client = t.admin) => client.post(`/api/users/${id}/reset-two-factor`);
const stateOf = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  const codes = await t.db.$count(userRecoveryCodes, eq(userRecoveryCodes.userId, id));
  return { on: row!.totpEnabledAt !== null, secret: row!.totpSecret, codes };
};
const events = (name: string) =>
  logLines
    .flatMap((l) => l.split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.event === name);

let ipSeq = 0;
/** A user with two-factor on, and its (full) session. */
async function withTwoFactor(role: 'mechanic' | 'admin' | 'super_admin' = 'mechanic') {
  const user = await createUser(t.db, role);
  const client = new TestClient(t.app, `10.19.0.${++ipSeq}`);
  expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
  const setup = await client.post('/api/2fa/setup');
  const secret = (setup.json().data.secret as string).replace(/\s/g, '');
  const on = await client.post('/api/2fa/enable', { body: { code: await generate({ secret }), password: PASSWORD } });
  expect(on.statusCode, on.body).toBe(200);
  return { user, client };
}

describe('POST /api/users/{id}/reset-two-factor', () => {
  it('turns it off (key and recovery codes gone), ends the sessions, logs it and mails the user', async () => {
    const { user, client } = await withTwoFactor();
    expect((await t.admin.get(`/api/users/${user.id}`)).json().data.two_factor_enabled).toBe(true);
    const sentBefore = t.mailer.sent.length;
    const res = await resetOf(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expectNoSecrets(res);
    expect(res.json().message).toBe(TWO_FACTOR_TEXT.resetDone);
    expect(res.json().data).toMatchObject({ id: user.id, two_factor_enabled: false });
    expect(await stateOf(user.id)).toEqual({ on: false, secret: null, codes: 0 });
    expect((await t.admin.get(`/api/users/${user.id}`)).json().data.two_factor_enabled).toBe(false);
    // The user's session ended; a new login needs no code.
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
    const again = new TestClient(t.app, `10.19.1.${++ipSeq}`);
    expect((await again.login(user.email, PASSWORD)).json().data.two_factor_enabled).toBe(false);
    // Recorded in the security log, with the admin.
    const me = (await t.admin.get('/api/authorized')).json().data as { id: number };
    expect(events('user.two_factor_reset')).toContainEqual(
      expect.objectContaining({ userId: user.id, email: user.email, actorId: me.id }),
    );
    // Mailed through the queue.
    await t.mails.drain();
    const mail = t.mailer.sent.slice(sentBefore).find((m) => m.to === user.email);
    expect(mail?.subject).toBe(`Tweestapsverificatie uitgeschakeld bij ${t.config.company.name}`);
    expect(mail?.text).toContain('Een beheerder heeft de tweestapsverificatie van je account');
  });

  it('answers 409 when it is off, and for one’s own account', async () => {
    const user = await createUser(t.db, 'mechanic');
    const off = await resetOf(user.id);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(TWO_FACTOR_TEXT.notEnabled);
    const { user: admin, client } = await withTwoFactor('admin');
    const self = await resetOf(admin.id, client);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(TWO_FACTOR_TEXT.resetSelf);
    expect((await stateOf(admin.id)).on).toBe(true);
  });

  it('needs a session (401), the CSRF token (419) and users.manage (403); only a super admin resets a super admin', async () => {
    const { user } = await withTwoFactor();
    const visitor = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/reset-two-factor` });
    expect(visitor.statusCode).toBe(401);
    expect((await t.admin.post(`/api/users/${user.id}/reset-two-factor`, { csrf: false })).statusCode).toBe(419);
    for (const client of [t.mechanic, t.customerA.client])
      expect((await resetOf(user.id, client)).statusCode).toBe(403);
    expect((await stateOf(user.id)).on).toBe(true);

    const { user: superAdmin } = await withTwoFactor('super_admin');
    expect((await resetOf(superAdmin.id)).statusCode).toBe(403);
    expect((await stateOf(superAdmin.id)).on).toBe(true);
    expect((await resetOf(superAdmin.id, t.superAdmin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and for an id that is no number (never a 500)', async () => {
    expect((await resetOf(987654)).statusCode).toBe(404);
    expect((await t.admin.post('/api/users/abc/reset-two-factor')).statusCode).toBe(404);
  });

  it('ten at once: one resets (one mail, one log line), nine find it off (409)', async () => {
    const { user } = await withTwoFactor();
    const sentBefore = t.mailer.sent.length;
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => resetOf(user.id)))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    await t.mails.drain();
    expect(t.mailer.sent.slice(sentBefore).filter((m) => m.to === user.email)).toHaveLength(1);
    expect(events('user.two_factor_reset').filter((e) => e.userId === user.id)).toHaveLength(1);
    expect(await stateOf(user.id)).toEqual({ on: false, secret: null, codes: 0 });
  });
});
