import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MALFUNCTION_TEXT,
  MalfunctionAssigneeSchema,
  MalfunctionDetailSchema,
  MalfunctionSchema,
  type Malfunction,
} from '@keurwijzer/shared/malfunctions';
import { malfunctionEvents } from '../../db/schema/malfunctions';
import { createMachine, createMalfunction, createUser } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { startSmtpServer, type ReceivedMail } from '../../test/smtp-server';
import { useTestApp } from '../../test/use-test-app';
import { jpeg, report } from './malfunctions.test-helpers';

/**
 * Assignment: the office's list of assignees, the handling's `assigned_to` with the
 * mail to the new assignee (read back from a real SMTP server), and a user's "Mijn storingen"
 * (only what is assigned to them).
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

const t = useTestApp({ app: () => ({ smtpUrl: smtp.url }) });

const M = '/api/malfunctions';
const A = '/api/assigned-malfunctions';

async function mailsTo(to: string): Promise<ReceivedMail[]> {
  await t.mails.drain();
  return smtp.received.filter((m) => m.to.includes(to));
}

async function malfunctionOf(values: Parameters<typeof createMalfunction>[2] = {}) {
  const chain = t.customerA.chain;
  const machine = await createMachine(t.db, chain, { name: 'Kolomboor', inventoryNumber: `KB-${Math.random()}` });
  const m = await createMalfunction(t.db, { id: machine.id, customerId: chain.customer.id }, values);
  return { ...m, machine };
}

const assign = (id: number, assignedTo: number | null | string, client = t.admin) =>
  client.put(`${M}/${id}`, { body: { assigned_to: assignedTo ?? '' } });

describe('GET /api/malfunctions/assignees', () => {
  it('lists the active mechanics, admins and super admins by name; never customers, archived or invited users', async () => {
    const mechanic = await createUser(t.db, 'mechanic', { lastName: 'Aaanstaande' });
    const archived = await createUser(t.db, 'mechanic', { archivedAt: new Date() });
    const invited = await createUser(t.db, 'admin', { activatedAt: null, passwordHash: null });
    const res = await t.admin.get(`${M}/assignees`);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json().data as unknown[]).map((x) => MalfunctionAssigneeSchema.strict().parse(x));
    const ids = data.map((a) => a.id);
    expect(ids).toContain(mechanic.id);
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(invited.id);
    expect(ids).not.toContain(t.customerA.user.id);
    expect(data.find((a) => a.id === mechanic.id)).toEqual({
      id: mechanic.id,
      name: `Test ${mechanic.lastName}`,
      role: 'mechanic',
    });
    expect(new Set(data.map((a) => a.role))).toEqual(new Set(['mechanic', 'admin', 'super_admin']));
  });

  it('is the office’s: 403 for a mechanic and a customer, 401 without a session', async () => {
    expect((await t.mechanic.get(`${M}/assignees`)).statusCode).toBe(403);
    expect((await t.customerA.client.get(`${M}/assignees`)).statusCode).toBe(403);
    expect((await t.visitor.get(`${M}/assignees`)).statusCode).toBe(401);
  });
});

describe('assigning with the handling', () => {
  it('mails the new mechanic with the machine and customer in the subject and a link to their screen', async () => {
    const mechanic = await createUser(t.db, 'mechanic', { firstName: 'Mona' });
    const m = await malfunctionOf({ description: 'Motor slaat af', urgent: true, contactPhone: '+31612345678' });
    const res = await assign(m.id, mechanic.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = MalfunctionDetailSchema.strict().parse(res.json().data);
    expect(data.assigned_to).toBe(mechanic.id);
    expect(data.events.at(-1)).toMatchObject({ kind: 'assigned', assigned_to_name: `Mona ${mechanic.lastName}` });

    const [mail, ...more] = await mailsTo(mechanic.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Spoed: Storing aan je toegewezen: Kolomboor (${t.customerA.chain.customer.name})`);
    expect(mail!.text).toContain('Beste Mona,');
    expect(mail!.text).toContain('Motor slaat af');
    expect(mail!.text).toContain('Bereikbaar op: +31612345678');
    expect(mail!.text).toContain(`${t.config.appUrl}/mechanic/malfunctions/${m.id}`);

    // Saving again without a change of assignee mails nobody.
    expect((await t.admin.put(`${M}/${m.id}`, { body: { internal_note: 'Onderdeel besteld' } })).statusCode).toBe(200);
    expect(await mailsTo(mechanic.email)).toHaveLength(1);
  });

  it('links an admin to the office’s screen, and mails nobody when the actor takes it themselves or nobody', async () => {
    const admin = await t.signIn('admin', { firstName: 'Ada' });
    const m = await malfunctionOf();
    expect((await assign(m.id, admin.user.id)).statusCode).toBe(200);
    const [mail] = await mailsTo(admin.user.email);
    expect(mail!.text).toContain(`${t.config.appUrl}/admin/malfunctions/${m.id}`);

    const self = await malfunctionOf();
    expect((await assign(self.id, admin.user.id, admin.client)).statusCode).toBe(200);
    expect((await assign(self.id, null, admin.client)).statusCode).toBe(200);
    expect(await mailsTo(admin.user.email)).toHaveLength(1);
    const events = await t.db
      .select()
      .from(malfunctionEvents)
      .where(and(eq(malfunctionEvents.malfunctionId, self.id), eq(malfunctionEvents.kind, 'assigned')));
    expect(events.map((e) => e.assignedTo)).toEqual([admin.user.id, null]);
  });

  it('refuses a customer, an archived user or a missing one (422 on assigned_to), and a junk id', async () => {
    const m = await malfunctionOf();
    const archived = await createUser(t.db, 'mechanic', { archivedAt: new Date() });
    for (const who of [t.customerA.user.id, archived.id, 999_999]) {
      const res = await assign(m.id, who);
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res).assigned_to).toEqual([MALFUNCTION_TEXT.notAssignable]);
    }
    expect((await assign(m.id, 'abc')).statusCode).toBe(422);
  });
});

describe('"Mijn storingen" (GET /api/assigned-malfunctions)', () => {
  it('lists only the malfunctions assigned to the user, the active ones first, newest first', async () => {
    const me = await t.signIn('mechanic');
    const other = await t.signIn('mechanic');
    const old = await malfunctionOf({
      assignedTo: me.user.id,
      status: 'in_progress',
      createdAt: new Date(Date.now() - 3_600_000),
    });
    const done = await malfunctionOf({ assignedTo: me.user.id, status: 'resolved' });
    const recent = await malfunctionOf({ assignedTo: me.user.id, status: 'open' });
    const notMine = await malfunctionOf({ assignedTo: other.user.id });
    await malfunctionOf();

    const res = await me.client.get(A);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().data as unknown[]).map((x) => MalfunctionSchema.strict().parse(x)) as Malfunction[];
    expect(rows.map((r) => r.id)).toEqual([recent.id, old.id, done.id]);
    expect(res.json().meta).toMatchObject({ total: 3 });
    expect(rows[0]).toMatchObject({ machine_name: 'Kolomboor', assigned_to: me.user.id });

    const ids = async (query: Record<string, string>) =>
      ((await me.client.get(A, { query })).json().data as Malfunction[]).map((m) => m.id);
    expect(await ids({ status: 'resolved' })).toEqual([done.id]);
    expect(await ids({ sortKey: 'status', sortOrder: 'asc' })).toEqual([recent.id, old.id, done.id]);
    expect(await ids({ search: 'Kolomboor', itemsPerPage: '1', page: '2' })).toEqual([old.id]);
    expect(await ids({ page: '9' })).toEqual([]);
    expect(((await other.client.get(A)).json().data as Malfunction[]).map((m) => m.id)).toEqual([notMine.id]);
  });

  it('answers 422 for a bad query, 403 for a customer, 401 without a session', async () => {
    const res = await t.mechanic.get(A, { query: { sortKey: 'description', status: 'gone' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(['sortKey', 'status']);
    expect((await t.customerA.client.get(A)).statusCode).toBe(403);
    expect((await t.visitor.get(A)).statusCode).toBe(401);
  });
});

describe('GET /api/assigned-malfunctions/:id', () => {
  it('gives the whole malfunction to its assignee only: another mechanic, a missing or junk id get 404', async () => {
    const me = await t.signIn('mechanic');
    const other = await t.signIn('mechanic');
    const m = await malfunctionOf({ assignedTo: me.user.id, contactPhone: '+31201234567' });
    const res = await me.client.get(`${A}/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = MalfunctionDetailSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({
      id: m.id,
      contact_phone: '+31201234567',
      location_name: t.customerA.chain.location.name,
    });
    expect(data.events[0]).toMatchObject({ kind: 'reported' });

    expect((await other.client.get(`${A}/${m.id}`)).statusCode).toBe(404);
    const unassigned = await malfunctionOf();
    expect((await me.client.get(`${A}/${unassigned.id}`)).statusCode).toBe(404);
    expect((await me.client.get(`${A}/999999`)).statusCode).toBe(404);
    expect((await me.client.get(`${A}/abc`)).statusCode).toBe(404);
    // The office's detail stays the office's.
    expect((await me.client.get(`${M}/${m.id}`)).statusCode).toBe(403);
  });

  it('serves the photos of an assigned malfunction to its assignee only', async () => {
    const me = await t.signIn('mechanic');
    const other = await t.signIn('mechanic');
    const machine = await createMachine(t.db, t.customerA.chain);
    const res = await report(t, t.customerA.client, machine.id, { description: 'Lekt olie', urgency: 'normal' }, [
      { data: await jpeg() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect((await assign(id, me.user.id)).statusCode).toBe(200);

    const detail = MalfunctionDetailSchema.parse((await me.client.get(`${A}/${id}`)).json().data);
    const photo = detail.photos[0]!;
    expect(photo.url).toBe(`${A}/${id}/photos/${photo.id}/file`);
    expect(photo.thumb_url).toBe(`${A}/${id}/photos/${photo.id}/file?thumb=1`);
    const file = await me.client.get(photo.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const thumb = await me.client.get(photo.thumb_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    expect((await other.client.get(photo.url)).statusCode).toBe(404);
    expect((await me.client.get(`${A}/${id}/photos/999999/file`)).statusCode).toBe(404);
    expect((await t.customerA.client.get(photo.url)).statusCode).toBe(403);
    expect((await t.visitor.get(photo.url)).statusCode).toBe(401);
  });

  it('is 403 for a customer (even of the malfunction) and 401 without a session', async () => {
    const m = await malfunctionOf({ assignedTo: t.customerA.user.id });
    expect((await t.customerA.client.get(`${A}/${m.id}`)).statusCode).toBe(403);
    expect((await t.visitor.get(`${A}/${m.id}`)).statusCode).toBe(401);
  });
});
