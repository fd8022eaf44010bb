import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/sessions';
import { userTokens, users } from '../../db/schema/users';
import { sha256 } from '../../lib/tokens';
import { TestClient } from '../../test/client';
import { PASSWORD, createUser } from '../../test/factories';
import { activationToken, expectNoSecrets, userBody } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionCount = (userId: number) => t.db.$count(sessions, eq(sessions.userId, userId));
const invited = () => createUser(t.db, 'mechanic', { passwordHash: null, activatedAt: null });
/** The mails sent, once every mail queued so far had its attempt (lib/mail-queue.ts). */
const sentMails = async () => {
  await t.mails.drain();
  return t.mailer.sent;
};

describe('POST /api/users/{id}/archive', () => {
  it('archives the user, ends all their sessions and keeps them from logging in', async () => {
    const { user, client } = await t.signIn('mechanic');
    const second = new TestClient(t.app);
    expect((await second.login(user.email, PASSWORD)).statusCode).toBe(200);
    expect(await sessionCount(user.id)).toBe(2);

    const res = await t.admin.post(`/api/users/${user.id}/archive`);
    expect(res.statusCode, res.body).toBe(200);
    expectNoSecrets(res);
    expect(res.json().message).toBe('Gebruiker is gearchiveerd');
    expect(res.json().data.archived_at).toEqual(expect.any(String));
    expect((await rowOf(user.id)).archivedAt).not.toBeNull();

    expect(await sessionCount(user.id)).toBe(0);
    expect((await client.get('/api/authorized')).statusCode).toBe(401);
    expect((await second.get('/api/authorized')).statusCode).toBe(401);
    expect((await new TestClient(t.app).login(user.email, PASSWORD)).statusCode).toBe(422);
  });

  it('answers 409 for an already archived user', async () => {
    const user = await createUser(t.db, 'mechanic', { archivedAt: new Date('2024-01-01T00:00:00Z') });
    const res = await t.admin.post(`/api/users/${user.id}/archive`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Deze gebruiker is al gearchiveerd.', errors: {} });
    expect((await rowOf(user.id)).archivedAt).toEqual(new Date('2024-01-01T00:00:00Z'));
  });

  it('lets nobody archive themselves (409), not even a super admin', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const { user, client } = await t.signIn(role);
      const res = await client.post(`/api/users/${user.id}/archive`);
      expect(res.statusCode, role).toBe(409);
      expect(res.json().message).toBe('Je kunt je eigen account niet archiveren.');
      expect((await rowOf(user.id)).archivedAt).toBeNull();
      expect((await client.get('/api/authorized')).statusCode).toBe(200);
    }
  });

  it('does not let an admin archive a super admin (403); a super admin may', async () => {
    const { user: sa, client: saClient } = await t.signIn('super_admin');
    const res = await t.admin.post(`/api/users/${sa.id}/archive`);
    expect(res.statusCode).toBe(403);
    expect((await rowOf(sa.id)).archivedAt).toBeNull();
    expect((await saClient.get('/api/authorized')).statusCode).toBe(200);
    expect((await t.superAdmin.post(`/api/users/${sa.id}/archive`)).statusCode).toBe(200);
    expect((await saClient.get('/api/authorized')).statusCode).toBe(401);
  });

  it('lets an admin archive another admin', async () => {
    const other = await createUser(t.db, 'admin');
    expect((await t.admin.post(`/api/users/${other.id}/archive`)).statusCode).toBe(200);
  });

  it('ignores a body (the id comes only from the path)', async () => {
    const a = await createUser(t.db, 'mechanic');
    const b = await createUser(t.db, 'mechanic');
    const res = await t.admin.post(`/api/users/${a.id}/archive`, { body: { id: b.id, archived_at: null } });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(a.id)).archivedAt).not.toBeNull();
    expect((await rowOf(b.id)).archivedAt).toBeNull();
  });
});

describe('POST /api/users/{id}/restore', () => {
  it('restores an archived user, who can log in again', async () => {
    const user = await createUser(t.db, 'mechanic', { archivedAt: new Date() });
    const res = await t.admin.post(`/api/users/${user.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expectNoSecrets(res);
    expect(res.json()).toMatchObject({ message: 'Gebruiker is hersteld', data: { id: user.id, archived_at: null } });
    expect((await rowOf(user.id)).archivedAt).toBeNull();
    expect((await new TestClient(t.app).login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 409 for a user that is not archived', async () => {
    const user = await createUser(t.db, 'mechanic');
    const res = await t.admin.post(`/api/users/${user.id}/restore`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Deze gebruiker is niet gearchiveerd.', errors: {} });
  });

  it('does not let an admin restore a super admin (403); a super admin may', async () => {
    const sa = await createUser(t.db, 'super_admin', { archivedAt: new Date() });
    expect((await t.admin.post(`/api/users/${sa.id}/restore`)).statusCode).toBe(403);
    expect((await rowOf(sa.id)).archivedAt).not.toBeNull();
    expect((await t.superAdmin.post(`/api/users/${sa.id}/restore`)).statusCode).toBe(200);
    expect((await rowOf(sa.id)).archivedAt).toBeNull();
  });

  it('archive then restore round-trips through the list', async () => {
    const user = await createUser(t.db, 'mechanic', { firstName: 'Rondje' });
    const listed = async (archived: boolean) =>
      (await t.admin.get(`/api/users?search=${encodeURIComponent(user.email)}${archived ? '&archived=1' : ''}`))
        .json()
        .data.map((u: { id: number }) => u.id);
    expect(await listed(false)).toEqual([user.id]);
    await t.admin.post(`/api/users/${user.id}/archive`);
    expect(await listed(false)).toEqual([]);
    expect(await listed(true)).toEqual([user.id]);
    await t.admin.post(`/api/users/${user.id}/restore`);
    expect(await listed(false)).toEqual([user.id]);
  });
});

describe('POST /api/resend-invitation/{id}', () => {
  it('mails a new link and kills the previous one', async () => {
    const created = await t.admin.post('/api/users', { body: userBody() });
    expect(created.statusCode).toBe(201);
    const { id, email } = created.json().data as { id: number; email: string };
    const first = activationToken(
      (await sentMails()).findLast((m) => m.to === email),
      t.config.appUrl,
    );

    const res = await t.admin.post(`/api/resend-invitation/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Uitnodiging is opnieuw verstuurd' });
    const mails = (await sentMails()).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    const second = activationToken(mails[1], t.config.appUrl);
    expect(second).not.toBe(first);

    const tokens = await t.db.select().from(userTokens).where(eq(userTokens.userId, id));
    expect(tokens.map((r) => r.tokenHash)).toEqual([sha256(second)]);
    expect(await t.db.$count(userTokens, eq(userTokens.tokenHash, sha256(first)))).toBe(0);

    // Through the activation screen: the first link is dead, the second one works once.
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    const activate = (token: string) =>
      visitor.post('/api/activate', { body: { token, password: PASSWORD, password_confirmation: PASSWORD } });
    expect((await activate(first)).statusCode).toBe(422);
    expect((await activate(second)).statusCode).toBe(200);
    expect((await new TestClient(t.app).login(email, PASSWORD)).statusCode).toBe(200);
    expect((await t.admin.post(`/api/resend-invitation/${id}`)).statusCode).toBe(409);
  });

  it('re-invites at the new address when the e-mail of an invited user is corrected', async () => {
    const created = await t.admin.post('/api/users', { body: userBody({ email: 'typfout@exmaple.com' }) });
    const { id } = created.json().data as { id: number };
    const old = activationToken(
      (await sentMails()).findLast((m) => m.to === 'typfout@exmaple.com'),
      t.config.appUrl,
    );
    const fixed = await t.admin.put(`/api/users/${id}`, { body: userBody({ email: 'typfout.opgelost@example.com' }) });
    expect(fixed.statusCode).toBe(200);
    const mails = (await sentMails()).filter((m) => m.to === 'typfout.opgelost@example.com');
    expect(mails).toHaveLength(1);
    const fresh = activationToken(mails[0], t.config.appUrl);
    const visitor = new TestClient(t.app);
    await visitor.fetchToken();
    const activate = (token: string) =>
      visitor.post('/api/activate', { body: { token, password: PASSWORD, password_confirmation: PASSWORD } });
    // Whoever got the mail at the wrong address can no longer take the account.
    expect((await activate(old)).statusCode).toBe(422);
    expect((await activate(fresh)).statusCode).toBe(200);
  });

  it('sends nothing when an edit keeps the e-mail, or the user is already active', async () => {
    const invitedUser = await invited();
    const active = await createUser(t.db, 'mechanic');
    const sent = (await sentMails()).length;
    for (const user of [invitedUser, active]) {
      const res = await t.admin.put(`/api/users/${user.id}`, {
        body: userBody({ email: user.email, first_name: 'Ander' }),
      });
      expect(res.statusCode).toBe(200);
    }
    const moved = await t.admin.put(`/api/users/${active.id}`, { body: userBody() });
    expect(moved.statusCode).toBe(200);
    expect((await sentMails()).length).toBe(sent);
  });

  it('works for a user invited before (no token yet) and for a super admin by a super admin', async () => {
    const user = await invited();
    expect((await t.admin.post(`/api/resend-invitation/${user.id}`)).statusCode).toBe(200);
    expect(await t.db.$count(userTokens, eq(userTokens.userId, user.id))).toBe(1);
    const sa = await createUser(t.db, 'super_admin', { passwordHash: null, activatedAt: null });
    expect((await t.superAdmin.post(`/api/resend-invitation/${sa.id}`)).statusCode).toBe(200);
  });

  it('answers 409 for an activated user and sends nothing', async () => {
    const user = await createUser(t.db, 'mechanic');
    const sent = (await sentMails()).length;
    const res = await t.admin.post(`/api/resend-invitation/${user.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Deze gebruiker heeft het account al geactiveerd.', errors: {} });
    expect((await sentMails()).length).toBe(sent);
    expect(await t.db.$count(userTokens, eq(userTokens.userId, user.id))).toBe(0);
  });

  it('answers 409 for an archived user', async () => {
    const user = await createUser(t.db, 'mechanic', { passwordHash: null, activatedAt: null, archivedAt: new Date() });
    const res = await t.admin.post(`/api/resend-invitation/${user.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Een gearchiveerde gebruiker krijgt geen uitnodiging.');
  });

  it('does not let an admin re-invite a super admin (403)', async () => {
    const sa = await createUser(t.db, 'super_admin', { passwordHash: null, activatedAt: null });
    const sent = (await sentMails()).length;
    expect((await t.admin.post(`/api/resend-invitation/${sa.id}`)).statusCode).toBe(403);
    expect((await sentMails()).length).toBe(sent);
  });
});
