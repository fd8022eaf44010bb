import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addMonths, COMPLIANCE_TEXT, type MachineDue } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import type { CustomerIntervalRow, IntervalSet, MachineIntervals } from '@keurwijzer/shared/intervals';
import { MachineSchema, type Machine } from '@keurwijzer/shared/machines';
import { OwnMachineDetailSchema, OwnMachineSchema } from '@keurwijzer/shared/portal';
import { reports } from '../../db/schema/tasklists';
import type { TestClient } from '../../test/client';
import { createMachine, createMachineType, createPlacementChain, type PlacementChain } from '../../test/factories';
import { errorsOf, getData } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';

/**
 * Intervals per machine type, customer and machine, the due state they give
 * through the triggers of migration 0022, and how the machine lists and screens show it.
 */
const t = useTestApp();
const api = reportsApi(t);
const MISSING = 999_999;

const typeUrl = (id: number | string) => `/api/machine-types/${id}/intervals`;
const customerUrl = (id: number | string) => `/api/customers/${id}/intervals`;
const machineUrl = (c: number | string, id: number | string) => `/api/customers/${c}/machines/${id}/intervals`;
const dueUrl = (c: number | string, id: number | string) => `/api/customers/${c}/machines/${id}/due`;

async function put<T>(url: string, body: Record<string, unknown>, client: TestClient = t.admin): Promise<T> {
  const res = await client.put(url, { body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}
const dueOf = (c: PlacementChain, machineId: number) =>
  getData<MachineDue[]>(t.admin, dueUrl(c.customer.id, machineId));

/** A machine type with these intervals (through the API). */
async function typeWith(set: Partial<Record<keyof IntervalSet, number | string>>) {
  const type = await createMachineType(t.db);
  await put(typeUrl(type.id), set);
  return type;
}

/** Moves a submitted report to a fixed Dutch day and lets the database recompute the machine's due rows. */
async function submittedOn(reportId: number, machineId: number, day: string) {
  await t.db
    .update(reports)
    .set({ submittedAt: sql`(${day}::date + time '12:00') at time zone 'Europe/Amsterdam'` })
    .where(eq(reports.id, reportId));
  await t.db.execute(sql`select refresh_machine_due(ARRAY[${machineId}]::int[])`);
}

describe('intervals per machine type', () => {
  it('reads none, saves, reads back, saves again and removes ("" = none)', async () => {
    const type = await createMachineType(t.db);
    expect(await getData<IntervalSet>(t.admin, typeUrl(type.id))).toEqual({
      inspection: null,
      maintenance: null,
      safety: null,
    });
    const res = await t.admin.put(typeUrl(type.id), { body: { inspection: '12', maintenance: '', safety: 6 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { inspection: 12, maintenance: null, safety: 6 },
      message: 'Intervallen zijn opgeslagen',
    });
    expect(await getData<IntervalSet>(t.admin, typeUrl(type.id))).toEqual({
      inspection: 12,
      maintenance: null,
      safety: 6,
    });
    await put(typeUrl(type.id), { inspection: 24, maintenance: 3, safety: '' });
    expect(await getData<IntervalSet>(t.admin, typeUrl(type.id))).toEqual({
      inspection: 24,
      maintenance: 3,
      safety: null,
    });
  });

  it('answers 422 with the errors map for months outside 1..120 or not whole', async () => {
    const type = await createMachineType(t.db);
    for (const bad of [0, 121, '1,5', 1.5, 'twaalf', -1, true]) {
      const res = await t.admin.put(typeUrl(type.id), { body: { inspection: bad } });
      expect(res.statusCode, `${String(bad)}: ${res.body}`).toBe(422);
      expect(errorsOf(res)).toEqual({ inspection: [COMPLIANCE_TEXT.intervalInvalid] });
    }
    for (const good of [1, 120, '120', ' 7 ']) {
      await put(typeUrl(type.id), { safety: good });
    }
  });

  it('refuses: 404 unknown type, 403 without master-data rights, 401 without session, 419 without CSRF', async () => {
    const type = await typeWith({ inspection: 12 });
    expect((await t.admin.get(typeUrl(MISSING))).statusCode).toBe(404);
    expect((await t.admin.put(typeUrl(MISSING), { body: { inspection: 12 } })).statusCode).toBe(404);
    expect((await t.admin.get(typeUrl('abc'))).statusCode).toBe(404);
    for (const client of [t.mechanic, t.customerA.client]) {
      expect((await client.get(typeUrl(type.id))).statusCode).toBe(403);
      expect((await client.put(typeUrl(type.id), { body: { inspection: 1 } })).statusCode).toBe(403);
    }
    expect((await t.visitor.get(typeUrl(type.id))).statusCode).toBe(401);
    expect((await t.visitor.put(typeUrl(type.id), { body: { inspection: 1 } })).statusCode).toBe(401);
    expect((await t.admin.put(typeUrl(type.id), { body: { inspection: 1 }, csrf: false })).statusCode).toBe(419);
    expect(await getData<IntervalSet>(t.admin, typeUrl(type.id))).toMatchObject({ inspection: 12 });
  });
});

describe('intervals per customer and per machine', () => {
  it('lists the machine types of its machines with the default and override; the override beats the type, the machine beats the customer', async () => {
    const c = await createPlacementChain(t.db);
    const type = await typeWith({ inspection: 12, safety: 24 });
    const machine = await createMachine(t.db, c, { machineTypeId: type.id });
    await createMachine(t.db, c, { machineTypeId: type.id, archivedAt: new Date() });
    const rows = await getData<CustomerIntervalRow[]>(t.admin, customerUrl(c.customer.id));
    expect(rows).toEqual([
      {
        machine_type_id: type.id,
        machine_type_name: type.name,
        machine_count: 1,
        defaults: { inspection: 12, maintenance: null, safety: 24 },
        overrides: { inspection: null, maintenance: null, safety: null },
      },
    ]);
    expect((await dueOf(c, machine.id)).map((d) => [d.inspection_type, d.interval_months, d.interval_source])).toEqual([
      ['inspection', 12, 'machine_type'],
      ['safety', 24, 'machine_type'],
    ]);

    const saved = await put<CustomerIntervalRow[]>(customerUrl(c.customer.id), {
      intervals: [{ machine_type_id: type.id, inspection: '6', maintenance: 3, safety: '' }],
    });
    expect(saved[0]!.overrides).toEqual({ inspection: 6, maintenance: 3, safety: null });
    expect((await getData<CustomerIntervalRow[]>(t.admin, customerUrl(c.customer.id)))[0]!.overrides).toEqual({
      inspection: 6,
      maintenance: 3,
      safety: null,
    });
    expect((await dueOf(c, machine.id)).map((d) => [d.inspection_type, d.interval_months, d.interval_source])).toEqual([
      ['inspection', 6, 'customer'],
      ['maintenance', 3, 'customer'],
      ['safety', 24, 'machine_type'],
    ]);

    // As the web's forms send it: the rows as JSON text in a form field.
    const res = await t.admin.put(customerUrl(c.customer.id), {
      body: {
        intervals: JSON.stringify([{ machine_type_id: type.id, inspection: '6', maintenance: '3', safety: '' }]),
      },
      as: 'form',
    });
    expect(res.statusCode, res.body).toBe(200);

    // The machine's own override beats the customer's.
    const mi = await put<MachineIntervals>(machineUrl(c.customer.id, machine.id), { inspection: 1, safety: '' });
    expect(mi).toEqual({
      overrides: { inspection: 1, maintenance: null, safety: null },
      inherited: {
        inspection: { months: 6, source: 'customer' },
        maintenance: { months: 3, source: 'customer' },
        safety: { months: 24, source: 'machine_type' },
      },
      effective: {
        inspection: { months: 1, source: 'machine' },
        maintenance: { months: 3, source: 'customer' },
        safety: { months: 24, source: 'machine_type' },
      },
    });
    expect(await getData<MachineIntervals>(t.admin, machineUrl(c.customer.id, machine.id))).toEqual(mi);
    expect((await dueOf(c, machine.id))[0]).toMatchObject({ interval_months: 1, interval_source: 'machine' });

    // Removing the overrides falls back again.
    await put(machineUrl(c.customer.id, machine.id), { inspection: '' });
    await put(customerUrl(c.customer.id), {
      intervals: [{ machine_type_id: type.id, inspection: '', maintenance: '', safety: '' }],
    });
    expect((await dueOf(c, machine.id)).map((d) => [d.inspection_type, d.interval_source])).toEqual([
      ['inspection', 'machine_type'],
      ['safety', 'machine_type'],
    ]);
  });

  it('answers 422 for bad months and unknown machine types, with the errors map', async () => {
    const c = await createPlacementChain(t.db);
    const type = await typeWith({ inspection: 12 });
    let res = await t.admin.put(customerUrl(c.customer.id), {
      body: { intervals: [{ machine_type_id: type.id, inspection: 200 }] },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({ 'intervals.0.inspection': [COMPLIANCE_TEXT.intervalInvalid] });
    res = await t.admin.put(customerUrl(c.customer.id), {
      body: { intervals: [{ machine_type_id: type.id }, { machine_type_id: MISSING, safety: 2 }] },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual(['intervals.1.machine_type_id']);
    res = await t.admin.put(customerUrl(c.customer.id), { body: { intervals: 'x' } });
    expect(res.statusCode, res.body).toBe(422);
    const machine = await createMachine(t.db, c, { machineTypeId: type.id });
    res = await t.admin.put(machineUrl(c.customer.id, machine.id), { body: { maintenance: 0 } });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({ maintenance: [COMPLIANCE_TEXT.intervalInvalid] });
  });

  it("refuses: 404 unknown customer or machine (or another customer's), 403, 401, 419", async () => {
    const a = await createPlacementChain(t.db);
    const b = await createPlacementChain(t.db);
    const machine = await createMachine(t.db, a);
    expect((await t.admin.get(customerUrl(MISSING))).statusCode).toBe(404);
    expect((await t.admin.put(customerUrl(MISSING), { body: { intervals: [] } })).statusCode).toBe(404);
    for (const url of [
      machineUrl(b.customer.id, machine.id),
      machineUrl(a.customer.id, MISSING),
      dueUrl(b.customer.id, machine.id),
    ]) {
      expect((await t.admin.get(url)).statusCode, url).toBe(404);
    }
    expect((await t.admin.put(machineUrl(b.customer.id, machine.id), { body: { inspection: 3 } })).statusCode).toBe(
      404,
    );
    const urls = [customerUrl(a.customer.id), machineUrl(a.customer.id, machine.id), dueUrl(a.customer.id, machine.id)];
    for (const client of [t.mechanic, t.customerA.client]) {
      for (const url of urls) expect((await client.get(url)).statusCode, url).toBe(403);
      expect((await client.put(urls[0]!, { body: { intervals: [] } })).statusCode).toBe(403);
      expect((await client.put(urls[1]!, { body: { inspection: 1 } })).statusCode).toBe(403);
    }
    for (const url of urls) expect((await t.visitor.get(url)).statusCode, url).toBe(401);
    expect((await t.visitor.put(urls[1]!, { body: { inspection: 1 } })).statusCode).toBe(401);
    expect((await t.admin.put(urls[0]!, { body: { intervals: [] }, csrf: false })).statusCode).toBe(419);
    expect((await t.admin.put(urls[1]!, { body: { inspection: 1 }, csrf: false })).statusCode).toBe(419);
    expect((await getData<MachineIntervals>(t.admin, urls[1]!)).overrides.inspection).toBeNull();
  });
});

describe('due dates and states', () => {
  it('a machine never inspected is Verlopen; after a passing submit it is In orde until the last day + interval', async () => {
    const c = await createPlacementChain(t.db);
    const type = await typeWith({ inspection: 12 });
    const { machine, reportId } = await plannedReport(t, c, {
      categories: 1,
      questions: 1,
      values: { machineTypeId: type.id },
    });
    const [before] = await dueOf(c, machine.id);
    expect(before).toMatchObject({ state: 'overdue', last_date: null, last_verdict: null, last_report_id: null });
    const listed = async () =>
      (await getData<Machine[]>(t.admin, `/api/customers/${c.customer.id}/machines`)).find((m) => m.id === machine.id)!;
    expect(await listed()).toMatchObject({ due_state: 'overdue' });

    await api.answerAll(reportId);
    await api.submit(reportId);
    const today = dutchToday();
    expect(await dueOf(c, machine.id)).toEqual([
      {
        inspection_type: 'inspection',
        interval_months: 12,
        interval_source: 'machine_type',
        last_report_id: reportId,
        last_date: today,
        last_verdict: 'approved',
        due_date: addMonths(today, 12),
        state: 'up_to_date',
      },
    ]);
    const m = await listed();
    expect(MachineSchema.strict().parse(m)).toMatchObject({
      due_state: 'up_to_date',
      next_due_date: addMonths(today, 12),
    });
  });

  it('computes month ends calendar-correct: 31 Jan + 1 month, 29 Feb + 12 months', async () => {
    const c = await createPlacementChain(t.db);
    const type = await typeWith({ inspection: 1, safety: 12 });
    const { machine, reportId } = await plannedReport(t, c, {
      categories: 1,
      questions: 1,
      values: { machineTypeId: type.id },
    });
    await api.answerAll(reportId);
    await api.submit(reportId);
    await submittedOn(reportId, machine.id, '2025-01-31');
    expect((await dueOf(c, machine.id))[0]).toMatchObject({
      last_date: '2025-01-31',
      due_date: '2025-02-28',
      state: 'overdue',
    });
    await submittedOn(reportId, machine.id, '2024-01-31');
    expect((await dueOf(c, machine.id))[0]).toMatchObject({ due_date: '2024-02-29' });

    const safety = await plannedReport(t, c, { type: 'safety', categories: 1, questions: 1 });
    await t.db.update(reports).set({ machineId: machine.id }).where(eq(reports.id, safety.reportId));
    await api.answerAll(safety.reportId);
    await api.submit(safety.reportId);
    await submittedOn(safety.reportId, machine.id, '2024-02-29');
    const due = await dueOf(c, machine.id);
    expect(due.find((d) => d.inspection_type === 'safety')).toMatchObject({
      last_date: '2024-02-29',
      due_date: '2025-02-28',
    });
  });

  it('filters and sorts the office list by due state and date (no date last), and the customer list too', async () => {
    const c = t.customerA.chain;
    const type = await typeWith({ inspection: 2 });
    const untyped = await createMachine(t.db, c, { name: 'Z-geen' });
    const overdue = await createMachine(t.db, c, { name: 'Z-verlopen', machineTypeId: type.id });
    const done = async (name: string, day: string, reject = false) => {
      const p = await plannedReport(t, c, { categories: 1, questions: 1, values: { machineTypeId: type.id, name } });
      const report = await api.read(p.reportId);
      await api.answer(p.reportId, report.categories[0]!.questions[0]!.id, { option: reject ? 2 : 1 });
      await api.submit(p.reportId);
      await submittedOn(p.reportId, p.machine.id, day);
      return p.machine;
    };
    const today = dutchToday();
    const plusDays = (n: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    // Inspected two months minus ten days ago: due in about ten days; today: due in two months.
    const soon = await done('Z-binnenkort', addMonths(plusDays(10), -2));
    const fine = await done('Z-in-orde', plusDays(0));
    const rejected = await done('Z-afgekeurd', plusDays(0), true);

    const list = async (client: TestClient, base: string, query: string) => {
      const res = await client.get(`${base}?itemsPerPage=100&search=Z-&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Machine[] }).data;
    };
    const office = `/api/customers/${c.customer.id}/machines`;
    for (const [state, machine] of [
      ['overdue', overdue],
      ['due_soon', soon],
      ['up_to_date', fine],
      ['rejected', rejected],
      ['none', untyped],
    ] as const) {
      for (const [client, base] of [
        [t.admin, office],
        [t.customerA.client, '/api/machines'],
      ] as const) {
        const rows = await list(client, base, `due_state=${state}`);
        expect(
          rows.map((m) => m.name),
          `${base} ${state}`,
        ).toEqual([machine.name]);
        expect(rows[0]!.due_state).toBe(state);
      }
    }
    const names = (rows: Machine[]) => rows.map((m) => m.name);
    const byDue = await list(t.admin, office, 'sortKey=next_due_date');
    expect(byDue.at(-1)!.name).toBe('Z-geen');
    expect(byDue.map((m) => m.next_due_date).slice(0, -1)).toEqual(
      [...byDue.map((m) => m.next_due_date).slice(0, -1)].sort(),
    );
    expect(names(await list(t.admin, office, 'sortKey=next_due_date&sortOrder=desc')).at(-1)).toBe('Z-geen');
    // Without a search (the unnarrowed path) the same order.
    const res = await t.admin.get(`${office}?itemsPerPage=100&sortKey=next_due_date`);
    expect(res.statusCode, res.body).toBe(200);
    const all = (res.json() as { data: Machine[] }).data.filter((m) => m.name.startsWith('Z-'));
    expect(names(all)).toEqual(names(byDue));
    expect((await t.admin.get(`${office}?due_state=late`)).statusCode).toBe(422);
    expect(errorsOf(await t.customerA.client.get('/api/machines?due_state=late'))).toHaveProperty('due_state');
  });
});

describe("a customer user sees only its own machines' due data", () => {
  let mineId: number;
  let theirsId: number;
  beforeAll(async () => {
    const type = await typeWith({ inspection: 12, maintenance: 6 });
    mineId = (await createMachine(t.db, t.customerA.chain, { machineTypeId: type.id, name: 'Eigen' })).id;
    theirsId = (await createMachine(t.db, t.customerB.chain, { machineTypeId: type.id, name: 'Ander' })).id;
  });

  it("gets due on its machine screen and in its list, never another customer's", async () => {
    const detail = OwnMachineDetailSchema.strict().parse(await getData(t.customerA.client, `/api/machines/${mineId}`));
    expect(detail.due.map((d) => [d.inspection_type, d.state])).toEqual([
      ['inspection', 'overdue'],
      ['maintenance', 'overdue'],
    ]);
    const page = await getData<unknown[]>(t.customerA.client, '/api/machines?itemsPerPage=100');
    const own = page.map((m) => OwnMachineSchema.strict().parse(m));
    expect(own.find((m) => m.id === mineId)).toMatchObject({ due_state: 'overdue' });
    expect(own.some((m) => m.id === theirsId)).toBe(false);
    expect((await t.customerA.client.get(`/api/machines/${theirsId}`)).statusCode).toBe(404);
    expect((await t.customerB.client.get(`/api/machines/${mineId}`)).statusCode).toBe(404);
    const b = await getData<{ due: MachineDue[] }>(t.customerB.client, `/api/machines/${theirsId}`);
    expect(b.due).toHaveLength(2);
    // The office's due route is not the customer's.
    expect((await t.customerA.client.get(dueUrl(t.customerA.chain.customer.id, mineId))).statusCode).toBe(403);
  });
});
