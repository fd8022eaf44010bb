import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DueState } from '@keurwijzer/shared/compliance';
import {
  OwnSummarySchema,
  SUMMARY_COUNTS,
  summaryListQuery,
  type OwnSummary,
  type SummaryCount,
} from '@keurwijzer/shared/overview';
import type { OwnMachine } from '@keurwijzer/shared/portal';
import { inspectionIntervals } from '../../db/schema/compliance';
import { machines } from '../../db/schema/machines';
import { reports } from '../../db/schema/tasklists';
import { createLocation, createMachine, createMachineType, type PlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';

/**
 * The customer's summary and the lists its numbers open: every number of GET /api/machines/summary
 * is the total of "Mijn machines" (GET /api/machines) with the query the screen links it to
 * (`summaryListQuery`), for every location and for the whole customer. The customer has concept,
 * Niet actief and archived machines besides machines in every due state, at two locations.
 */
const t = useTestApp();
const api = reportsApi(t);

let typeId: number;
let second: PlacementChain;
const ids = { concept: [] as number[], archived: [] as number[] };

/** A machine of the interval type with a submitted report (Goed or Afkeur). */
async function inspected(place: PlacementChain, verdict: 'good' | 'reject') {
  const { machine, reportId } = await plannedReport(t, place, {
    categories: 1,
    questions: 1,
    values: { machineTypeId: typeId },
  });
  const report = await api.read(reportId);
  await api.answer(reportId, report.categories[0]!.questions[0]!.id, { option: verdict === 'good' ? 1 : 2 });
  await api.submit(reportId);
  return { machineId: machine.id, reportId };
}

/** Its report submitted 12 months less 10 days ago: due within DUE_SOON_DAYS. */
async function dueSoon(place: PlacementChain) {
  const { machineId, reportId } = await inspected(place, 'good');
  await t.db
    .update(reports)
    .set({ submittedAt: sql`${reports.submittedAt} - interval '12 months' + interval '10 days'` })
    .where(eq(reports.id, reportId));
  await t.db.execute(sql`select refresh_machine_due(array[${machineId}]::int[])`);
}

beforeAll(async () => {
  const first = t.customerA.chain;
  second = { ...first, location: await createLocation(t.db, first.customer.id, 'Tweede hal') };
  typeId = (await createMachineType(t.db)).id;
  await t.db.insert(inspectionIntervals).values({ machineTypeId: typeId, inspectionType: 'inspection', months: 12 });
  const withInterval = { machineTypeId: typeId };

  for (const place of [first, second]) {
    // Waiting for an admin, never inspected (so "overdue" in machine_due): not the customer's to see.
    for (let i = 0; i < 2; i++)
      ids.concept.push((await createMachine(t.db, place, { ...withInterval, status: 'concept' })).id);
    // Archived, overdue and afgekeurd: gone from the customer's lists.
    ids.archived.push((await createMachine(t.db, place, { ...withInterval, archivedAt: new Date() })).id);
    const rejected = await inspected(place, 'reject');
    await t.db.update(machines).set({ archivedAt: new Date() }).where(eq(machines.id, rejected.machineId));
    ids.archived.push(rejected.machineId);
    // Niet actief: no due state, but the customer's and in its list.
    await createMachine(t.db, place, { ...withInterval, status: 'inactive' });
    // Never inspected: overdue.
    await createMachine(t.db, place, withInterval);
    // Inspected: afgekeurd, in order, due soon.
    await inspected(place, 'reject');
    await inspected(place, 'good');
    await dueSoon(place);
  }
  // At the first location also: afgekeurd and then taken out of use, a machine without an interval,
  // and a second overdue one.
  const stopped = await inspected(first, 'reject');
  await t.db.update(machines).set({ status: 'inactive' }).where(eq(machines.id, stopped.machineId));
  await createMachine(t.db, first);
  await createMachine(t.db, first, withInterval);
  // Another customer's overdue machine.
  await createMachine(t.db, t.customerB.chain, withInterval);
});

async function summary(): Promise<OwnSummary> {
  const res = await t.customerA.client.get('/api/machines/summary');
  expect(res.statusCode, res.body).toBe(200);
  return OwnSummarySchema.parse(res.json().data);
}

/** "Mijn machines" with `query`, as the customer's screen asks it: its total and rows. */
async function list(query: Record<string, string | number>) {
  const asked = Object.fromEntries(Object.entries({ ...query, itemsPerPage: 100 }).map(([k, v]) => [k, String(v)]));
  const res = await t.customerA.client.get('/api/machines', { query: asked });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: OwnMachine[]; meta: { total: number } };
  return { total: body.meta.total, rows: body.data };
}

/** The due states each number counts, as the list shows them per machine. */
const STATES: Record<SummaryCount, DueState[]> = {
  machines: ['rejected', 'overdue', 'due_soon', 'up_to_date', 'none'],
  in_order: ['due_soon', 'up_to_date'],
  overdue: ['overdue'],
  rejected: ['rejected'],
  no_interval: ['none'],
};

describe('the customer summary and the lists its numbers open', () => {
  it('counts what the customer sees: not the concept or archived machines, the Niet actief ones without a due state', async () => {
    const data = await summary();
    const chain = t.customerA.chain;
    expect(data.locations).toEqual(
      [
        {
          location_id: chain.location.id,
          location_name: chain.location.name,
          machines: 8,
          in_order: 2,
          overdue: 2,
          rejected: 1,
          no_interval: 3,
        },
        {
          location_id: second.location.id,
          location_name: 'Tweede hal',
          machines: 5,
          in_order: 2,
          overdue: 1,
          rejected: 1,
          no_interval: 1,
        },
      ].sort((a, b) => a.location_name.localeCompare(b.location_name)),
    );
    expect(data.attention_total).toBe(5);
    const hidden = new Set([...ids.concept, ...ids.archived]);
    expect(data.attention.filter((a) => hidden.has(a.machine_id))).toEqual([]);
  });

  it('every number of every location is the total of the list it links to, with the machines in that state', async () => {
    const data = await summary();
    for (const location of data.locations) {
      expect(location.machines).toBe(location.in_order + location.overdue + location.rejected + location.no_interval);
      for (const count of SUMMARY_COUNTS) {
        const query = summaryListQuery(count, location.location_id);
        const { total, rows } = await list(query);
        expect(total, `${location.location_name} ${count}`).toBe(location[count]);
        for (const row of rows) {
          expect(STATES[count], `${count}: ${row.id}`).toContain(row.due_state);
          expect(row.location_id).toBe(location.location_id);
        }
      }
    }
  });

  it("the customer's totals: the lists without a location, and the attention list within them", async () => {
    const data = await summary();
    for (const count of SUMMARY_COUNTS) {
      const sum = data.locations.reduce((n, l) => n + l[count], 0);
      expect((await list(summaryListQuery(count))).total, count).toBe(sum);
    }
    const overdue = await list(summaryListQuery('overdue'));
    const rejected = await list(summaryListQuery('rejected'));
    expect(data.attention_total).toBe(overdue.total + rejected.total);
    const listed = new Set([...overdue.rows, ...rejected.rows].map((m) => m.id));
    for (const a of data.attention) expect(listed.has(a.machine_id), String(a.machine_id)).toBe(true);
    // No list holds a machine the customer does not see.
    const all = await list({});
    const hidden = new Set([...ids.concept, ...ids.archived]);
    expect(all.rows.filter((m) => hidden.has(m.id))).toEqual([]);
  });

  it('refuses a due-state filter that is no state of the list (422)', async () => {
    const res = await t.customerA.client.get('/api/machines', { query: { due_state: 'verlopen' } });
    expect(res.statusCode).toBe(422);
  });
});
