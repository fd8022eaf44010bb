import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-test-app';
import { TestClient } from '../test/client';
import { PASSWORD, createUser } from '../test/factories';

/** The app's log lines as parsed JSON objects. */
const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logLevel: 'info',
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(() => t.close());

/** The security events logged while `work` ran. */
async function eventsOf(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const from = lines.length;
  await work();
  return lines.slice(from).filter((l) => typeof l.event === 'string');
}

/** What no log line may contain: passwords, tokens, cookies. */
const secrets: string[] = [PASSWORD];

afterAll(() => {
  const all = JSON.stringify(lines);
  for (const secret of secrets) expect(all, 'a secret in the log').not.toContain(secret);
});

describe('security events in the log', () => {
  it('logs login success, failure, throttling and logout at info with the account and the address', async () => {
    const user = await createUser(t.db, 'admin');
    const client = new TestClient(t.app, '10.9.0.1');
    secrets.push(await client.fetchToken(), 'Fout-Wachtwoord-1!');

    const failures = await eventsOf(async () => {
      for (let i = 0; i < 6; i++)
        await client.post('/api/login', { body: { email: user.email, password: 'Fout-Wachtwoord-1!' } });
      await client.post('/api/login', { body: { email: 'niemand@example.com', password: 'Fout-Wachtwoord-1!' } });
    });
    const failure = { level: 30, event: 'login.failure', userId: user.id, email: user.email, ip: '10.9.0.1' };
    expect(failures).toEqual([
      ...Array.from({ length: 5 }, () => expect.objectContaining({ ...failure, reason: 'wrong_password' })),
      expect.objectContaining({ ...failure, event: 'login.throttled', reason: 'pair', knownDevice: false }),
      expect.objectContaining({ ...failure, userId: null, email: 'niemand@example.com', reason: 'unknown_email' }),
    ]);
    // Through the request's logger: the line carries the request id.
    expect(failures[0]).toHaveProperty('reqId');

    const other = new TestClient(t.app, '10.9.0.2');
    const success = await eventsOf(async () => {
      const res = await other.login(user.email, PASSWORD);
      secrets.push(...res.cookies.map((c) => c.value));
      secrets.push(other.token!);
      await other.post('/api/logout');
    });
    expect(success).toEqual([
      expect.objectContaining({
        level: 30,
        event: 'login.success',
        userId: user.id,
        email: user.email,
        ip: '10.9.0.2',
      }),
      expect.objectContaining({ level: 30, event: 'logout', userId: user.id, email: user.email, ip: '10.9.0.2' }),
    ]);
  });

  it('logs the password an invitee sets (activation), never the password or the link', async () => {
    const admin = await createUser(t.db, 'admin');
    const adminClient = new TestClient(t.app);
    await adminClient.login(admin.email, PASSWORD);
    const created = await adminClient.post('/api/users', {
      body: { first_name: 'Ilse', last_name: 'Kok', email: 'ilse.kok@example.com', role: 'mechanic' },
    });
    expect(created.statusCode).toBe(201);
    await t.mails.drain();
    const token = /\/activate\/([\w-]+)/.exec(
      t.mailer.sent.findLast((m) => m.to === 'ilse.kok@example.com')!.text,
    )![1]!;
    const password = 'Fietsbel-Kano7!';
    secrets.push(token, password);

    const visitor = new TestClient(t.app, '10.9.0.3');
    await visitor.fetchToken();
    const events = await eventsOf(async () => {
      const res = await visitor.post('/api/activate', { body: { token, password, password_confirmation: password } });
      expect(res.statusCode).toBe(200);
    });
    expect(events).toEqual([
      expect.objectContaining({
        event: 'password.set',
        userId: created.json().data.id,
        email: 'ilse.kok@example.com',
        ip: '10.9.0.3',
      }),
    ]);
  });

  it('logs user management: created, role and e-mail changed, archived, restored, with who did it', async () => {
    const admin = await createUser(t.db, 'super_admin');
    const client = new TestClient(t.app, '10.9.0.4');
    await client.login(admin.email, PASSWORD);
    const body = { first_name: 'Daan', last_name: 'Mol', email: 'daan.mol@example.com', role: 'mechanic' };
    const events = await eventsOf(async () => {
      const created = await client.post('/api/users', { body });
      const id = created.json().data.id as number;
      await client.put(`/api/users/${id}`, { body: { ...body, role: 'admin', email: 'd.mol@example.com' } });
      await client.put(`/api/users/${id}`, { body: { ...body, role: 'admin', email: 'd.mol@example.com' } });
      await client.post(`/api/users/${id}/archive`);
      await client.post(`/api/users/${id}/restore`);
    });
    secrets.push(client.token!);
    const by = { actorId: admin.id, ip: '10.9.0.4', level: 30 };
    expect(events).toEqual([
      expect.objectContaining({ ...by, event: 'user.created', email: 'daan.mol@example.com', role: 'mechanic' }),
      expect.objectContaining({
        ...by,
        event: 'user.role_changed',
        email: 'd.mol@example.com',
        role: 'admin',
        previousRole: 'mechanic',
      }),
      expect.objectContaining({
        ...by,
        event: 'user.email_changed',
        email: 'd.mol@example.com',
        previousEmail: 'daan.mol@example.com',
      }),
      // The second, identical save changed nothing: no event.
      expect.objectContaining({ ...by, event: 'user.archived', email: 'd.mol@example.com' }),
      expect.objectContaining({ ...by, event: 'user.restored', email: 'd.mol@example.com' }),
    ]);
    const userId = events[0]!.userId;
    expect(events.every((e) => e.userId === userId)).toBe(true);
  });
});
