import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LatestReportsSchema, MachineReportSchema, type MachineReport } from '@keurwijzer/shared/reports';
import { TEXT } from '@keurwijzer/shared/texts';
import { and, eq } from 'drizzle-orm';
import { machineQuestionnaires } from '../../db/schema/machines';
import { createMachine, createPlacementChain, createQuestionnaire, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { makeReport } from '../completed-reports/completed-reports.test-helpers';
import { JUNK_IDS } from './machines.test-helpers';

/**
 * A machine's reports (GET .../machines/:id/reports) and its latest submitted report per
 * inspection type (GET .../machines/:id/latest-reports), for the office.
 */
const t = useTestApp();
const url = (customerId: number | string, machineId: number | string, what = 'reports') =>
  `/api/customers/${customerId}/machines/${machineId}/${what}`;

async function reportsOf(customerId: number, machineId: number) {
  const res = await t.admin.get(url(customerId, machineId));
  expect(res.statusCode, res.body).toBe(200);
  return z.array(MachineReportSchema.strict()).parse((res.json() as { data: unknown }).data);
}
async function latestOf(customerId: number, machineId: number) {
  const res = await t.admin.get(url(customerId, machineId, 'latest-reports'));
  expect(res.statusCode, res.body).toBe(200);
  return LatestReportsSchema.parse((res.json() as { data: unknown }).data);
}

/** A machine with open and submitted reports of several types, and one of another machine. */
async function machineWithReports() {
  const c = await createPlacementChain(t.db, uniqueName('Machineklant'));
  const piet = (await t.signIn('mechanic', { firstName: 'Piet', lastName: uniqueName('Jansen') })).user;
  const machine = await createMachine(t.db, c);
  const at = (d: number) => new Date(Date.UTC(2026, 3, d, 8));
  const on = { machineId: machine.id, mechanicId: piet.id };
  const old = await makeReport(t, c, { ...on, submittedAt: at(1), plannedDate: '2026-04-01' });
  const recent = await makeReport(t, c, { ...on, submittedAt: at(20), plannedDate: '2026-04-20', notAtLocation: true });
  const safety = await makeReport(t, c, { ...on, type: 'safety', submittedAt: at(10), plannedDate: '2026-04-10' });
  const openLater = await makeReport(t, c, { ...on, open: true, plannedDate: '2026-05-01' });
  const openEarlier = await makeReport(t, c, { ...on, type: 'maintenance', open: true, plannedDate: '2026-04-25' });
  const other = await makeReport(t, c, { submittedAt: at(30) });
  return { c, piet, machine, old, recent, safety, openLater, openEarlier, other };
}

describe('GET /api/customers/:customerId/machines/:id/reports', () => {
  it('lists the open reports first, then the submitted ones newest first, with their fields', async () => {
    const s = await machineWithReports();
    const rows = await reportsOf(s.c.customer.id, s.machine.id);
    expect(rows.map((r) => r.id)).toEqual([
      s.openLater.reportId,
      s.openEarlier.reportId,
      s.recent.reportId,
      s.safety.reportId,
      s.old.reportId,
    ]);
    const recent = rows[2]!;
    expect(recent).toMatchObject<Partial<MachineReport>>({
      tasklist_id: s.recent.tasklistId,
      inspection_type: 'inspection',
      status: 'submitted',
      planned_date: '2026-04-20',
      submitted_at: '2026-04-20T08:00:00.000Z',
      filled_in_by_name: `Piet ${s.piet.lastName}`,
      not_at_location: true,
    });
    expect(recent.questionnaire_name).toMatch(/^Vragenlijst/);
    expect(rows[0]).toMatchObject({ status: 'open', submitted_at: null, filled_in_by_name: null });
    expect(rows.map((r) => r.id)).not.toContain(s.other.reportId);
  });

  it('answers an empty list for a machine without reports', async () => {
    const c = await createPlacementChain(t.db);
    const machine = await createMachine(t.db, c);
    expect(await reportsOf(c.customer.id, machine.id)).toEqual([]);
  });
});

describe('GET /api/customers/:customerId/machines/:id/latest-reports', () => {
  it('gives the latest submitted report per inspection type, null for a type without one', async () => {
    const s = await machineWithReports();
    expect(await latestOf(s.c.customer.id, s.machine.id)).toEqual({
      inspection: {
        id: s.recent.reportId,
        submitted_at: '2026-04-20T08:00:00.000Z',
        filled_in_by_name: `Piet ${s.piet.lastName}`,
      },
      safety: {
        id: s.safety.reportId,
        submitted_at: '2026-04-10T08:00:00.000Z',
        filled_in_by_name: `Piet ${s.piet.lastName}`,
      },
      // Only an open maintenance report: none submitted yet.
      maintenance: null,
    });
  });

  it('lists only the inspection types that apply: a questionnaire of the type, or a submitted report of it', async () => {
    const c = await createPlacementChain(t.db, uniqueName('Machineklant'));
    const machine = await createMachine(t.db, c);
    // No questionnaire, no report: nothing applies (no "Nog geen" that reads as overdue).
    expect(await latestOf(c.customer.id, machine.id)).toStrictEqual({});

    // A safety questionnaire: safety applies, none submitted yet; maintenance does not apply.
    const safety = await createQuestionnaire(t.db, { inspectionType: 'safety', categories: 1, questions: 1 });
    await t.db
      .insert(machineQuestionnaires)
      .values({ machineId: machine.id, inspectionType: 'safety', questionnaireId: safety.questionnaire.id });
    expect(await latestOf(c.customer.id, machine.id)).toStrictEqual({ safety: null });

    // A submitted inspection report whose questionnaire was unlinked since: inspection still applies.
    const made = await makeReport(t, c, { machineId: machine.id, submittedAt: new Date(Date.UTC(2026, 3, 2, 8)) });
    await t.db
      .delete(machineQuestionnaires)
      .where(
        and(eq(machineQuestionnaires.machineId, machine.id), eq(machineQuestionnaires.inspectionType, 'inspection')),
      );
    const latest = await latestOf(c.customer.id, machine.id);
    expect(latest).toStrictEqual({
      inspection: { id: made.reportId, submitted_at: '2026-04-02T08:00:00.000Z', filled_in_by_name: null },
      safety: null,
    });
    // In the spec's key order of INSPECTION_TYPES.
    expect(Object.keys(latest)).toEqual(['inspection', 'safety']);
  });
});

describe("a machine's reports: refusals", () => {
  const whats = ['reports', 'latest-reports'];

  it('sends the session lookup and one statement, however many reports', async () => {
    const s = await machineWithReports();
    const few = await createMachine(t.db, s.c);
    for (const what of whats) {
      await t.expectConstantStatements(url(s.c.customer.id, few.id, what), url(s.c.customer.id, s.machine.id, what), 2);
    }
  });

  it("answers 404 for a machine of another customer (A's machine under B), a missing machine or junk ids", async () => {
    const a = await machineWithReports();
    const b = await createPlacementChain(t.db);
    for (const what of whats) {
      for (const [customerId, machineId] of [
        [b.customer.id, a.machine.id],
        [a.c.customer.id, 999_999],
        ...JUNK_IDS.map((id) => [a.c.customer.id, id]),
        ...JUNK_IDS.map((id) => [id, a.machine.id]),
      ] as [number | string, number | string][]) {
        const res = await t.admin.get(url(customerId, machineId, what));
        expect(res.statusCode, `${what} ${customerId}/${machineId}`).toBe(404);
        expect(res.json()).toEqual({ message: TEXT.notFound, errors: {} });
      }
    }
  });

  it('is for admins: 401 without a session, 403 to mechanics and the customer users of both customers, own machine or not', async () => {
    const a = await makeReport(t, t.customerA.chain);
    const b = await makeReport(t, t.customerB.chain);
    for (const what of whats) {
      for (const [chain, made] of [
        [t.customerA.chain, a],
        [t.customerB.chain, b],
      ] as const) {
        const path = url(chain.customer.id, made.machineId, what);
        expect((await t.superAdmin.get(path)).statusCode).toBe(200);
        expect((await t.admin.get(path, { csrf: false })).statusCode).toBe(200);
        const anonymous = await t.visitor.get(path);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toEqual({ message: TEXT.unauthenticated, errors: {} });
        for (const client of [t.mechanic, t.customerA.client, t.customerB.client]) {
          const res = await client.get(path);
          expect(res.statusCode, `${what} ${path}`).toBe(403);
          expect(res.json()).toEqual({ message: TEXT.forbidden, errors: {} });
        }
      }
    }
  });
});
