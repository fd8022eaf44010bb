import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MalfunctionDetailSchema,
  MalfunctionSchema,
  OpenCountSchema,
  OwnMalfunctionSchema,
  type Malfunction,
} from '@keurwijzer/shared/malfunctions';
import { PHONE_TEXT } from '@keurwijzer/shared/phone';
import { TEXT } from '@keurwijzer/shared/texts';
import { MSG } from '@keurwijzer/shared/validation';
import { malfunctions } from '../../db/schema/malfunctions';
import { dutchDateTime } from '../../lib/dutch-time';
import { respondByOf } from '../../lib/working-days';
import { createMachine, createMalfunction, createPlacementChain, uniqueName } from '../../test/factories';
import { eventually } from '../../test/eventually';
import { errorsOf } from '../../test/helpers';
import { startSmtpServer } from '../../test/smtp-server';
import { useTestApp } from '../../test/use-test-app';
import { report } from './malfunctions.test-helpers';

/**
 * The service desk's intake: the customer's urgency ("Machine staat stil") and number
 * to call back, the response deadline in working days (lib/working-days.ts), the office list's
 * default order (active urgent ones first), the late ones (filter, flag, the menu's count) and the
 * urgent office mail, read back from a real SMTP server.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const t = useTestApp({ app: () => ({ smtpUrl: smtp.url }) });
const M = '/api/malfunctions';
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

const list = async (query: Record<string, string>) => {
  const res = await t.admin.get(M, { query: { itemsPerPage: '100', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((m: unknown) => MalfunctionSchema.strict().parse(m)) as Malfunction[];
};

/** A fresh customer with one machine, so a list filtered by it holds only the test's own. */
async function freshMachine() {
  const chain = await createPlacementChain(t.db);
  const machine = await createMachine(t.db, chain);
  return { chain, machine: { id: machine.id, customerId: chain.customer.id } };
}

describe('POST /api/machines/:id/malfunctions: urgency, phone number, deadline', () => {
  it('stores an urgent report with its number and deadline; the office sees them and gets a "SPOED: " mail', async () => {
    const { chain } = t.customerA;
    const machine = await createMachine(t.db, chain, { name: 'Stilstaande pers', inventoryNumber: 'SP-1' });
    const res = await report(t, t.customerA.client, machine.id, {
      description: 'Pers staat stil na noodstop',
      urgency: 'urgent',
      contact_phone: ' 06-12345678 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = OwnMalfunctionSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({ urgent: true, contact_phone: '+31 6 12345678' });
    // The deadline of the moment stored as the report's.
    expect(data.respond_by).toBe(respondByOf(new Date(data.reported_at)).toISOString());
    expect(new Date(data.respond_by!).getTime()).toBeGreaterThan(Date.now());

    const [row] = await t.db.select().from(malfunctions).where(eq(malfunctions.id, data.id));
    expect(row).toMatchObject({ urgent: true, contactPhone: '+31 6 12345678', respondedAt: null });
    expect(row!.respondBy!.toISOString()).toBe(data.respond_by);
    expect(row!.updatedAt.toISOString()).toBe(row!.createdAt.toISOString());

    const detail = MalfunctionDetailSchema.strict().parse((await t.admin.get(`${M}/${data.id}`)).json().data);
    expect(detail).toMatchObject({
      urgent: true,
      contact_phone: '+31 6 12345678',
      respond_by: data.respond_by,
      responded_at: null,
      late: false,
    });

    await eventually(() =>
      expect(smtp.received.filter((m) => m.text.includes(`/admin/malfunctions/${data.id}`)).length).toBeGreaterThan(0),
    );
    const mail = smtp.received.find((m) => m.text.includes(`/admin/malfunctions/${data.id}`))!;
    expect(mail.subject).toBe(`SPOED: Nieuwe storing: Stilstaande pers (${chain.customer.name})`);
    expect(mail.text).toContain('de machine staat stil');
    expect(mail.text).toContain('Urgentie: Machine staat stil');
    expect(mail.text).toContain('Bereikbaar op: +31 6 12345678');
    expect(mail.text).toContain(`Reactie vóór: ${dutchDateTime(new Date(data.respond_by!))}`);
  });

  it('stores a normal report without a number: not urgent, no "SPOED", no "Bereikbaar op"', async () => {
    const machine = await createMachine(t.db, t.customerA.chain, { name: 'Werkende boor' });
    const res = await report(t, t.customerA.client, machine.id, {
      description: 'Boor maakt geluid',
      urgency: 'normal',
      contact_phone: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = OwnMalfunctionSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({ urgent: false, contact_phone: null });
    expect(data.respond_by).toBe(respondByOf(new Date(data.reported_at)).toISOString());
    await eventually(() =>
      expect(smtp.received.filter((m) => m.text.includes(`/admin/malfunctions/${data.id}`)).length).toBeGreaterThan(0),
    );
    const mail = smtp.received.find((m) => m.text.includes(`/admin/malfunctions/${data.id}`))!;
    expect(mail.subject).toBe(`Nieuwe storing: Werkende boor (${t.customerA.chain.customer.name})`);
    expect(mail.text).toContain('Urgentie: Machine werkt nog');
    expect(mail.text).not.toContain('Bereikbaar op');
  });

  it('answers 422 with the errors map for a missing or unknown urgency and a bad phone number; stores nothing', async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const before = await t.db.$count(malfunctions);
    const cases: [Record<string, string | undefined>, Record<string, string[]>][] = [
      [{ description: 'Kapot', urgency: undefined }, { urgency: [MSG.required] }],
      [{ description: 'Kapot', urgency: '' }, { urgency: [MSG.required] }],
      [{ description: 'Kapot', urgency: 'heel erg' }, { urgency: [MSG.invalidChoice] }],
      [{ description: 'Kapot', contact_phone: '06-1234' }, { contact_phone: [PHONE_TEXT.invalid] }],
      [{ description: 'Kapot', contact_phone: 'bel de receptie' }, { contact_phone: [PHONE_TEXT.invalid] }],
      [{ description: 'Kapot', contact_phone: '0'.repeat(33) }, { contact_phone: [PHONE_TEXT.invalid] }],
      [
        { description: '', urgency: undefined, contact_phone: '12' },
        { description: [MSG.required], urgency: [MSG.required], contact_phone: [PHONE_TEXT.invalid] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await report(t, t.customerA.client, machine.id, fields);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe(TEXT.validation);
      expect(errorsOf(res), JSON.stringify(fields)).toEqual(errors);
    }
    expect(await t.db.$count(malfunctions)).toBe(before);
  });

  it('keeps its checks: 401, 403 for staff, 419 without the token, 404 for another customer’s machine', async () => {
    const machine = await createMachine(t.db, t.customerA.chain);
    const fields = { description: 'Kapot', urgency: 'urgent', contact_phone: '0612345678' };
    expect((await report(t, t.visitor, machine.id, fields)).statusCode).toBe(401);
    expect((await report(t, t.admin, machine.id, fields)).statusCode).toBe(403);
    expect((await report(t, t.customerA.client, machine.id, fields, [], { csrf: false })).statusCode).toBe(419);
    expect((await report(t, t.customerB.client, machine.id, fields)).statusCode).toBe(404);
  });
});

describe('GET /api/malfunctions: urgent ones first, the deadline, the late ones', () => {
  it('orders by default the active urgent ones first, then the other active ones, then the rest, each newest first', async () => {
    const { chain, machine } = await freshMachine();
    const resolvedUrgent = await createMalfunction(t.db, machine, {
      urgent: true,
      status: 'resolved',
      createdAt: ago(1 * HOUR),
    });
    const normalNew = await createMalfunction(t.db, machine, { createdAt: ago(0.1 * HOUR) });
    const urgentOld = await createMalfunction(t.db, machine, { urgent: true, createdAt: ago(3 * HOUR) });
    const urgentInProgress = await createMalfunction(t.db, machine, {
      urgent: true,
      status: 'in_progress',
      createdAt: ago(2 * HOUR),
    });
    const withdrawnUrgent = await createMalfunction(t.db, machine, {
      urgent: true,
      status: 'withdrawn',
      createdAt: ago(0.2 * HOUR),
    });
    const normalOld = await createMalfunction(t.db, machine, { status: 'in_progress', createdAt: ago(5 * HOUR) });
    const expected = [urgentInProgress, urgentOld, normalNew, normalOld, withdrawnUrgent, resolvedUrgent].map(
      (m) => m.id,
    );
    const byCustomer = { customer_id: String(chain.customer.id) };
    expect((await list(byCustomer)).map((m) => m.id)).toEqual(expected);
    expect((await list({ ...byCustomer, sortKey: 'urgency', sortOrder: 'desc' })).map((m) => m.id)).toEqual(expected);
    // Paged: the same order across pages.
    const page2 = await t.admin.get(M, { query: { ...byCustomer, itemsPerPage: '2', page: '2' } });
    expect(page2.json().data.map((m: Malfunction) => m.id)).toEqual(expected.slice(2, 4));
    expect(page2.json().meta.total).toBe(6);

    // A customer's urgent report through the API is the first of the whole list (no filter).
    const reportMachine = await createMachine(t.db, t.customerA.chain);
    const res = await report(t, t.customerA.client, reportMachine.id, {
      description: uniqueName('Staat stil'),
      urgency: 'urgent',
    });
    expect(res.statusCode, res.body).toBe(201);
    const all = await list({});
    expect(all[0]!.id).toBe(res.json().data.id);
    expect(all[0]!.urgent).toBe(true);
    // And the whole list keeps the rule: priority never rises, within one the newest first.
    const priority = (m: Malfunction) => (m.status === 'open' || m.status === 'in_progress' ? (m.urgent ? 2 : 1) : 0);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(priority(a)).toBeGreaterThanOrEqual(priority(b));
      if (priority(a) === priority(b)) expect(a.reported_at >= b.reported_at, `${a.id} before ${b.id}`).toBe(true);
    }
  });

  it('marks and filters the late ones (no response, active, past the deadline) and sorts by deadline', async () => {
    const { chain, machine } = await freshMachine();
    const lateOpen = await createMalfunction(t.db, machine, { respondBy: ago(2 * HOUR), createdAt: ago(30 * HOUR) });
    const lateInProgress = await createMalfunction(t.db, machine, {
      status: 'in_progress',
      respondBy: ago(1 * HOUR),
      createdAt: ago(40 * HOUR),
    });
    const responded = await createMalfunction(t.db, machine, {
      respondBy: ago(3 * HOUR),
      respondedAt: ago(4 * HOUR),
      createdAt: ago(50 * HOUR),
    });
    const resolvedPast = await createMalfunction(t.db, machine, {
      status: 'resolved',
      respondBy: ago(5 * HOUR),
      createdAt: ago(60 * HOUR),
    });
    const future = await createMalfunction(t.db, machine, { respondBy: ago(-24 * HOUR), createdAt: ago(1 * HOUR) });
    const byCustomer = { customer_id: String(chain.customer.id) };

    const late = new Map((await list(byCustomer)).map((m) => [m.id, m.late]));
    expect(Object.fromEntries(late)).toEqual({
      [lateOpen.id]: true,
      [lateInProgress.id]: true,
      [responded.id]: false,
      [resolvedPast.id]: false,
      [future.id]: false,
    });
    expect((await list({ ...byCustomer, late: '1' })).map((m) => m.id)).toEqual([lateOpen.id, lateInProgress.id]);
    const onlyLate = await t.admin.get(M, { query: { ...byCustomer, late: '1' } });
    expect(onlyLate.json().meta.total).toBe(2);
    expect((await list({ ...byCustomer, late: '0' })).map((m) => m.id)).toHaveLength(5);
    // Every late one of the whole list, and nothing else.
    const allLate = await list({ late: '1' });
    expect(allLate.every((m) => m.late)).toBe(true);
    expect(allLate.map((m) => m.id)).toEqual(expect.arrayContaining([lateOpen.id, lateInProgress.id]));

    expect((await list({ ...byCustomer, sortKey: 'respond_by', sortOrder: 'asc' })).map((m) => m.id)).toEqual([
      resolvedPast.id,
      responded.id,
      lateOpen.id,
      lateInProgress.id,
      future.id,
    ]);
    expect((await list({ ...byCustomer, sortKey: 'respond_by', sortOrder: 'desc' })).map((m) => m.id)).toEqual([
      future.id,
      lateInProgress.id,
      lateOpen.id,
      responded.id,
      resolvedPast.id,
    ]);

    const bad = await t.admin.get(M, { query: { late: 'ja', sortKey: 'deadline' } });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ late: [MSG.invalidChoice], sortKey: [MSG.invalidChoice] });
  });

  it('a response of the office (a status change) ends "late"', async () => {
    const { chain, machine } = await freshMachine();
    const m = await createMalfunction(t.db, machine, { respondBy: ago(HOUR) });
    expect((await list({ customer_id: String(chain.customer.id), late: '1' })).map((x) => x.id)).toEqual([m.id]);
    const res = await t.admin.put(`${M}/${m.id}`, { body: { status: 'in_progress' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ late: false });
    expect(res.json().data.responded_at).not.toBeNull();
    expect(await list({ customer_id: String(chain.customer.id), late: '1' })).toEqual([]);
  });
});

describe('GET /api/malfunctions/open-count: how many are late', () => {
  it('counts the open ones and, of those, the late ones', async () => {
    const count = async () => OpenCountSchema.strict().parse((await t.admin.get(`${M}/open-count`)).json().data);
    const before = await count();
    expect(before.late).toBeLessThanOrEqual(before.count);
    const { machine } = await freshMachine();
    const late = await createMalfunction(t.db, machine, { respondBy: ago(HOUR) });
    await createMalfunction(t.db, machine, { respondBy: ago(-HOUR) });
    await createMalfunction(t.db, machine, { status: 'resolved', respondBy: ago(HOUR) });
    expect(await count()).toEqual({ count: before.count + 2, late: before.late + 1 });
    // Answered (a note for the customer): still open, no longer late.
    const res = await t.admin.put(`${M}/${late.id}`, { body: { customer_note: 'We bellen je vandaag' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toEqual({ count: before.count + 2, late: before.late });
  });

  it('401 without a session, 403 for mechanics and customer users', async () => {
    expect((await t.visitor.get(`${M}/open-count`)).statusCode).toBe(401);
    expect((await t.mechanic.get(`${M}/open-count`)).statusCode).toBe(403);
    expect((await t.customerA.client.get(`${M}/open-count`)).statusCode).toBe(403);
  });
});
