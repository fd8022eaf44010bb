import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { malfunctions } from '../../db/schema/malfunctions';
import { users } from '../../db/schema/users';
import { createMachine, createMalfunction, uniqueName } from '../../test/factories';
import { eventually } from '../../test/eventually';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { OWN, comment, reportedBy } from './malfunctions-customer.test-helpers';
import { jpeg } from './malfunctions.test-helpers';

/**
 * The service desk's mails over real SMTP: every status change and every new note for
 * the customer goes to the reporting user, one mail per change, unless they turned the mails off
 * (or are archived, or the report was anonymous); their own comment and withdrawal mail them
 * nothing; a comment is mailed to the office.
 */
type Received = { to: string[]; subject: string; text: string };
const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  closeTimeout: 200,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        received.push({
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
const M = '/api/malfunctions';

/** The mails to `address` about machine `machine` (its name is in every subject). */
const mailsAbout = (address: string, machine: string) =>
  received.filter((m) => m.to.includes(address) && m.subject.includes(machine));

/** A reporter of customer A of their own (so the mails of one test are theirs alone). */
async function reporter(overrides: Partial<typeof users.$inferInsert> = {}) {
  const signedIn = await t.signIn('customer', { customerId: t.customerA.chain.customer.id, ...overrides });
  return { ...signedIn, chain: t.customerA.chain };
}

describe('the reporter is mailed of every change by the office', () => {
  it('one mail per status change and per new note for the customer, none for an internal note or an assignment', async () => {
    const who = await reporter({ firstName: 'Petra' });
    const machine = uniqueName('Kantbank');
    const id = await reportedBy(t, who, 'Hydrauliek lekt', machine);
    const handle = async (body: Record<string, unknown>) => {
      const res = await t.admin.put(`${M}/${id}`, { body });
      expect(res.statusCode, res.body).toBe(200);
      await t.mails.drain();
    };
    const mine = () => mailsAbout(who.user.email, machine);

    await handle({ internal_note: 'Onderdeel bestellen' });
    expect(mine()).toEqual([]);

    await handle({ status: 'in_progress' });
    await eventually(() => expect(mine()).toHaveLength(1));
    expect(mine()[0]!.subject).toBe(`Storing in behandeling: ${machine}`);
    expect(mine()[0]!.text).toContain('Beste Petra');
    expect(mine()[0]!.text).toContain('heeft nu de status In behandeling');
    expect(mine()[0]!.text).toContain('Hydrauliek lekt');
    expect(mine()[0]!.text).toContain(`${t.config.appUrl}/malfunctions/${id}`);
    expect(mine()[0]!.text).not.toContain('Onderdeel bestellen');

    await handle({ customer_note: 'De monteur komt donderdag' });
    await eventually(() => expect(mine()).toHaveLength(2));
    expect(mine()[1]!.subject).toBe(`Nieuw bericht over je storing: ${machine}`);
    expect(mine()[1]!.text).toContain('Toelichting:\nDe monteur komt donderdag');

    // Status and note in one change: one mail with both.
    await handle({ status: 'resolved', customer_note: 'Slang vervangen' });
    await eventually(() => expect(mine()).toHaveLength(3));
    expect(mine()[2]!.subject).toBe(`Storing opgelost: ${machine}`);
    expect(mine()[2]!.text).toContain('is opgelost');
    expect(mine()[2]!.text).toContain('Slang vervangen');
    expect(mine()[2]!.text).not.toContain('rapport');

    // Back to Open with the reason.
    await handle({ status: 'open', reason: 'Lekt opnieuw' });
    await eventually(() => expect(mine()).toHaveLength(4));
    expect(mine()[3]!.subject).toBe(`Storing heropend: ${machine}`);
    expect(mine()[3]!.text).toContain('Reden:\nLekt opnieuw');

    // A cleared note is not news; an assignment is not the customer's.
    const mechanic = await t.db.select().from(users).where(eq(users.role, 'mechanic'));
    await handle({ customer_note: '', assigned_to: mechanic[0]?.id ?? null });
    expect(mine()).toHaveLength(4);
  });

  it('says on Opgelost that the report of the work is there, when the malfunction has a submitted one', async () => {
    const who = await reporter();
    const planned = await plannedReport(t, t.customerA.chain, { categories: 1, questions: 1 });
    const reports = reportsApi(t);
    await reports.answerAll(planned.reportId);
    await reports.submit(planned.reportId);
    const m = await createMalfunction(
      t.db,
      { id: planned.machine.id, customerId: t.customerA.chain.customer.id },
      { reportedBy: who.user.id, description: 'Spil loopt warm' },
    );
    await t.db.update(malfunctions).set({ reportId: planned.reportId }).where(eq(malfunctions.id, m.id));
    const res = await t.admin.put(`${M}/${m.id}`, { body: { status: 'resolved' } });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() =>
      expect(
        received.filter((x) => x.to.includes(who.user.email) && x.subject.startsWith('Storing opgelost')),
      ).toHaveLength(1),
    );
    const mail = received.find((x) => x.to.includes(who.user.email))!;
    expect(mail.text).toContain('Het rapport van de werkzaamheden staat bij de storing');
    expect(mail.text).toContain(`/malfunctions/${m.id}`);
  });

  it('mails nobody who turned the malfunction mails off, nor for an anonymous report; the same change mails one who did not', async () => {
    const off = await reporter({ malfunctionMails: false });
    const on = await reporter();
    const machine = uniqueName('Zetbank');
    const quiet = await reportedBy(t, off, 'Geen mail graag', machine);
    const told = await reportedBy(t, on, 'Wel mail', machine);
    const place = await createMachine(t.db, t.customerA.chain, { name: machine });
    const anonymous = await createMalfunction(
      t.db,
      { id: place.id, customerId: t.customerA.chain.customer.id },
      { anonymous: true, reporterName: 'Piet', reporterContact: 'piet@example.com' },
    );
    for (const id of [quiet, anonymous.id, told]) {
      const res = await t.admin.put(`${M}/${id}`, { body: { status: 'in_progress', customer_note: 'Bezig' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await eventually(() => expect(mailsAbout(on.user.email, machine)).toHaveLength(1));
    await t.mails.drain();
    expect(mailsAbout(off.user.email, machine)).toEqual([]);
    expect(received.filter((m) => m.to.includes('piet@example.com'))).toEqual([]);
    // Archived by now: nothing either.
    await t.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, on.user.id));
    expect((await t.admin.put(`${M}/${told}`, { body: { status: 'resolved' } })).statusCode).toBe(200);
    await t.mails.drain();
    expect(mailsAbout(on.user.email, machine)).toHaveLength(1);
  });
});

describe("the customer's own changes", () => {
  it('a comment is mailed to the office with its text and photo, never to the reporter; a withdrawal mails nobody', async () => {
    const who = await reporter({ firstName: 'Kees', lastName: 'Jansen', preposition: null });
    const machine = uniqueName('Lasrobot');
    const id = await reportedBy(t, who, 'Vonkt', machine);
    const admins = await t.db
      .select()
      .from(users)
      .where(
        and(inArray(users.role, ['admin', 'super_admin']), isNull(users.archivedAt), isNotNull(users.activatedAt)),
      );
    // The new malfunction's mails first.
    await eventually(() => expect(mailsAbout(admins[0]!.email, machine)).toHaveLength(1));

    const res = await comment(t, who.client, id, { comment: 'Nu ook rook' }, [{ data: await jpeg() }]);
    expect(res.statusCode, res.body).toBe(201);
    await eventually(() => {
      for (const admin of admins) expect(mailsAbout(admin.email, machine), admin.email).toHaveLength(2);
    });
    const mail = mailsAbout(admins[0]!.email, machine)[1]!;
    expect(mail.subject).toBe(`Reactie op storing: ${machine} (${t.customerA.chain.customer.name})`);
    expect(mail.text).toContain('Kees Jansen heeft gereageerd op een storing.');
    expect(mail.text).toContain('Reactie:\nNu ook rook');
    expect(mail.text).toContain('Er is een foto bijgevoegd.');
    expect(mail.text).toContain(`${t.config.appUrl}/admin/malfunctions/${id}`);

    const w = await who.client.post(`${OWN}/${id}/withdraw`, { body: { reason: 'Was de stekker' } });
    expect(w.statusCode, w.body).toBe(200);
    await t.mails.drain();
    expect(mailsAbout(who.user.email, machine)).toEqual([]);
    expect(mailsAbout(admins[0]!.email, machine)).toHaveLength(2);
  });
});
