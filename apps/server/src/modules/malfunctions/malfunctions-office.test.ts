import { describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  MALFUNCTION_TEXT,
  MalfunctionDetailSchema,
  MalfunctionSchema,
  OwnMalfunctionSchema,
  type Malfunction,
  type MalfunctionDetail,
} from '@keurwijzer/shared/malfunctions';
import { malfunctionEvents, malfunctions } from '../../db/schema/malfunctions';
import { users } from '../../db/schema/users';
import { createMachine, createMalfunction, uniqueName } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { jpeg, report } from './malfunctions.test-helpers';
import { eventually } from '../../test/eventually';

/**
 * The office's malfunctions: the list (search, filters, sort, paging; one statement), the open
 * count, the detail with photos and timeline, the handling (transitions, reason, notes, who and
 * when) and the photos. Admins only; mechanics and customer users 403.
 */
const t = useTestApp();
const M = '/api/malfunctions';

async function reported(description = uniqueName('Storing')) {
  const { chain } = t.customerA;
  const machine = await createMachine(t.db, chain, {
    name: uniqueName('Pers'),
    departmentId: chain.department.id,
    roomId: chain.room.id,
  });
  const res = await report(t, t.customerA.client, machine.id, { description }, [{ data: await jpeg() }]);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  // The office's mails go out after the answer: wait for them, so they are not counted as a
  // later request's statements.
  const admins = await t.db.$count(users, and(inArray(users.role, ['admin', 'super_admin']), isNull(users.archivedAt)));
  await eventually(() =>
    expect(t.mailer.sent.filter((m) => m.text.includes(`/admin/malfunctions/${id}`))).toHaveLength(admins),
  );
  return { machine, id };
}

const detailOf = async (id: number) =>
  MalfunctionDetailSchema.strict().parse((await t.admin.get(`${M}/${id}`)).json().data);

describe('GET /api/malfunctions', () => {
  it('lists newest first with names, searches, filters by status and customer, sorts and pages', async () => {
    const machineB = await createMachine(t.db, t.customerB.chain, { name: 'Zaagmachine B' });
    const b = await createMalfunction(
      t.db,
      { id: machineB.id, customerId: t.customerB.chain.customer.id },
      {
        description: 'Zaag blijft hangen',
        status: 'in_progress',
      },
    );
    const a = await reported('Boor draait niet');

    const res = await t.admin.get(M);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data.map((m: unknown) => MalfunctionSchema.strict().parse(m)) as Malfunction[];
    expect(data[0]).toMatchObject({
      id: a.id,
      customer_id: t.customerA.chain.customer.id,
      customer_name: t.customerA.chain.customer.name,
      location_name: t.customerA.chain.location.name,
      machine_id: a.machine.id,
      description: 'Boor draait niet',
      status: 'open',
      reported_by: t.customerA.user.id,
      handled_by: null,
    });
    expect(data[0]!.reported_by_name).toContain('Test');

    const ids = async (query: Record<string, string>) =>
      ((await t.admin.get(M, { query })).json().data as Malfunction[]).map((m) => m.id);
    expect(await ids({ search: 'zaagmachine' })).toEqual([b.id]);
    expect(await ids({ search: t.customerB.chain.customer.name })).toEqual([b.id]);
    expect(await ids({ search: 'draait niet' })).toEqual([a.id]);
    expect(await ids({ search: '%' })).toEqual([]);
    expect(await ids({ status: 'in_progress' })).toContain(b.id);
    expect(await ids({ status: 'in_progress' })).not.toContain(a.id);
    expect(await ids({ customer_id: String(t.customerB.chain.customer.id) })).toEqual([b.id]);
    expect(await ids({ sortKey: 'reported_at', sortOrder: 'asc', itemsPerPage: '100' })).toEqual(
      (await ids({ itemsPerPage: '100' })).reverse(),
    );
    for (const sortKey of ['customer', 'machine', 'status', 'updated_at']) {
      expect((await t.admin.get(M, { query: { sortKey } })).statusCode, sortKey).toBe(200);
    }
    const page = await t.admin.get(M, { query: { itemsPerPage: '1', page: '2' } });
    expect(page.json().meta).toMatchObject({ page: 2, itemsPerPage: 1 });
    expect(page.json().data).toHaveLength(1);
    const beyond = await t.admin.get(M, { query: { page: '999' } });
    expect(beyond.json().data).toEqual([]);
    expect(beyond.json().meta.total).toBeGreaterThanOrEqual(2);
  });

  it('reads a page in one statement, whatever its size (besides the session lookup)', async () => {
    await reported();
    await reported();
    await t.expectConstantStatements(`${M}?itemsPerPage=1`, `${M}?itemsPerPage=50`, 2);
  });

  it('answers 422 for a bad query, 401 without a session, 403 for mechanics and customer users', async () => {
    const bad = await t.admin.get(M, { query: { status: 'x', sortKey: 'x', customer_id: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['customer_id', 'sortKey', 'status']);
    expect((await t.visitor.get(M)).statusCode).toBe(401);
    expect((await t.mechanic.get(M)).statusCode).toBe(403);
    expect((await t.customerA.client.get(M)).statusCode).toBe(403);
  });
});

describe('GET /api/malfunctions/open-count', () => {
  it('counts Open and In behandeling', async () => {
    const count = async () => (await t.admin.get(`${M}/open-count`)).json().data.count as number;
    const before = await count();
    const { id } = await reported();
    expect(await count()).toBe(before + 1);
    await t.admin.put(`${M}/${id}`, { body: { status: 'in_progress' } });
    expect(await count()).toBe(before + 1);
    await t.admin.put(`${M}/${id}`, { body: { status: 'resolved' } });
    expect(await count()).toBe(before);
    expect((await t.superAdmin.get(`${M}/open-count`)).statusCode).toBe(200);
    expect((await t.mechanic.get(`${M}/open-count`)).statusCode).toBe(403);
    expect((await t.customerA.client.get(`${M}/open-count`)).statusCode).toBe(403);
    expect((await t.visitor.get(`${M}/open-count`)).statusCode).toBe(401);
  });
});

describe('GET /api/malfunctions/:id', () => {
  it('gives the whole malfunction with its place, photos and timeline (one statement)', async () => {
    const { id, machine } = await reported('Geheel');
    const detail = await detailOf(id);
    expect(detail).toMatchObject({
      id,
      machine_id: machine.id,
      department_name: t.customerA.chain.department.name,
      room_name: t.customerA.chain.room.name,
      internal_note: null,
      customer_note: null,
    });
    expect(detail.photos).toHaveLength(1);
    expect(detail.events).toMatchObject([{ kind: 'reported', to_status: 'open', from_status: null }]);
    const file = await t.admin.get(detail.photos[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await t.admin.get(detail.photos[0]!.thumb_url)).headers['content-type']).toBe('image/webp');
    expect((await t.mechanic.get(detail.photos[0]!.url)).statusCode).toBe(403);
    expect((await t.customerA.client.get(detail.photos[0]!.url)).statusCode).toBe(403);
    expect((await t.admin.get(`${M}/${id}/photos/999999/file`)).statusCode).toBe(404);
    // The session lookup and the detail.
    expect(await t.statementsOf(`${M}/${id}`)).toHaveLength(2);
  });

  it('answers 404 for a missing one, 401 and 403', async () => {
    const { id } = await reported();
    expect((await t.admin.get(`${M}/999999`)).statusCode).toBe(404);
    expect((await t.admin.get(`${M}/abc`)).statusCode).toBe(404);
    expect((await t.visitor.get(`${M}/${id}`)).statusCode).toBe(401);
    expect((await t.mechanic.get(`${M}/${id}`)).statusCode).toBe(403);
    expect((await t.customerA.client.get(`${M}/${id}`)).statusCode).toBe(403);
  });
});

describe('PUT /api/malfunctions/:id', () => {
  it('handles Open -> In behandeling -> Opgelost -> Open (with a reason), notes, and keeps the timeline', async () => {
    const { id } = await reported();

    const started = await t.admin.put(`${M}/${id}`, {
      body: { status: 'in_progress', internal_note: 'Monteur bellen' },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().message).toBe(MALFUNCTION_TEXT.updated);
    const d1 = MalfunctionDetailSchema.strict().parse(started.json().data);
    expect(d1).toMatchObject({ status: 'in_progress', internal_note: 'Monteur bellen' });
    expect(d1.handled_by).not.toBeNull();
    expect(d1.handled_by_name).toContain('Test');

    const resolved = await t.superAdmin.put(`${M}/${id}`, {
      body: { status: 'resolved', customer_note: 'Snaar vervangen' },
    });
    const d2 = MalfunctionDetailSchema.strict().parse(resolved.json().data);
    expect(d2).toMatchObject({ status: 'resolved', customer_note: 'Snaar vervangen', internal_note: 'Monteur bellen' });
    expect(d2.resolved_at).not.toBeNull();
    expect(d2.handled_by).not.toBe(d1.handled_by);

    // The customer sees the status and the note for the customer, never the internal note.
    const own = (await t.customerA.client.get('/api/own-malfunctions', { query: { itemsPerPage: '100' } })).json()
      .data as unknown[];
    const mine = own.map((m) => OwnMalfunctionSchema.strict().parse(m)).find((m) => m.id === id)!;
    expect(mine).toMatchObject({ status: 'resolved', customer_note: 'Snaar vervangen' });
    expect(JSON.stringify(own)).not.toContain('Monteur bellen');

    const noReason = await t.admin.put(`${M}/${id}`, { body: { status: 'open' } });
    expect(noReason.statusCode).toBe(422);
    expect(errorsOf(noReason)).toEqual({ reason: [MALFUNCTION_TEXT.reasonRequired] });
    const invalid = await t.admin.put(`${M}/${id}`, { body: { status: 'in_progress' } });
    expect(invalid.statusCode).toBe(422);
    expect(errorsOf(invalid)).toEqual({ status: [MALFUNCTION_TEXT.invalidTransition] });

    const reopened = await t.admin.put(`${M}/${id}`, { body: { status: 'open', reason: 'Lekt weer' } });
    const d3 = MalfunctionDetailSchema.strict().parse(reopened.json().data);
    expect(d3).toMatchObject({ status: 'open', resolved_at: null });

    // Nothing changed: no event.
    await t.admin.put(`${M}/${id}`, { body: { status: 'open', internal_note: 'Monteur bellen' } });
    // Clearing a note.
    const cleared = await t.admin.put(`${M}/${id}`, { body: { customer_note: '' } });
    expect(cleared.json().data.customer_note).toBeNull();

    const events = (await detailOf(id)).events;
    expect(events.map((e) => [e.kind, e.from_status, e.to_status, e.reason, e.internal_note, e.customer_note])).toEqual(
      [
        ['reported', null, 'open', null, null, null],
        ['status', 'open', 'in_progress', null, null, null],
        ['note', null, null, null, 'Monteur bellen', null],
        ['status', 'in_progress', 'resolved', null, null, null],
        ['note', null, null, null, null, 'Snaar vervangen'],
        ['status', 'resolved', 'open', 'Lekt weer', null, null],
        ['note', null, null, null, null, ''],
      ],
    );
    expect(events.every((e) => e.by_name && e.at)).toBe(true);
  });

  it('applies one of parallel changes from the same status: one status event', async () => {
    const { id } = await reported();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.admin.put(`${M}/${id}`, { body: { status: i % 2 ? 'resolved' : 'in_progress' } }),
      ),
    );
    // Each change is decided on the locked row: every transition starts from the status the one
    // before left; none starts from Open twice.
    const events = await t.db.select().from(malfunctionEvents).where(eq(malfunctionEvents.malfunctionId, id));
    const fromOpen = events.filter((e) => e.kind === 'status' && e.fromStatus === 'open');
    expect(fromOpen).toHaveLength(1);
    let status = 'open';
    for (const e of events.filter((x) => x.kind === 'status').sort((x, y) => x.id - y.id)) {
      expect(e.fromStatus).toBe(status);
      status = e.toStatus!;
    }
    const [row] = await t.db.select().from(malfunctions).where(eq(malfunctions.id, id));
    expect(row!.status).toBe(status);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 422)).toBe(true);
  });

  it('answers 422 for bad input, 404, 401, 403 and 419', async () => {
    const { id } = await reported();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ status: 'kapot' }, 'status', 'Ongeldige keuze'],
      [{ internal_note: 'a\u0000b' }, 'internal_note', 'Bevat ongeldige tekens'],
      [{ customer_note: 'x'.repeat(1001) }, 'customer_note', 'Maximaal 1000 tekens'],
      [{ status: 'in_progress', reason: 'x'.repeat(256) }, 'reason', 'Maximaal 255 tekens'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.admin.put(`${M}/${id}`, { body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(422);
      expect(errorsOf(res)[field]).toEqual([message]);
    }
    expect((await detailOf(id)).status).toBe('open');
    expect((await t.admin.put(`${M}/999999`, { body: { status: 'resolved' } })).statusCode).toBe(404);
    expect((await t.visitor.put(`${M}/${id}`, { body: { status: 'resolved' } })).statusCode).toBe(401);
    expect((await t.mechanic.put(`${M}/${id}`, { body: { status: 'resolved' } })).statusCode).toBe(403);
    expect((await t.customerA.client.put(`${M}/${id}`, { body: { status: 'resolved' } })).statusCode).toBe(403);
    expect((await t.admin.put(`${M}/${id}`, { body: { status: 'resolved' }, csrf: false })).statusCode).toBe(419);
    // Through the spec's `_method` form too.
    const form = await t.admin.post(`${M}/${id}`, { body: { _method: 'PUT', status: 'in_progress' }, as: 'form' });
    expect(form.statusCode, form.body).toBe(200);
    expect((form.json().data as MalfunctionDetail).status).toBe('in_progress');
  });
});
