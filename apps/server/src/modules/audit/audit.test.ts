import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditEvent } from '@keurwijzer/shared/audit';
import { auditEvents } from '../../db/schema/audit';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import type { TestClient } from '../../test/client';
import { createLocation, createPlacementChain } from '../../test/factories';
import { errorsOf, userBody } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { collection, item, machineBody } from '../machines/machines.test-helpers';
import { reportsApi } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';

/**
 * The audit trail: each change of an audited table is one row written by the
 * database in the change's transaction, with who (the request's user), before and after of the
 * changed fields and never a secret; read back as the office reads it (the machine's and the
 * report's history, the super admins' list and its xlsx).
 */
const t = useTestApp();
const reports = reportsApi(t);

type Page = { data: AuditEvent[]; meta: { total: number } };

async function trail(query: string, client: TestClient = t.superAdmin): Promise<AuditEvent[]> {
  const res = await client.get(`/api/audit?itemsPerPage=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Page).data;
}

const changeOf = (e: AuditEvent, field: string) => e.changes.find((c) => c.field === field);
const meOf = async (client: TestClient) =>
  ((await client.get('/api/authorized')).json() as { data: { id: number } }).data;

describe('audit trail: what is recorded', () => {
  it("records a customer's create and update with the admin who did it and the changed fields only", async () => {
    const created = await t.admin.post('/api/customers', {
      body: { name: 'Audit Metaal', customer_number: `AUD-${Date.now()}`, city: 'Delft' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const updated = await t.admin.put(`/api/customers/${id}`, {
      body: { ...created.json().data, name: 'Audit Metaal B.V.', city: 'Delft' },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const events = await trail(`entity=customer&entity_id=${id}`);
    const admin = await meOf(t.admin);
    expect(events.map((e) => e.action)).toEqual(['update', 'create']);
    expect(events.every((e) => e.actor?.id === admin.id && e.actor.name.length > 0)).toBe(true);
    expect(events[0]!.changes).toEqual([
      {
        field: 'name',
        label: 'Naam',
        before: 'Audit Metaal',
        after: 'Audit Metaal B.V.',
        before_text: 'Audit Metaal',
        after_text: 'Audit Metaal B.V.',
      },
    ]);
    expect(changeOf(events[1]!, 'city')).toMatchObject({ before: null, after: 'Delft' });
    expect(changeOf(events[1]!, 'updated_at')).toBeUndefined();
  });

  it("writes a machine's create, move, archive and approval into the machine's history, newest first", async () => {
    const c = await createPlacementChain(t.db);
    const second = await createLocation(t.db, c.customer.id, 'Hal 2');
    const created = await t.admin.post(collection(c.customer.id), { body: machineBody(c, { name: 'Kantbank' }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const path = item(c.customer.id, id);
    expect((await t.admin.post(`${path}/move`, { body: { location_id: second.id } })).statusCode).toBe(200);
    expect((await t.admin.post(`${path}/archive`)).statusCode).toBe(200);

    const res = await t.admin.get(`${path}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const events = (res.json() as Page).data;
    expect(events.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(events.every((e) => e.entity === 'machine' && e.machine_id === id && e.actor !== null)).toBe(true);
    expect(changeOf(events[0]!, 'archived_at')?.before).toBeNull();
    expect(changeOf(events[1]!, 'location_id')).toMatchObject({
      before: c.location.id,
      after: second.id,
      before_text: c.location.name,
      after_text: 'Hal 2',
    });
    expect(changeOf(events[2]!, 'name')?.after).toBe('Kantbank');
    // Codes read as their Dutch label, references by name.
    expect(changeOf(events[2]!, 'status')?.after_text).toBe('Actief');
    expect(changeOf(events[2]!, 'customer_id')?.after_text).toBe(c.customer.name);
  });

  it('records a report when planned, submitted and corrected, never for a saved answer', async () => {
    const planned = await plannedReport(t, t.customerA.chain, { categories: 1, questions: 2 });
    const mechanic = await meOf(t.mechanic);
    const before = await t.db.$count(auditEvents, eq(auditEvents.reportId, planned.reportId));
    await reports.answerAll(planned.reportId);
    expect(await t.db.$count(auditEvents, eq(auditEvents.reportId, planned.reportId))).toBe(before);
    await reports.submit(planned.reportId);
    const corrected = await t.admin.post(`/api/reports/${planned.reportId}/corrections`, {
      body: { reason: 'Verkeerde waarde' },
    });
    expect(corrected.statusCode, corrected.body).toBe(201);

    const res = await t.admin.get(`/api/reports/${planned.reportId}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const events = (res.json() as Page).data;
    const submit = events.find((e) => changeOf(e, 'status')?.after === 'submitted')!;
    expect(submit.actor?.id).toBe(mechanic.id);
    expect(changeOf(submit, 'verdict')).toMatchObject({ after: 'approved', after_text: 'Goedgekeurd' });
    expect(changeOf(submit, 'status')?.after_text).toBe('Ingediend');
    expect(events.at(-1)!.action).toBe('create');
    // The machine's history holds the report's events too.
    const machine = (
      await t.admin.get(`${item(t.customerA.chain.customer.id, planned.machine.id)}/history`)
    ).json() as Page;
    expect(machine.data.some((e) => e.entity === 'report' && e.entity_id === planned.reportId)).toBe(true);
  });

  it("records a user's role change and an admin's password reset without the hash, and a two-factor reset", async () => {
    const { user } = await t.signIn('mechanic');
    const edited = await t.admin.put(`/api/users/${user.id}`, {
      body: userBody({
        first_name: user.firstName,
        preposition: user.preposition,
        last_name: user.lastName,
        email: user.email,
        role: 'admin',
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.db
      .update(users)
      .set({ totpSecret: 'SECRET-NOT-FOR-THE-TRAIL', totpEnabledAt: new Date() })
      .where(eq(users.id, user.id));
    const reset = await t.admin.post(`/api/users/${user.id}/reset-two-factor`);
    expect(reset.statusCode, reset.body).toBe(200);

    const events = await trail(`entity=user&entity_id=${user.id}`);
    const role = events.find((e) => changeOf(e, 'role'))!;
    expect(changeOf(role, 'role')).toMatchObject({ before: 'mechanic', after: 'admin' });
    expect(role.actor?.id).toBe((await meOf(t.admin)).id);
    const twoFactor = events.find((e) => changeOf(e, 'totp_secret')?.after === null)!;
    expect(changeOf(twoFactor, 'totp_secret')).toMatchObject({ before: '[verborgen]', after: null });
    expect(twoFactor.actor).not.toBeNull();
    const created = events.find((e) => e.action === 'create')!;
    expect(changeOf(created, 'password_hash')?.after).toBe('[verborgen]');

    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const all = await t.db.execute(sql`select string_agg(changes::text, ' ') as text from audit_events`);
    const text = String((all as unknown as { rows: { text: string }[] }).rows[0]!.text);
    expect(text).not.toContain(row!.hash!);
    expect(text).not.toContain('SECRET-NOT-FOR-THE-TRAIL');
  });

  it('names the right user when two admins change customers at the same time (a busy pool)', async () => {
    const anna = await t.signIn('admin');
    const bert = await t.signIn('admin');
    const stamp = Date.now();
    const creates = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? anna : bert).client.post('/api/customers', {
          body: { name: `Gelijktijdig ${stamp} ${i}`, customer_number: `GT-${stamp}-${i}` },
        }),
      ),
    );
    expect(creates.map((r) => r.statusCode)).toEqual(Array<number>(24).fill(201));
    const events = await trail(`entity=customer&search=Gelijktijdig ${stamp}`);
    expect(events).toHaveLength(24);
    for (const e of events) {
      const i = Number(/ (\d+)$/.exec(String(changeOf(e, 'name')!.after))![1]);
      expect(e.actor?.id, `customer ${i}`).toBe(i % 2 ? anna.user.id : bert.user.id);
    }
  });

  it('writes in the transaction of the change: a change rolled back leaves no row', async () => {
    const count = () => t.db.$count(auditEvents, eq(auditEvents.entity, 'customer'));
    const before = await count();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(customers).values({ name: 'Teruggedraaid', customerNumber: `RB-${Date.now()}` });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await count()).toBe(before);
  });

  it('is append-only: an update, delete or truncate of the trail is refused by the database', async () => {
    await t.admin.post('/api/customers', { body: { name: `Vast ${Date.now()}`, customer_number: `V-${Date.now()}` } });
    await expect(t.db.execute(sql`update audit_events set action = 'delete'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await t.db.$count(auditEvents)).toBeGreaterThan(0);
  });
});

describe('audit trail: who may read it', () => {
  it('lists the trail for super admins only: 401 without a session, 403 for admins, mechanics and customers', async () => {
    expect((await t.visitor.get('/api/audit')).statusCode).toBe(401);
    for (const client of [t.admin, t.mechanic, t.customerA.client]) {
      expect((await client.get('/api/audit')).statusCode).toBe(403);
      expect((await client.get('/api/audit/export')).statusCode).toBe(403);
    }
    expect((await t.superAdmin.get('/api/audit')).statusCode).toBe(200);
  });

  it("refuses a machine's history of another customer (404), to mechanics and customers (403), without a session (401)", async () => {
    const a = t.customerA.chain;
    const b = t.customerB.chain;
    const created = await t.admin.post(collection(a.customer.id), { body: machineBody(a) });
    const id = created.json().data.id as number;
    expect((await t.admin.get(`${collection(b.customer.id)}/${id}/history`)).statusCode).toBe(404);
    expect((await t.admin.get(`${collection(a.customer.id)}/999999/history`)).statusCode).toBe(404);
    expect((await t.mechanic.get(`${item(a.customer.id, id)}/history`)).statusCode).toBe(403);
    expect((await t.customerA.client.get(`${item(a.customer.id, id)}/history`)).statusCode).toBe(403);
    expect((await t.visitor.get(`${item(a.customer.id, id)}/history`)).statusCode).toBe(401);
    expect((await t.mechanic.get('/api/reports/1/history')).statusCode).toBe(403);
    expect((await t.admin.get('/api/reports/999999/history')).statusCode).toBe(404);
  });

  it('answers bad filters with 422 and the errors map, never a 500', async () => {
    for (const [query, field] of [
      ['entity=planet', 'entity'],
      ['from=2026-02-30', 'from'],
      ['from=gisteren', 'from'],
      ['from=2026-11-27&to=2026-11-01', 'to'],
      ['actor_id=-1', 'actor_id'],
      ['itemsPerPage=1000', 'itemsPerPage'],
    ] as const) {
      const res = await t.superAdmin.get(`/api/audit?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(errorsOf(res)[field], query).toBeDefined();
    }
    const history = await t.admin.get(`${item(t.customerA.chain.customer.id, 1)}/history?page=0`);
    expect(history.statusCode).toBe(422);
  });

  it('filters by user and Dutch days, and exports what the list shows as xlsx', async () => {
    const { client, user } = await t.signIn('super_admin', {
      firstName: 'Sanne',
      preposition: null,
      lastName: 'Export',
    });
    const created = await client.post('/api/customers', {
      body: { name: '=HYPERLINK("x") Export', customer_number: `EX-${Date.now()}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const mine = await trail(`actor_id=${user.id}&from=${today}&to=${today}`, client);
    expect(mine.map((e) => [e.entity, e.action, e.actor?.name])).toEqual([['customer', 'create', 'Sanne Export']]);
    expect(await trail(`actor_id=${user.id}&from=2000-01-01&to=2000-01-31`, client)).toEqual([]);

    const res = await client.get(`/api/audit/export?actor_id=${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/geschiedenis-\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Geschiedenis')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Tijdstip', 'Wie', 'Soort', 'Nummer', 'Actie', 'Wijzigingen']);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect([row.getCell(2).value, row.getCell(3).value, row.getCell(5).value]).toEqual([
      'Sanne Export',
      'Klant',
      'Aangemaakt',
    ]);
    // A name that looks like a formula stays text: the cell starts with its label.
    expect(row.getCell(6).formula).toBeUndefined();
    expect(String(row.getCell(6).value)).toMatch(/^Naam: =HYPERLINK\("x"\) Export/);
  });
});
