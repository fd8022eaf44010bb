import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { dutchToday } from '@keurwijzer/shared/format';
import { inspectionIntervals } from '../../db/schema/compliance';
import { machines } from '../../db/schema/machines';
import { reminderSends } from '../../db/schema/reminders';
import { users } from '../../db/schema/users';
import { dutchDay } from '../../lib/dutch-time';
import {
  createMachine,
  createMachineType,
  createPlacementChain,
  createUser,
  uniqueName,
  type PlacementChain,
} from '../../test/factories';
import { startSmtpServer, type ReceivedMail } from '../../test/smtp-server';
import { useTestApp } from '../../test/use-test-app';
import { addDays } from '@keurwijzer/shared/compliance';
import { isoWeek, monthOf } from './reminders.service';

/**
 * The reminder mails, their runs called directly with a fixed Dutch "today" and the mails read
 * back from a real SMTP server: the office's weekly overview (overdue, rejected, due in four
 * weeks, per customer), the customers' monthly one (only users of a customer with an overdue or
 * rejected machine, never another customer's machines, not to who turned it off), and each
 * mail once per period however often, and however concurrently, the run is repeated.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

const t = useTestApp({ app: () => ({ smtpUrl: smtp.url }) });

/** The mails the SMTP server took for `to` (after the queue drained). */
async function mailsTo(to: string): Promise<ReceivedMail[]> {
  await t.mails.drain();
  return smtp.received.filter((m) => m.to.includes(to));
}

/** A machine with a kept due summary as given (the triggers' output, set for the test's day). */
async function machineDue(
  c: PlacementChain,
  due: string | null,
  opts: { rejected?: boolean; name?: string; status?: 'active' | 'concept'; machineTypeId?: number } = {},
) {
  const m = await createMachine(t.db, c, {
    name: opts.name ?? uniqueName('Machine'),
    status: opts.status ?? 'active',
    machineTypeId: opts.machineTypeId,
  });
  await t.db
    .update(machines)
    .set({ nextDueDate: due, dueRejected: opts.rejected ?? false })
    .where(eq(machines.id, m.id));
  return m;
}

const today = dutchToday();

describe('periods', () => {
  it('ISO weeks and months', () => {
    expect(isoWeek('2026-11-30')).toBe('2026-W49');
    expect(isoWeek('2026-12-06')).toBe('2026-W49');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(monthOf('2026-12-01')).toBe('2026-12');
    expect(addDays('2026-12-20', 28)).toBe('2027-01-17');
  });
});

describe('office weekly', () => {
  it('lists per customer what is overdue, rejected and due within four weeks, to the office who wants it', async () => {
    const day = addDays(today, 7);
    const a = await createPlacementChain(t.db, uniqueName('Bakkerij <Jansen & Zn>'));
    const b = await createPlacementChain(t.db, uniqueName('Garage Pietersen'));
    const type = await createMachineType(t.db, uniqueName('Heftruck'));
    const overdue = await machineDue(a, addDays(day, -3), { name: 'Kolomboor <K&1>', machineTypeId: type.id });
    const rejected = await machineDue(a, addDays(day, 200), { rejected: true, name: uniqueName('Zaag') });
    const soon = await machineDue(a, addDays(day, 10), { name: uniqueName('Pers') });
    const edge = await machineDue(a, addDays(day, 28), { name: uniqueName('Rand') });
    const later = await machineDue(a, addDays(day, 29), { name: uniqueName('Later') });
    const none = await machineDue(a, null, { name: uniqueName('Zonder interval') });
    const otherSoon = await machineDue(b, addDays(day, 20), { name: uniqueName('Brug') });
    const office = await createUser(t.db, 'admin');
    const optedOut = await createUser(t.db, 'super_admin', { reminderMails: false });
    const archived = await createUser(t.db, 'admin', { archivedAt: new Date() });
    const mechanic = await createUser(t.db, 'mechanic');

    const run = await t.app.reminders.run('office_weekly', day);
    expect(run).toMatchObject({ kind: 'office_weekly', period: isoWeek(day), alreadySent: 0 });
    expect(run.queued).toBeGreaterThanOrEqual(3); // the standard admin and super admin, and `office`

    const [mail, ...more] = await mailsTo(office.email);
    expect(more).toHaveLength(0);
    const week = Number(isoWeek(day).split('W')[1]);
    expect(mail!.subject).toMatch(
      new RegExp(`^Keuringen week ${week}: \\d+ verlopen, \\d+ afgekeurd, \\d+ binnen 4 weken$`),
    );
    const text = mail!.text;
    expect(text).toContain(`Beste ${office.firstName},`);
    expect(text).toContain(`tot en met ${dutchDay(addDays(day, 28))}`);
    expect(text).toContain(`${a.customer.name}: 1 afgekeurd, 1 verlopen, 2 binnen 4 weken`);
    expect(text).toContain(
      `Kolomboor <K&1> (${overdue.inventoryNumber}): ${type.name} · Verlopen (keuren vóór ${dutchDay(addDays(day, -3))})`,
    );
    expect(text).toContain(`${rejected.name} (${rejected.inventoryNumber}): Afgekeurd`);
    expect(text).toContain(`${soon.name} (${soon.inventoryNumber}): Keuren vóór ${dutchDay(addDays(day, 10))}`);
    expect(text).toContain(`${edge.name} (${edge.inventoryNumber}): Keuren vóór`);
    expect(text).not.toContain(later.name);
    expect(text).not.toContain(none.name);
    expect(text).toContain(`${b.customer.name}: 1 binnen 4 weken`);
    expect(text).toContain(otherSoon.name);
    // Worst first within a customer: rejected, overdue, then by due date.
    const order = [rejected.name, 'Kolomboor', soon.name, edge.name].map((n) => text.indexOf(n));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(text).toContain(`http://localhost:3000/admin/due?customer_id=${a.customer.id}`);
    expect(text).toContain(`http://localhost:3000/admin/due?customer_id=${b.customer.id}`);
    expect(text).toContain('"Herinneringsmails ontvangen"');
    expect(text).toContain('http://localhost:3000/profile');
    // The HTML escapes what people typed.
    expect(mail!.html).toContain('Kolomboor &lt;K&amp;1&gt;');
    expect(mail!.html).toContain('Bakkerij &lt;Jansen &amp; Zn&gt;');
    expect(mail!.html).not.toContain('<K&1>');
    expect(mail!.html).toContain(`href="http://localhost:3000/admin/due?customer_id=${a.customer.id}"`);

    for (const u of [optedOut, archived, mechanic]) expect(await mailsTo(u.email)).toHaveLength(0);
    expect(await mailsTo(t.customerA.user.email)).toHaveLength(0);
    const stored = await t.db.select().from(reminderSends).where(eq(reminderSends.userId, office.id));
    expect(stored).toEqual([expect.objectContaining({ kind: 'office_weekly', period: isoWeek(day) })]);
  });

  it('caps a customer at 50 machines with "En nog N machines"', async () => {
    const day = addDays(today, 14);
    const c = await createPlacementChain(t.db, uniqueName('Grote klant'));
    for (let i = 0; i < 53; i++) await machineDue(c, addDays(day, -1 - (i % 5)), { name: `Veel ${i}` });
    const office = await createUser(t.db, 'admin');
    await t.app.reminders.run('office_weekly', day);
    const [mail] = await mailsTo(office.email);
    expect(mail!.text).toContain(`${c.customer.name}: 53 verlopen`);
    expect(mail!.text).toContain('En nog 3 machines.');
    expect(mail!.text.match(/Veel \d+/g)).toHaveLength(50);
  });

  it('counts a machine whose type has an interval by the triggers (never inspected: due at once)', async () => {
    const day = addDays(today, 21);
    const c = await createPlacementChain(t.db, uniqueName('Klant met interval'));
    const type = await createMachineType(t.db);
    await t.db.insert(inspectionIntervals).values({ machineTypeId: type.id, inspectionType: 'inspection', months: 12 });
    const m = await createMachine(t.db, c, { name: uniqueName('Nieuw'), machineTypeId: type.id });
    const office = await createUser(t.db, 'admin');
    await t.app.reminders.run('office_weekly', day);
    const [mail] = await mailsTo(office.email);
    expect(mail!.text).toContain(
      `${m.name} (${m.inventoryNumber}): ${type.name} · Verlopen (keuren vóór ${dutchDay(today)})`,
    );
  });
});

describe('customer monthly', () => {
  it('goes to the users of customers with an overdue or rejected machine, with only their own machines', async () => {
    const day = addDays(today, 40);
    const a = await createPlacementChain(t.db, uniqueName('Klant overdue'));
    const b = await createPlacementChain(t.db, uniqueName('Klant binnenkort'));
    const r = await createPlacementChain(t.db, uniqueName('Klant afgekeurd'));
    const aOverdue = await machineDue(a, addDays(day, -1), { name: uniqueName('A verlopen') });
    const aSoon = await machineDue(a, addDays(day, 5), { name: uniqueName('A binnenkort') });
    const aConcept = await machineDue(a, addDays(day, -9), { name: uniqueName('A concept'), status: 'concept' });
    const bSoon = await machineDue(b, addDays(day, 5), { name: uniqueName('B binnenkort') });
    const rRejected = await machineDue(r, addDays(day, 100), { rejected: true, name: uniqueName('R afgekeurd') });
    const aUser = await createUser(t.db, 'customer', { customerId: a.customer.id });
    const aOptedOut = await createUser(t.db, 'customer', { customerId: a.customer.id, reminderMails: false });
    const aArchived = await createUser(t.db, 'customer', { customerId: a.customer.id, archivedAt: new Date() });
    const aInvited = await createUser(t.db, 'customer', { customerId: a.customer.id, activatedAt: null });
    const bUser = await createUser(t.db, 'customer', { customerId: b.customer.id });
    const rUser = await createUser(t.db, 'customer', { customerId: r.customer.id });
    const office = await createUser(t.db, 'admin');

    const run = await t.app.reminders.run('customer_monthly', day);
    expect(run).toMatchObject({ kind: 'customer_monthly', period: monthOf(day), alreadySent: 0 });

    const [mail, ...more] = await mailsTo(aUser.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Herinnering: 1 machine verlopen of afgekeurd');
    expect(mail!.text).toContain(`Beste ${aUser.firstName},`);
    expect(mail!.text).toContain(a.customer.name);
    expect(mail!.text).toContain(`${aOverdue.name} (${aOverdue.inventoryNumber}): Verlopen`);
    expect(mail!.text).toContain(`${aSoon.name} (${aSoon.inventoryNumber}): Keuren vóór ${dutchDay(addDays(day, 5))}`);
    expect(mail!.text).not.toContain(aConcept.name);
    expect(mail!.text).not.toContain(bSoon.name);
    expect(mail!.text).not.toContain(rRejected.name);
    expect(mail!.text).toContain('http://localhost:3000/machines');
    expect(mail!.text).toContain('"Herinneringsmails ontvangen"');
    expect(mail!.html).toContain('href="http://localhost:3000/machines"');

    const [rMail] = await mailsTo(rUser.email);
    expect(rMail!.text).toContain(`${rRejected.name} (${rRejected.inventoryNumber}): Afgekeurd`);
    expect(rMail!.text).not.toContain(aOverdue.name);

    for (const u of [aOptedOut, aArchived, aInvited, bUser, office]) expect(await mailsTo(u.email)).toHaveLength(0);
    // The standard customers A and B of the test app have no due machines: no mail either.
    expect(await mailsTo(t.customerA.user.email)).toHaveLength(0);
  });

  it('sends each mail once when the run is repeated and when two run at the same time', async () => {
    const day = addDays(today, 80);
    const c = await createPlacementChain(t.db, uniqueName('Klant twee keer'));
    await machineDue(c, addDays(day, -2));
    const users3 = await Promise.all([1, 2, 3].map(() => createUser(t.db, 'customer', { customerId: c.customer.id })));
    const office = await createUser(t.db, 'admin');
    await machineDue(c, addDays(day, 3));

    const runs = await Promise.all([
      t.app.reminders.run('customer_monthly', day),
      t.app.reminders.run('customer_monthly', day),
      t.app.reminders.run('office_weekly', day),
      t.app.reminders.run('office_weekly', day),
    ]);
    const again = await t.app.reminders.run('customer_monthly', day);
    expect(again.queued).toBe(0);
    expect(runs[0]!.queued + runs[1]!.queued).toBe(runs[0]!.queued + runs[0]!.alreadySent);
    for (const u of [...users3, office]) expect(await mailsTo(u.email)).toHaveLength(1);
    const keys = await t.db
      .select()
      .from(reminderSends)
      .where(
        inArray(
          reminderSends.userId,
          [...users3, office].map((u) => u.id),
        ),
      );
    expect(keys).toHaveLength(4);
    const mailRows = await t.db.execute(
      sql`select count(*)::int as n from mails where to_address in (${sql.join(
        [...users3, office].map((u) => sql`${u.email}`),
        sql`, `,
      )})`,
    );
    expect(Number((mailRows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(4);

    // The next month is a new period: a mail again.
    await t.app.reminders.run('customer_monthly', addDays(day, 31));
    expect(await mailsTo(users3[0]!.email)).toHaveLength(2);
  });

  it('a user who turns the switch off gets no more reminders', async () => {
    const day = addDays(today, 120);
    const c = await createPlacementChain(t.db, uniqueName('Klant uitzetten'));
    await machineDue(c, addDays(day, -2));
    const { user, client } = await t.signIn('customer', { customerId: c.customer.id });
    const off = await client.put('/api/profile', {
      body: {
        first_name: user.firstName,
        preposition: '',
        last_name: user.lastName,
        lang: 'nl',
        reminder_mails: false,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.reminderMails).toBe(false);
    await t.app.reminders.run('customer_monthly', day);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});
