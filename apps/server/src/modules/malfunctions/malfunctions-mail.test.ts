import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import { createMachine, createUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { report } from './malfunctions.test-helpers';
import { eventually } from '../../test/eventually';

/**
 * The malfunction mails over real SMTP: a server of this test (the `smtp-server` package) takes
 * what the app's mailer (lib/mailer.ts, SMTP_URL) sends, and the messages are read back.
 */
type Received = { from: string; to: string[]; subject: string; text: string };
const received: Received[] = [];
/** Recipients the server refuses (a mail that cannot go out must not fail the request). */
const REFUSED = /^weiger/;
/** While set, every message waits for it before it is accepted (the request must not wait for its mail). */
let hold: Promise<void> | null = null;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // Connections the app's mailer left open are not waited for at the end.
  closeTimeout: 200,
  onRcptTo(address, _session, callback) {
    if (REFUSED.test(address.address)) return callback(new Error('Mailbox unavailable'));
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then(async (parsed) => {
        if (hold) await hold;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      })
      .catch(callback);
  },
});
let smtpUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = useTestApp({ app: () => ({ smtpUrl }) });

const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));

describe('malfunction mails over SMTP', () => {
  it('mails every active admin and super admin of a new malfunction, in Dutch with a link; nobody else', async () => {
    const archivedAdmin = await createUser(t.db, 'admin', { archivedAt: new Date() });
    const invitedAdmin = await createUser(t.db, 'admin', { activatedAt: null, passwordHash: null });
    const mechanic = await createUser(t.db, 'mechanic');
    const activeAdmins = (await t.db.select().from(users)).filter(
      (u) => (u.role === 'admin' || u.role === 'super_admin') && !u.archivedAt && u.activatedAt,
    );
    expect(activeAdmins.length).toBeGreaterThanOrEqual(2);

    const { chain } = t.customerA;
    const machine = await createMachine(t.db, chain, {
      name: 'Kantbank',
      inventoryNumber: 'KB-7',
      departmentId: chain.department.id,
      roomId: chain.room.id,
    });
    const res = await report(t, t.customerA.client, machine.id, { description: 'Hydrauliek lekt', remark: 'Urgent' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;

    await eventually(() => {
      for (const admin of activeAdmins) expect(mailsTo(admin.email), admin.email).toHaveLength(1);
    });
    const mail = mailsTo(activeAdmins[0]!.email)[0]!;
    expect(mail.from).toBe(t.config.mailFrom.replace(/^.*<|>$/g, ''));
    expect(mail.subject).toBe(`Nieuwe storing: Kantbank (${chain.customer.name})`);
    expect(mail.text).toContain(`Klant: ${chain.customer.name}`);
    expect(mail.text).toContain('Machine: Kantbank (KB-7)');
    expect(mail.text).toContain(`Plaats: ${chain.location.name}, ${chain.department.name}, ${chain.room.name}`);
    expect(mail.text).toContain('Hydrauliek lekt');
    expect(mail.text).toContain('Opmerking: Urgent');
    expect(mail.text).toContain(`${t.config.appUrl}/admin/malfunctions/${id}`);
    for (const other of [archivedAdmin, invitedAdmin, mechanic, t.customerA.user]) {
      expect(mailsTo(other.email), other.email).toEqual([]);
    }
  });

  it('mails the reporting user when it becomes Opgelost (once), with the note for the customer', async () => {
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Lintzaag' });
    const res = await report(t, t.customerA.client, machine.id, { description: 'Zaagt scheef' });
    const id = res.json().data.id as number;
    const url = `/api/malfunctions/${id}`;
    expect((await t.admin.put(url, { body: { status: 'in_progress' } })).statusCode).toBe(200);
    const done = await t.admin.put(url, {
      body: { status: 'resolved', customer_note: 'Zaagblad vervangen', internal_note: 'Geheim' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const resolved = () => mailsTo(t.customerA.user.email).filter((m) => m.subject === 'Storing opgelost: Lintzaag');
    await eventually(() => expect(resolved()).toHaveLength(1));
    const mail = resolved()[0]!;
    expect(mail.text).toContain('is opgelost');
    expect(mail.text).toContain('Zaagt scheef');
    expect(mail.text).toContain('Zaagblad vervangen');
    expect(mail.text).not.toContain('Geheim');
    expect(mail.text).toContain(`${t.config.appUrl}/malfunctions`);
    // A note changed afterwards is its own mail, not a second "opgelost".
    await t.admin.put(url, { body: { customer_note: 'Nog een keer nagekeken' } });
    await t.mails.drain();
    expect(resolved()).toHaveLength(1);
  });

  it('mails nobody when the reporting user is archived by then', async () => {
    const { user, client } = await t.signIn('customer', { customerId: t.customerA.chain.customer.id });
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Freesbank' });
    const id = (await report(t, client, machine.id, { description: 'Trilt' })).json().data.id as number;
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, user.id));
    expect((await t.admin.put(`/api/malfunctions/${id}`, { body: { status: 'resolved' } })).statusCode).toBe(200);
    await t.mails.drain();
    expect(mailsTo(user.email).filter((m) => m.subject.startsWith('Storing opgelost'))).toEqual([]);
  });

  it('answers without waiting for the mail, and a refused mail does not fail the report', async () => {
    const refused = await createUser(t.db, 'admin', { email: `weiger-${Date.now()}@example.com` });
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Traag' });
    // The SMTP server accepts nothing until released: the answer comes all the same.
    let release = () => {};
    hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const res = await report(t, t.customerA.client, machine.id, { description: 'Langzame mail' });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as number;
      const delivered = () => received.filter((m) => m.text.includes(`/admin/malfunctions/${id}`));
      expect(delivered()).toEqual([]);
      release();
      // The others still get theirs.
      await t.mails.drain();
      await eventually(() => expect(delivered().length).toBeGreaterThan(0));
      expect(mailsTo(refused.email)).toEqual([]);
    } finally {
      release();
      hold = null;
    }
  });
});
