import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MALFUNCTION_TEXT,
  MalfunctionDetailSchema,
  MalfunctionPlanOptionSchema,
  type MalfunctionDetail,
  type OwnMalfunction,
} from '@keurwijzer/shared/malfunctions';
import { ReportDetailSchema } from '@keurwijzer/shared/reports';
import { TASKLIST_TEXT } from '@keurwijzer/shared/tasklists';
import { malfunctionEvents, malfunctions } from '../../db/schema/malfunctions';
import { reports, tasklists } from '../../db/schema/tasklists';
import { createMalfunction, createPlacementChain, type PlacementChain } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi, submitPath } from '../reports/reports.test-helpers';
import { tasklistsApi } from '../tasklists/tasklists.test-helpers';

/**
 * "Inplannen": the open task lists a malfunction's machine can go on, planning it on one
 * or on a new list (the task lists' own plan path; the malfunction links the report, Open becomes
 * In behandeling), and the submit of that report resolving it. The race runs on PostgreSQL too
 * (server-pg): two plans at once link once.
 */
const t = useTestApp();
const lists = tasklistsApi(t);
const api = reportsApi(t);
const M = '/api/malfunctions';

/** A machine of customer A's own location with a maintenance questionnaire, and an Open malfunction on it. */
async function broken(
  opts: { chain?: PlacementChain; status?: 'open' | 'in_progress' | 'resolved' | 'withdrawn' } = {},
) {
  const chain = opts.chain ?? (await createPlacementChain(t.db));
  const { machine } = await lists.machineWith(chain, { type: 'maintenance', categories: 1, questions: 2 });
  const customer = opts.chain ? t.customerA : null;
  const m = await createMalfunction(
    t.db,
    { id: machine.id, customerId: chain.customer.id },
    { status: opts.status ?? 'open', reportedBy: customer?.user.id ?? null, description: 'Rem werkt niet' },
  );
  return { chain, machine, m };
}

const plan = (id: number | string, body: Record<string, unknown>, client = t.admin) =>
  client.post(`${M}/${id}/plan`, { body });

async function planned(id: number, body: Record<string, unknown>): Promise<MalfunctionDetail> {
  const res = await plan(id, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(MALFUNCTION_TEXT.planned);
  return MalfunctionDetailSchema.strict().parse(res.json().data);
}

const eventsOf = (id: number) => t.db.select().from(malfunctionEvents).where(eq(malfunctionEvents.malfunctionId, id));

describe('GET /api/malfunctions/:id/plan-options', () => {
  it('lists the unfinished lists of the machine’s location of a type it can go on, with the machine’s presence', async () => {
    const { chain, machine, m } = await broken();
    const maintenance = await lists.create(chain, { inspection_type: 'maintenance', planned_date: '2026-12-02' });
    const withMachine = await lists.create(chain, { inspection_type: 'maintenance', planned_date: '2026-12-01' });
    await lists.plan(withMachine.id, [machine.id]);
    // Not offered: a type without a questionnaire of the machine, another location.
    await lists.create(chain, { inspection_type: 'safety' });
    const elsewhere = await createPlacementChain(t.db);
    await lists.create(elsewhere, { inspection_type: 'maintenance' });

    const res = await t.admin.get(`${M}/${m.id}/plan-options`);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json().data as unknown[]).map((x) => MalfunctionPlanOptionSchema.strict().parse(x));
    expect(data).toEqual([
      {
        tasklist_id: withMachine.id,
        date: '2026-12-01',
        inspection_type: 'maintenance',
        mechanic_name: expect.stringContaining('Test') as string,
        has_machine: true,
      },
      {
        tasklist_id: maintenance.id,
        date: '2026-12-02',
        inspection_type: 'maintenance',
        mechanic_name: expect.stringContaining('Test') as string,
        has_machine: false,
      },
    ]);
  });

  it('is the office’s: 403 for a mechanic and a customer, 401 without a session, 404 for a missing one', async () => {
    const { m } = await broken();
    const path = `${M}/${m.id}/plan-options`;
    expect((await t.mechanic.get(path)).statusCode).toBe(403);
    expect((await t.customerA.client.get(path)).statusCode).toBe(403);
    expect((await t.visitor.get(path)).statusCode).toBe(401);
    expect((await t.admin.get(`${M}/999999/plan-options`)).statusCode).toBe(404);
    expect((await t.admin.get(`${M}/abc/plan-options`)).statusCode).toBe(404);
  });
});

describe('POST /api/malfunctions/:id/plan', () => {
  it('plans the machine on an existing open list: links its report, Open becomes In behandeling, events', async () => {
    const { chain, machine, m } = await broken();
    const list = await lists.create(chain, { inspection_type: 'maintenance', planned_date: '2026-12-03' });
    const data = await planned(m.id, { tasklist_id: list.id });

    const [report] = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.tasklistId, list.id), eq(reports.machineId, machine.id)));
    expect(report).toBeDefined();
    expect(data).toMatchObject({
      status: 'in_progress',
      planned: { tasklist_id: list.id, report_id: report!.id, date: '2026-12-03', report_status: 'open' },
    });
    expect(data.responded_at).not.toBeNull();
    expect(data.events.slice(-2)).toMatchObject([
      { kind: 'planned', report_id: report!.id },
      { kind: 'status', from_status: 'open', to_status: 'in_progress' },
    ]);
    // The report's copy is the task lists' own: its questions are there.
    const read = ReportDetailSchema.strict().parse(await api.read(report!.id));
    expect(read.categories[0]!.questions).toHaveLength(2);
    expect(read.malfunctions).toEqual([{ id: m.id, description: 'Rem werkt niet' }]);

    // The same plan again changes nothing.
    const again = await planned(m.id, { tasklist_id: list.id });
    expect(again.events).toHaveLength(data.events.length);
  });

  it('links the report of a machine already on the list, and keeps In behandeling as it is', async () => {
    const { chain, machine, m } = await broken({ status: 'in_progress' });
    const list = await lists.create(chain, { inspection_type: 'maintenance' });
    const before = await lists.plan(list.id, [machine.id]);
    const reportId = before.machines[0]!.report_id;
    const data = await planned(m.id, { tasklist_id: list.id });
    expect(data.planned?.report_id).toBe(reportId);
    expect(await t.db.select().from(reports).where(eq(reports.tasklistId, list.id))).toHaveLength(1);
    expect((await eventsOf(m.id)).map((e) => e.kind)).toEqual(['reported', 'planned']);
  });

  it('makes a new list of the location on the date, onderhoud by default, for the assignee', async () => {
    const { chain, machine, m } = await broken();
    const mechanic = await t.signIn('mechanic');
    expect((await t.admin.put(`${M}/${m.id}`, { body: { assigned_to: mechanic.user.id } })).statusCode).toBe(200);
    const data = await planned(m.id, { planned_date: '2026-12-24' });
    const [list] = await t.db.select().from(tasklists).where(eq(tasklists.id, data.planned!.tasklist_id));
    expect(list).toMatchObject({
      customerId: chain.customer.id,
      locationId: chain.location.id,
      inspectionType: 'maintenance',
      plannedDate: '2026-12-24',
      createdBy: mechanic.user.id,
      remarks: 'Storing: Rem werkt niet',
    });
    const [report] = await t.db.select().from(reports).where(eq(reports.id, data.planned!.report_id));
    expect(report).toMatchObject({ machineId: machine.id, inspectionType: 'maintenance' });
  });

  it('answers 409 once resolved or withdrawn, and when it is planned on another open report', async () => {
    for (const status of ['resolved', 'withdrawn'] as const) {
      const { m } = await broken({ status });
      const res = await plan(m.id, { planned_date: '2026-12-24' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(
        status === 'withdrawn' ? MALFUNCTION_TEXT.withdrawnByCustomer : MALFUNCTION_TEXT.closed,
      );
    }
    const { m } = await broken();
    await planned(m.id, { planned_date: '2026-12-24' });
    const count = (await t.db.select().from(tasklists)).length;
    const res = await plan(m.id, { planned_date: '2026-12-25' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(MALFUNCTION_TEXT.alreadyPlanned);
    // The refused plan left no list behind.
    expect(await t.db.select().from(tasklists)).toHaveLength(count);
  });

  it('answers 422 for a list of another location, a finished list, a type without questionnaire, or nothing chosen', async () => {
    const { chain, m } = await broken();
    const elsewhere = await createPlacementChain(t.db);
    const other = await lists.create(elsewhere, { inspection_type: 'maintenance' });
    let res = await plan(m.id, { tasklist_id: other.id });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).tasklist_id).toEqual([MALFUNCTION_TEXT.tasklistNotOpen]);
    expect((await plan(m.id, { tasklist_id: 999_999 })).statusCode).toBe(422);

    // A finished list: its only report submitted.
    const done = await lists.create(chain, { inspection_type: 'maintenance' });
    const { machine: fine } = await lists.machineWith(chain, { type: 'maintenance', categories: 1, questions: 1 });
    const doneReport = (await lists.plan(done.id, [fine.id])).machines[0]!.report_id;
    await api.answerAll(doneReport);
    await api.submit(doneReport);
    res = await plan(m.id, { tasklist_id: done.id });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).tasklist_id).toEqual([MALFUNCTION_TEXT.tasklistNotOpen]);

    res = await plan(m.id, { planned_date: '2026-12-24', inspection_type: 'safety' });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).inspection_type).toEqual([TASKLIST_TEXT.noQuestionnaire]);

    res = await plan(m.id, {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual(['planned_date']);
    res = await plan(m.id, { planned_date: '2026-02-30', inspection_type: 'keuring' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(['inspection_type', 'planned_date']);

    const [row] = await t.db.select().from(malfunctions).where(eq(malfunctions.id, m.id));
    expect(row).toMatchObject({ status: 'open', reportId: null });
  });

  it('is the office’s: 403, 401, 419 without the CSRF token, 404 for a missing one', async () => {
    const { m } = await broken();
    const body = { planned_date: '2026-12-24' };
    expect((await plan(m.id, body, t.mechanic)).statusCode).toBe(403);
    expect((await plan(m.id, body, t.customerA.client)).statusCode).toBe(403);
    expect((await plan(m.id, body, t.visitor)).statusCode).toBe(401);
    expect((await t.admin.post(`${M}/${m.id}/plan`, { body, csrf: false })).statusCode).toBe(419);
    expect((await plan(999_999, body)).statusCode).toBe(404);
    expect((await plan('abc', body)).statusCode).toBe(404);
  });

  it('links once when two plans arrive at once (one 200, one 409, one list made)', async () => {
    const { m } = await broken();
    const before = (await t.db.select().from(tasklists)).length;
    const answers = await Promise.all([
      plan(m.id, { planned_date: '2026-12-24' }),
      plan(m.id, { planned_date: '2026-12-27' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(await t.db.select().from(tasklists)).toHaveLength(before + 1);
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'planned')).toHaveLength(1);
  });
});

describe('submitting the planned report', () => {
  async function plannedReport(opts: { chain?: PlacementChain } = {}) {
    const b = await broken(opts);
    const data = await planned(b.m.id, { planned_date: '2026-12-24' });
    return { ...b, reportId: data.planned!.report_id };
  }

  it('resolves the chosen malfunctions: Opgelost by the mechanic, and the customer sees the report', async () => {
    const { m, reportId } = await plannedReport({ chain: t.customerA.chain });
    await api.answerAll(reportId);
    // As the web app sends it: form data, the key repeated per malfunction.
    const res = await t.mechanic.post(submitPath(reportId), {
      body: { resolve_malfunctions: [String(m.id)] },
      as: 'multipart',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ReportDetailSchema.strict().parse(res.json().data).malfunctions).toEqual([]);

    const detail = MalfunctionDetailSchema.parse((await t.admin.get(`${M}/${m.id}`)).json().data);
    expect(detail).toMatchObject({ status: 'resolved', planned: { report_id: reportId, report_status: 'submitted' } });
    expect(detail.resolved_at).not.toBeNull();
    expect(detail.events.at(-1)).toMatchObject({ kind: 'status', from_status: 'in_progress', to_status: 'resolved' });
    expect(detail.events.at(-1)!.by_name).toContain('Test');

    const own = (await t.customerA.client.get('/api/own-malfunctions')).json().data as OwnMalfunction[];
    expect(own.find((x) => x.id === m.id)).toMatchObject({ status: 'resolved', report: { id: reportId } });
  });

  it('leaves the malfunction as it is without the option', async () => {
    const { m, reportId } = await plannedReport();
    await api.answerAll(reportId);
    await api.submit(reportId);
    const [row] = await t.db.select().from(malfunctions).where(eq(malfunctions.id, m.id));
    expect(row).toMatchObject({ status: 'in_progress', reportId });
  });

  it('refuses a malfunction not planned on the report (422, nothing submitted); skips one closed meanwhile', async () => {
    const { reportId } = await plannedReport();
    const { m: other } = await broken();
    await api.answerAll(reportId);
    const res = await t.mechanic.post(submitPath(reportId), { body: { resolve_malfunctions: [other.id] } });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res).resolve_malfunctions).toEqual([MALFUNCTION_TEXT.notLinkedToReport]);
    expect((await api.read(reportId)).status).toBe('open');

    const { m, reportId: second } = await plannedReport();
    await t.admin.put(`${M}/${m.id}`, { body: { status: 'resolved' } });
    await api.answerAll(second);
    const ok = await t.mechanic.post(submitPath(second), { body: { resolve_malfunctions: [m.id] } });
    expect(ok.statusCode, ok.body).toBe(200);
    const statusEvents = (await eventsOf(m.id)).filter((e) => e.kind === 'status');
    expect(statusEvents.map((e) => e.toStatus)).toEqual(['in_progress', 'resolved']);
  });
});
