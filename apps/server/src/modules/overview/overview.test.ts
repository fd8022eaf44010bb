import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, addMonths } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import {
  DueRowSchema,
  OVERVIEW_WINDOW_DAYS,
  OverviewSchema,
  OwnSummarySchema,
  type DueRow,
  type OwnSummary,
} from '@keurwijzer/shared/overview';
import { inspectionIntervals } from '../../db/schema/compliance';
import { machines } from '../../db/schema/machines';
import { reports } from '../../db/schema/tasklists';
import type { Db } from '../../db/client';
import {
  createCustomer,
  createLocation,
  createMachine,
  createMachineType,
  createMalfunction,
} from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { createOverviewRepository } from './overview.repository';

/**
 * The overviews: the office home, the Keuringsplanning and the customer's
 * summary, with machines in every state set up through intervals and submitted reports (a
 * report's submitted_at moved by SQL, then refresh_machine_due). A fresh database per file, so
 * the home's counts are exact.
 */
const t = useTestApp();
const api = reportsApi(t);

type Ids = Record<'overdue2' | 'rejected' | 'soon' | 'fine' | 'none' | 'archived' | 'otherOverdue', number>;
const m = {} as Ids;
let secondLocation: number;

async function submitted(place: typeof t.customerA.chain, typeId: number, verdict: 'good' | 'reject') {
  const { machine, reportId } = await plannedReport(t, place, {
    categories: 1,
    questions: 1,
    values: { machineTypeId: typeId },
  });
  const report = await api.read(reportId);
  for (const q of report.categories[0]!.questions)
    await api.answer(reportId, q.id, { option: verdict === 'good' ? 1 : 2 });
  await api.submit(reportId);
  return { machineId: machine.id, reportId };
}

beforeAll(async () => {
  const a = t.customerA.chain;
  const b = t.customerB.chain;
  const single = await createMachineType(t.db); // inspection every 12 months
  const double = await createMachineType(t.db); // inspection 12 and maintenance 6 months
  await t.db.insert(inspectionIntervals).values([
    { machineTypeId: single.id, inspectionType: 'inspection', months: 12 },
    { machineTypeId: double.id, inspectionType: 'inspection', months: 12 },
    { machineTypeId: double.id, inspectionType: 'maintenance', months: 6 },
  ]);
  // Never inspected, two types: overdue for both (one machine, two rows).
  m.overdue2 = (await createMachine(t.db, a, { machineTypeId: double.id, name: 'Kantbank A' })).id;
  // Afgekeurd.
  m.rejected = (await submitted(a, single.id, 'reject')).machineId;
  // Passed 12 months minus 10 days ago: due in 10 days (Binnenkort, within 4 weeks).
  const soon = await submitted(a, single.id, 'good');
  m.soon = soon.machineId;
  await t.db
    .update(reports)
    .set({ submittedAt: sql`${reports.submittedAt} - interval '12 months' + interval '10 days'` })
    .where(eq(reports.id, soon.reportId));
  await t.db.execute(sql`select refresh_machine_due(array[${m.soon}]::int[])`);
  // Passed today: in order for a year. It stands at a second location.
  secondLocation = (await createLocation(t.db, a.customer.id, 'Tweede vestiging')).id;
  m.fine = (await submitted(a, single.id, 'good')).machineId;
  await t.db.update(machines).set({ locationId: secondLocation }).where(eq(machines.id, m.fine));
  // No interval, and archived: not counted.
  m.none = (await createMachine(t.db, a)).id;
  m.archived = (await createMachine(t.db, a, { machineTypeId: single.id, archivedAt: new Date() })).id;
  // Customer B: one never inspected machine.
  m.otherOverdue = (await createMachine(t.db, b, { machineTypeId: single.id, name: 'Pers B' })).id;
  // Malfunctions: one open, one in progress, one resolved.
  const [ma, mb] = await t.db
    .select()
    .from(machines)
    .where(sql`${machines.id} in (${m.overdue2}, ${m.otherOverdue})`)
    .orderBy(machines.id);
  await createMalfunction(t.db, ma!);
  await createMalfunction(t.db, ma!, { status: 'resolved' });
  await createMalfunction(t.db, mb!, { status: 'in_progress' });
});

const rowsOf = async (query: string) => {
  const res = await t.admin.get(`/api/due${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: DueRow[]; meta: { total: number; lastPage: number } };
  for (const row of body.data) DueRowSchema.parse(row);
  return body;
};
/** The statements of a GET besides the session lookup: the overview's own. */
const appStatements = async (path: string, client = t.admin) =>
  (await t.statementsOf(path, client)).filter((s) => !/\bsessions\b/.test(s));
const keys = (rows: DueRow[]) => rows.map((r) => `${r.machine_id}:${r.inspection_type}`);

describe('GET /api/overview', () => {
  it('counts machines once, in their worst state, with the overdue ones per customer', async () => {
    const res = await t.admin.get('/api/overview');
    expect(res.statusCode, res.body).toBe(200);
    const data = OverviewSchema.parse(res.json().data);
    expect(data).toEqual({
      today: dutchToday(),
      overdue: 2,
      overdue_customer_count: 2,
      overdue_per_customer: [
        { customer_id: t.customerA.chain.customer.id, customer_name: t.customerA.chain.customer.name, count: 1 },
        { customer_id: t.customerB.chain.customer.id, customer_name: t.customerB.chain.customer.name, count: 1 },
      ],
      due_within_window: 1,
      rejected: 1,
      open_followups: 1,
      open_malfunctions: 2,
      malfunctions_open: 1,
      malfunctions_in_progress: 1,
    });
  });

  it('is one statement', async () => {
    expect(await appStatements('/api/overview')).toHaveLength(1);
  });

  it('401 without a session, 403 for a mechanic and a customer user', async () => {
    expect((await t.visitor.get('/api/overview')).statusCode).toBe(401);
    expect((await t.mechanic.get('/api/overview')).statusCode).toBe(403);
    expect((await t.customerA.client.get('/api/overview')).statusCode).toBe(403);
  });
});

describe('GET /api/due', () => {
  it('lists machine x type rows by due date, then machine, with their state', async () => {
    const all = await rowsOf('?itemsPerPage=100');
    expect(all.meta.total).toBe(6);
    expect(keys(all.data)).toEqual(
      expect.arrayContaining([`${m.overdue2}:inspection`, `${m.overdue2}:maintenance`, `${m.rejected}:inspection`]),
    );
    expect(keys(all.data)).not.toContain(`${m.archived}:inspection`);
    const dates = all.data.map((r) => `${r.due_date}:${String(r.machine_id).padStart(9, '0')}`);
    expect(dates).toEqual([...dates].sort());
    const soon = all.data.find((r) => r.machine_id === m.soon)!;
    expect(soon).toMatchObject({
      state: 'due_soon',
      last_verdict: 'approved',
      interval_months: 12,
      customer_id: t.customerA.chain.customer.id,
      location_name: t.customerA.chain.location.name,
    });
    expect(soon.last_date).not.toBeNull();
    expect(soon.due_date).toBe(addMonths(soon.last_date!, 12));
    const rejected = all.data.find((r) => r.machine_id === m.rejected)!;
    expect(rejected).toMatchObject({
      state: 'rejected',
      last_verdict: 'rejected',
      due_date: addMonths(dutchToday(), 12),
    });
  });

  it('filters by state, customer, location, type and the coming days', async () => {
    expect(keys((await rowsOf('?state=overdue')).data)).toEqual([
      `${m.overdue2}:inspection`,
      `${m.overdue2}:maintenance`,
      `${m.otherOverdue}:inspection`,
    ]);
    const a = t.customerA.chain.customer.id;
    expect(keys((await rowsOf(`?state=overdue&customer_id=${a}`)).data)).toEqual([
      `${m.overdue2}:inspection`,
      `${m.overdue2}:maintenance`,
    ]);
    expect(keys((await rowsOf('?state=rejected')).data)).toEqual([`${m.rejected}:inspection`]);
    expect(keys((await rowsOf('?state=due_soon')).data)).toEqual([`${m.soon}:inspection`]);
    expect(keys((await rowsOf('?state=up_to_date')).data)).toEqual([`${m.fine}:inspection`]);
    expect(keys((await rowsOf('?due_within_days=28')).data)).toEqual([`${m.soon}:inspection`]);
    expect(keys((await rowsOf('?due_within_days=5')).data)).toEqual([]);
    expect(keys((await rowsOf('?inspection_type=maintenance')).data)).toEqual([`${m.overdue2}:maintenance`]);
    expect(keys((await rowsOf(`?location_id=${secondLocation}`)).data)).toEqual([`${m.fine}:inspection`]);
    expect(keys((await rowsOf('?search=kantbank')).data)).toEqual([
      `${m.overdue2}:inspection`,
      `${m.overdue2}:maintenance`,
    ]);
    expect(keys((await rowsOf(`?search=${encodeURIComponent(t.customerB.chain.customer.name)}`)).data)).toEqual([
      `${m.otherOverdue}:inspection`,
    ]);
    expect(keys((await rowsOf(`?customer_id=${t.customerB.chain.customer.id}`)).data)).toEqual([
      `${m.otherOverdue}:inspection`,
    ]);
  });

  it('pages with the total; past the last page it is empty with the total', async () => {
    const first = await rowsOf('?state=overdue&itemsPerPage=2');
    const second = await rowsOf('?state=overdue&itemsPerPage=2&page=2');
    expect(first.meta).toMatchObject({ total: 3, lastPage: 2 });
    expect(keys([...first.data, ...second.data])).toEqual(keys((await rowsOf('?state=overdue')).data));
    const past = await rowsOf('?state=overdue&itemsPerPage=2&page=5');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(3);
  });

  it('is one statement', async () => {
    expect(await appStatements('/api/due?state=overdue')).toHaveLength(1);
  });

  it('422 with the errors per field for bad filters', async () => {
    const res = await t.admin.get(
      '/api/due?state=bogus&customer_id=abc&location_id=-1&inspection_type=x&due_within_days=0&itemsPerPage=1000&page=0',
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(
      ['customer_id', 'due_within_days', 'inspection_type', 'itemsPerPage', 'location_id', 'page', 'state'].sort(),
    );
    expect((await t.admin.get('/api/due?due_within_days=1.5')).statusCode).toBe(422);
    expect((await t.admin.get('/api/due?state=none')).statusCode).toBe(422);
  });

  it('401 without a session, 403 for a mechanic and a customer user', async () => {
    expect((await t.visitor.get('/api/due')).statusCode).toBe(401);
    expect((await t.mechanic.get('/api/due')).statusCode).toBe(403);
    expect((await t.customerA.client.get('/api/due?state=overdue')).statusCode).toBe(403);
  });
});

describe('GET /api/machines/summary', () => {
  it("gives the customer's own locations, machines needing attention and open malfunctions", async () => {
    const res = await t.customerA.client.get('/api/machines/summary');
    expect(res.statusCode, res.body).toBe(200);
    const data = OwnSummarySchema.parse(res.json().data);
    const chain = t.customerA.chain;
    expect(data.locations).toEqual(
      expect.arrayContaining([
        {
          location_id: chain.location.id,
          location_name: chain.location.name,
          // The machine without an interval is one of them too (archived ones are not).
          machines: 4,
          in_order: 1,
          overdue: 1,
          rejected: 1,
          no_interval: 1,
        },
        {
          location_id: secondLocation,
          location_name: 'Tweede vestiging',
          machines: 1,
          in_order: 1,
          overdue: 0,
          rejected: 0,
          no_interval: 0,
        },
      ]),
    );
    expect(data.locations).toHaveLength(2);
    expect(data.attention.map((a) => [a.machine_id, a.state])).toEqual([
      [m.rejected, 'rejected'],
      [m.overdue2, 'overdue'],
    ]);
    expect(data.attention_total).toBe(2);
    expect(data.open_malfunctions).toBe(1);
  });

  it("never shows another customer's machines", async () => {
    const res = await t.customerB.client.get('/api/machines/summary');
    expect(res.statusCode, res.body).toBe(200);
    const data = OwnSummarySchema.parse(res.json().data);
    expect(data.locations).toEqual([
      expect.objectContaining({ location_id: t.customerB.chain.location.id, machines: 1, in_order: 0, overdue: 1 }),
    ]);
    expect(data.attention.map((a) => a.machine_id)).toEqual([m.otherOverdue]);
    expect(data.open_malfunctions).toBe(1);
  });

  it('is one statement', async () => {
    expect(await appStatements('/api/machines/summary', t.customerA.client)).toHaveLength(1);
  });

  it('lists the first 10 of many: afgekeurd first, then by due date and id; the total counts them all', async () => {
    // The machines' summary columns are set directly (what refresh_machine_due keeps), in a
    // transaction that is rolled back: the other tests' exact counts stay as they are.
    const today = '2026-06-15';
    type Spec = { date: string | null; rejected?: boolean; archived?: boolean; at: 0 | 1 };
    const specs: Spec[] = [
      // 12 afgekeurd, due dates before and after today, with ties (broken by id).
      ...['2026-09-01', '2026-01-10', '2026-06-15', '2027-02-01', '2026-01-10', '2026-03-03'].map((date) => ({
        date,
        rejected: true,
        at: 0 as const,
      })),
      ...['2026-04-04', '2025-12-31', '2026-08-08', '2026-01-10', '2026-05-05', '2026-02-02'].map((date) => ({
        date,
        rejected: true,
        at: 1 as const,
      })),
      // 12 overdue (due today or before), all earlier than most afgekeurd ones, with ties.
      ...['2025-01-01', '2026-06-15', '2025-06-01', '2025-01-01', '2026-02-28', '2024-12-12'].map((date) => ({
        date,
        at: 0 as const,
      })),
      ...['2025-03-03', '2025-01-01', '2026-06-14', '2025-09-09', '2024-11-11', '2026-01-01'].map((date) => ({
        date,
        at: 1 as const,
      })),
      // In order (due tomorrow or later), no interval, and archived (earliest of all): not attention.
      { date: '2026-06-16', at: 0 },
      { date: '2027-01-01', at: 1 },
      { date: null, at: 0 },
      { date: '2020-01-01', rejected: true, archived: true, at: 0 },
      { date: '2020-01-01', archived: true, at: 1 },
    ];
    const rollback = new Error('rollback');
    const outcome = await t.db
      .transaction(async (tx) => {
        const db = tx as unknown as Db;
        const customer = await createCustomer(db);
        // Named so that the second location sorts first.
        const places = [
          { customer, location: await createLocation(db, customer.id, 'Z-vestiging') },
          { customer, location: await createLocation(db, customer.id, 'A-vestiging') },
        ];
        const made = [];
        for (const spec of specs) {
          const archivedAt = spec.archived ? new Date() : null;
          made.push({ ...spec, id: (await createMachine(db, places[spec.at]!, { archivedAt })).id });
        }
        // Only the two summary columns: a change of archived_at/status/type/place would refresh them.
        for (const mm of made)
          await db
            .update(machines)
            .set({
              nextDueDate: mm.date,
              dueRejected: mm.rejected ?? false,
            })
            .where(eq(machines.id, mm.id));
        const repo = createOverviewRepository(db);
        const first = await repo.summary(customer.id, { today, soonDays: 30 });
        // Only 3 afgekeurd left: they come first, then the 7 earliest overdue.
        const unrejected = made.filter((mm) => mm.rejected && !mm.archived).slice(3);
        for (const mm of unrejected)
          await db
            .update(machines)
            .set({ dueRejected: false, nextDueDate: '2030-01-01' })
            .where(eq(machines.id, mm.id));
        for (const mm of unrejected) Object.assign(mm, { rejected: false, date: '2030-01-01' });
        const second = await repo.summary(customer.id, { today, soonDays: 30 });
        throw Object.assign(rollback, { result: { first, second, made, places } });
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
        return (e as Error & { result: never }).result as {
          first: OwnSummary;
          second: OwnSummary;
          made: (Spec & { id: number })[];
          places: { location: { id: number } }[];
        };
      });
    const expected = (made: (Spec & { id: number })[]) => {
      const attention = made
        .filter((mm) => !mm.archived && mm.date !== null && (mm.rejected || mm.date <= today))
        .sort((a, b) => Number(!!b.rejected) - Number(!!a.rejected) || a.date!.localeCompare(b.date!) || a.id - b.id);
      return {
        ids: attention.slice(0, 10).map((mm) => [mm.id, mm.rejected ? 'rejected' : 'overdue']),
        total: attention.length,
      };
    };
    // The first read, against the machines as they were then (12 + 12 needing attention).
    const before = specs.map((spec, i) => ({ ...spec, id: outcome.made[i]!.id }));
    const one = expected(before);
    OwnSummarySchema.parse(outcome.first);
    expect(one.total).toBe(24);
    expect(outcome.first.attention.map((a) => [a.machine_id, a.state])).toEqual(one.ids);
    expect(outcome.first.attention.map((a) => a.due_date)).toEqual(
      one.ids.map(([id]) => before.find((mm) => mm.id === id)!.date),
    );
    expect(outcome.first.attention_total).toBe(24);
    const [z, a] = outcome.places.map((p) => p.location.id);
    expect(outcome.first.locations).toEqual([
      {
        location_id: a,
        location_name: 'A-vestiging',
        machines: 13,
        in_order: 1,
        overdue: 6,
        rejected: 6,
        no_interval: 0,
      },
      {
        location_id: z,
        location_name: 'Z-vestiging',
        machines: 14,
        in_order: 1,
        overdue: 6,
        rejected: 6,
        no_interval: 1,
      },
    ]);
    const two = expected(outcome.made);
    expect(two.ids.filter(([, state]) => state === 'rejected')).toHaveLength(3);
    expect(outcome.second.attention.map((x) => [x.machine_id, x.state])).toEqual(two.ids);
    expect(outcome.second.attention_total).toBe(15);
  });

  it('401 without a session, 403 for the office and mechanics', async () => {
    expect((await t.visitor.get('/api/machines/summary')).statusCode).toBe(401);
    expect((await t.admin.get('/api/machines/summary')).statusCode).toBe(403);
    expect((await t.mechanic.get('/api/machines/summary')).statusCode).toBe(403);
  });
});

describe('kept counts (overview_counts, migrations 0025 and 0042; follow-ups in kept_counts)', () => {
  /** The counts as the triggers keep them, and as counted from scratch as of `day` and `window`. */
  const kept = () =>
    t.db.execute(sql`select customer_id, overdue, overdue_rows, rejected, due_soon from overview_counts
      where overdue <> 0 or overdue_rows <> 0 or rejected <> 0 or due_soon <> 0 order by customer_id`);
  const fresh = (day: string, window = OVERVIEW_WINDOW_DAYS) =>
    t.db.execute(sql`select customer_id, sum(o)::int as overdue, sum(r)::int as overdue_rows,
        sum(x)::int as rejected, sum(s)::int as due_soon from (
        select customer_id,
          (not due_rejected and next_due_date <= ${day}::date)::int as o, 0 as r, due_rejected::int as x,
          (not due_rejected and next_due_date > ${day}::date and next_due_date <= ${day}::date + ${window}::int)::int as s
          from machines where archived_at is null
        union all
        select customer_id, 0, 1, 0, 0 from machine_due where not rejected and due_date <= ${day}::date) x
      group by customer_id having sum(o) <> 0 or sum(r) <> 0 or sum(x) <> 0 or sum(s) <> 0 order by customer_id`);
  const rows = async (q: Promise<unknown>) => ((await q) as { rows: unknown[] }).rows;
  const followups = async () => ({
    kept: await rows(
      t.db.execute(sql`select key, n from kept_counts where key like 'followups:%' and n <> 0 order by key`),
    ),
    fresh: await rows(
      t.db.execute(sql`select 'followups:' || status as key, count(*)::int as n from followups
        group by status order by key`),
    ),
  });

  it('equal a count from scratch after the setup, an archive and a move', async () => {
    const today = dutchToday();
    expect(await rows(kept())).toEqual(await rows(fresh(today)));
    // The setup has one afgekeurd and one due-soon machine (the home's numbers come from here).
    const totals = (await rows(kept())) as { rejected: number; due_soon: number }[];
    expect(totals.reduce((n, r) => n + r.rejected, 0)).toBeGreaterThan(0);
    expect(totals.reduce((n, r) => n + r.due_soon, 0)).toBeGreaterThan(0);
    const extra = await createMachine(t.db, t.customerB.chain, { name: 'Extra' });
    await t.db.execute(
      sql`insert into machine_intervals (machine_id, inspection_type, months) values (${extra.id}, 'safety', 3)`,
    );
    await t.db
      .update(machines)
      .set({ customerId: t.customerA.chain.customer.id, locationId: t.customerA.chain.location.id })
      .where(eq(machines.id, extra.id));
    expect(await rows(kept())).toEqual(await rows(fresh(today)));
    await t.db.update(machines).set({ dueRejected: true }).where(eq(machines.id, extra.id));
    expect(await rows(kept())).toEqual(await rows(fresh(today)));
    await t.db.update(machines).set({ archivedAt: new Date() }).where(eq(machines.id, extra.id));
    expect(await rows(kept())).toEqual(await rows(fresh(today)));
    await t.db.delete(machines).where(eq(machines.id, extra.id));
    expect(await rows(kept())).toEqual(await rows(fresh(today)));
  });

  it('the clock moves by days, across the window and back, and a new window rebuilds', async () => {
    const today = dutchToday();
    // Back 13 months, forward by 20 days (the windows overlap), by 3 months (they do not), back to today.
    for (const day of [addMonths(today, -13), addDays(addMonths(today, -13), 20), addMonths(today, -10), today]) {
      await t.db.execute(sql`select overview_clock_set(${day}::date, ${OVERVIEW_WINDOW_DAYS}::int)`);
      expect(await rows(kept())).toEqual(await rows(fresh(day)));
    }
    await t.db.execute(sql`select overview_clock_set(${today}::date, 400)`);
    expect(await rows(kept())).toEqual(await rows(fresh(today, 400)));
    expect(await rows(kept())).not.toEqual(await rows(fresh(today)));
    // The home's reader puts its own window back.
    const home = OverviewSchema.parse((await t.admin.get('/api/overview')).json().data);
    expect(await rows(kept())).toEqual(await rows(fresh(today)));
    const open = ((await rows(kept())) as { due_soon: number }[]).reduce((n, r) => n + r.due_soon, 0);
    expect(home.due_within_window).toBe(open);
  });

  it('a clock left behind is moved to today by the next reader, with the same numbers', async () => {
    const before = OverviewSchema.parse((await t.admin.get('/api/overview')).json().data);
    const past = addMonths(dutchToday(), -13);
    await t.db.execute(sql`select overview_clock_set(${past}::date, ${OVERVIEW_WINDOW_DAYS}::int)`);
    expect(await rows(kept())).toEqual(await rows(fresh(past)));
    const after = OverviewSchema.parse((await t.admin.get('/api/overview')).json().data);
    expect(after).toEqual(before);
    expect(await rows(kept())).toEqual(await rows(fresh(dutchToday())));
    // The due list's kept total agrees with its rows.
    const list = await rowsOf('?state=overdue&itemsPerPage=100');
    expect(list.meta.total).toBe(list.data.length);
  });

  it('stay exact under concurrent changes and a clock move (on PostgreSQL: separate connections)', async () => {
    const today = dutchToday();
    const ids = (
      (await rows(t.db.execute(sql`select id from machines where archived_at is null order by id limit 6`))) as {
        id: number;
      }[]
    ).map((r) => r.id);
    expect(ids).toHaveLength(6);
    const changes = Array.from({ length: 24 }, (_, i) =>
      t.db.transaction(async (tx) => {
        const id = ids[i % ids.length]!;
        await tx
          .update(machines)
          .set({ nextDueDate: addDays(today, ((i * 11) % 70) - 30), dueRejected: i % 5 === 0 })
          .where(eq(machines.id, id));
      }),
    );
    const moves = [
      t.db.execute(sql`select overview_clock_set(${addDays(today, -3)}::date, ${OVERVIEW_WINDOW_DAYS}::int)`),
      t.db.execute(sql`select overview_clock_set(${today}::date, ${OVERVIEW_WINDOW_DAYS}::int)`),
    ];
    await Promise.all([...changes.slice(0, 12), moves[0], ...changes.slice(12)]);
    await moves[1];
    await t.db.execute(sql`select overview_clock_set(${today}::date, ${OVERVIEW_WINDOW_DAYS}::int)`);
    expect(await rows(kept())).toEqual(await rows(fresh(today)));
    // Put the machines back as they were (refresh_machine_due is their source of truth).
    await t.db.execute(sql`select refresh_machine_due(${sql.raw(`array[${ids.join(',')}]`)}::int[])`);
    expect(await rows(kept())).toEqual(await rows(fresh(today)));
  });

  it('follow-ups per status follow inserts, status changes and deletes', async () => {
    const start = await followups();
    expect(start.kept).toEqual(start.fresh);
    expect(start.kept).toContainEqual({ key: 'followups:open', n: expect.any(Number) });
    const [one] = (await rows(t.db.execute(sql`select id from followups where status = 'open' limit 1`))) as {
      id: number;
    }[];
    await t.db.execute(sql`update followups set status = 'done', done_at = now() where id = ${one!.id}`);
    const done = await followups();
    expect(done.kept).toEqual(done.fresh);
    await t.db.execute(sql`update followups set done_note = 'Nagekeken' where id = ${one!.id}`);
    expect((await followups()).kept).toEqual(done.kept);
    await t.db.execute(sql`update followups set status = 'open', done_at = null where id = ${one!.id}`);
    expect((await followups()).kept).toEqual(start.kept);
    const home = OverviewSchema.parse((await t.admin.get('/api/overview')).json().data);
    const open = start.fresh.find((r) => (r as { key: string }).key === 'followups:open') as { n: number };
    expect(home.open_followups).toBe(open.n);
  });
});
