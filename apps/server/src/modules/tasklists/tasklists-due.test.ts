import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TasklistCandidateSchema, type TasklistCandidate } from '@keurwijzer/shared/tasklists';
import { inspectionIntervals } from '../../db/schema/compliance';
import { reports } from '../../db/schema/tasklists';
import { createMachine, createMachineType, createPlacementChain, type PlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi } from '../reports/reports.test-helpers';
import { MISSING, item, plannedReport, tasklistsApi } from './tasklists.test-helpers';

/**
 * Planning from due dates: the candidates' due date and state, the `due`
 * filter, "Alle verlopen inplannen" (POST /api/tasklists/:id/plan-due) and the create form's
 * count (GET /api/planning/due-count).
 */
const t = useTestApp();
const api = tasklistsApi(t);
const rep = reportsApi(t);

/**
 * A location with: an overdue machine (never inspected, 12 months), a rejected one, one up to
 * date (passed today), one without an interval, and one overdue without a questionnaire.
 */
async function location(c?: PlacementChain) {
  c ??= await createPlacementChain(t.db);
  const type = await createMachineType(t.db);
  await t.db.insert(inspectionIntervals).values({ machineTypeId: type.id, inspectionType: 'inspection', months: 12 });
  const typed = { machineTypeId: type.id };
  const { machine: overdue } = await api.machineWith(c, { values: { ...typed, name: 'B verlopen' } });
  const { machine: none } = await api.machineWith(c, { values: { name: 'A zonder interval' } });
  const noQuestionnaire = await createMachine(t.db, c, { ...typed, name: 'C zonder vragenlijst' });
  const passed = await plannedReport(t, c, { categories: 1, questions: 1, values: { ...typed, name: 'D in orde' } });
  await rep.answerAll(passed.reportId);
  await rep.submit(passed.reportId);
  const failed = await plannedReport(t, c, { categories: 1, questions: 1, values: { ...typed, name: 'E afgekeurd' } });
  const q = (await rep.read(failed.reportId)).categories[0]!.questions[0]!;
  await rep.answer(failed.reportId, q.id, { option: 2 });
  await rep.submit(failed.reportId);
  return { c, type, overdue, none, noQuestionnaire, upToDate: passed.machine, rejected: failed.machine };
}

async function candidates(listId: number, query = '') {
  const res = await t.mechanic.get(`${item(listId)}/candidates${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: unknown[] }).data.map((x) => TasklistCandidateSchema.strict().parse(x));
}
const byId = (rows: TasklistCandidate[], id: number) => rows.find((r) => r.id === id)!;

describe('candidates with their due state', () => {
  it('carries the due date and state of the list type; due=1 keeps the due ones, afgekeurd first', async () => {
    const m = await location();
    const list = await api.create(m.c);
    const all = await candidates(list.id);
    expect(byId(all, m.overdue.id).due_state).toBe('overdue');
    expect(byId(all, m.overdue.id).due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(byId(all, m.none.id)).toMatchObject({ due_state: 'none', due_date: null });
    expect(byId(all, m.upToDate.id).due_state).toBe('up_to_date');
    expect(byId(all, m.rejected.id).due_state).toBe('rejected');
    const due = await candidates(list.id, '?due=1');
    expect(due.map((r) => r.id)).toEqual([m.rejected.id, m.overdue.id, m.noQuestionnaire.id]);
    // Another type: no intervals, nothing due.
    const maintenance = await api.create(m.c, { inspection_type: 'maintenance' });
    expect(await candidates(maintenance.id, '?due=1')).toEqual([]);
  });

  it('a list of Keuring + onderhoud counts both types', async () => {
    const m = await location();
    const list = await api.create(m.c, { inspection_type: 'inspection_maintenance' });
    const due = await candidates(list.id, '?due=1');
    expect(due.map((r) => r.id).sort()).toEqual([m.overdue.id, m.noQuestionnaire.id, m.rejected.id].sort());
  });

  it('422 for a junk due flag', async () => {
    const m = await location();
    const list = await api.create(m.c);
    const res = await t.mechanic.get(`${item(list.id)}/candidates?due=maybe`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.due).toBeDefined();
  });
});

describe('POST /api/tasklists/:id/plan-due', () => {
  it('plans every due plannable machine in one request and names the ones it could not plan', async () => {
    const m = await location();
    // The rejected and passed machines have questionnaires of type inspection already (machineWith).
    const list = await api.create(m.c);
    const res = await t.mechanic.post(`${item(list.id)}/plan-due`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      data: { machines: { machine_id: number }[] };
      message: string;
      skipped: { id: number; reason: string }[];
    };
    expect(body.data.machines.map((x) => x.machine_id).sort()).toEqual([m.overdue.id, m.rejected.id].sort());
    expect(body.message).toBe('2 machines ingepland; 1 machine kon niet worden ingepland');
    expect(body.skipped).toEqual([
      { id: m.noQuestionnaire.id, name: 'C zonder vragenlijst', reason: expect.stringContaining('vragenlijst') },
    ]);
    // Again: nothing new; the one without a questionnaire is still named.
    const again = await t.mechanic.post(`${item(list.id)}/plan-due`);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Geen machines ingepland; 1 machine kon niet worden ingepland');
    expect(await t.db.$count(reports, eq(reports.tasklistId, list.id))).toBe(2);
  });

  it('nothing due: 200 with a message that says so', async () => {
    const c = await createPlacementChain(t.db);
    await api.machineWith(c);
    const list = await api.create(c);
    const res = await t.mechanic.post(`${item(list.id)}/plan-due`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Er zijn geen verlopen machines om in te plannen');
  });

  it('401, 403, 419, 404; two at once plan each machine once', async () => {
    const m = await location();
    const list = await api.create(m.c);
    expect((await t.visitor.post(`${item(list.id)}/plan-due`)).statusCode).toBe(401);
    expect((await t.customerA.client.post(`${item(list.id)}/plan-due`)).statusCode).toBe(403);
    expect((await t.mechanic.post(`${item(list.id)}/plan-due`, { csrf: false })).statusCode).toBe(419);
    expect((await t.mechanic.post(`${item(MISSING)}/plan-due`)).statusCode).toBe(404);
    const both = await Promise.all([
      t.mechanic.post(`${item(list.id)}/plan-due`),
      t.admin.post(`${item(list.id)}/plan-due`),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await t.db.$count(reports, eq(reports.tasklistId, list.id))).toBe(2);
  });
});

describe('GET /api/planning/due-count', () => {
  const path = (locationId: number | string, type = 'inspection') =>
    `/api/planning/due-count?location_id=${locationId}&inspection_type=${type}`;

  it('counts the due machines of a location for a type', async () => {
    const m = await location();
    const res = await t.mechanic.get(path(m.c.location.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { count: 3 } });
    expect((await t.admin.get(path(m.c.location.id, 'inspection_maintenance'))).json().data.count).toBe(3);
    expect((await t.admin.get(path(m.c.location.id, 'safety'))).json().data.count).toBe(0);
  });

  it('422 for a missing or unknown location and a junk type; 401; 403 for a customer', async () => {
    const m = await location();
    const missing = await t.mechanic.get('/api/planning/due-count?inspection_type=inspection');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.location_id).toEqual(['Verplicht']);
    const unknown = await t.mechanic.get(path(MISSING));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.location_id).toEqual(['Deze vestiging bestaat niet (meer)']);
    expect((await t.mechanic.get(path(m.c.location.id, 'repair'))).statusCode).toBe(422);
    expect((await t.visitor.get(path(m.c.location.id))).statusCode).toBe(401);
    expect((await t.customerA.client.get(path(t.customerA.chain.location.id))).statusCode).toBe(403);
  });
});
