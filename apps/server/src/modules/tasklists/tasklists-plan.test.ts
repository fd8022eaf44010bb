import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TasklistCandidateSchema, TasklistDetailSchema, TASKLIST_TEXT } from '@keurwijzer/shared/tasklists';
import { reports } from '../../db/schema/tasklists';
import { createLocation, createMachine, createPlacementChain } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { answerFirstQuestion, item, storedCopy, tasklistsApi } from './tasklists.test-helpers';

/**
 * Planning machines on a task list: the candidates of its location, a report per machine with a
 * copy of its questionnaire (one statement whatever the size), refusals with a Dutch reason,
 * taking a machine off again while its report is untouched.
 */
const t = useTestApp();
const api = tasklistsApi(t);

/** The copy of a report as stored: categories in order, each with its questions in order. */
async function copyOf(reportId: number) {
  return (await storedCopy(t, reportId)).categories.map((c) => ({
    name: c.name,
    position: c.position,
    skipped: c.skipped,
    questions: c.questions.map((q) => ({
      name: q.name,
      options: q.answerOptions,
      memo: q.memoTitle,
      position: q.position,
    })),
  }));
}

describe('GET /api/tasklists/:id/candidates', () => {
  it('lists the machines at the location with place, type, questionnaire and whether they can be planned', async () => {
    const c = await createPlacementChain(t.db);
    const { machine: ok, built } = await api.machineWith(c, {
      values: { departmentId: c.department.id, roomId: c.room.id },
    });
    const { machine: otherType } = await api.machineWith(c, { type: 'safety' });
    const inactive = (await api.machineWith(c, { values: { status: 'inactive' } })).machine;
    const concept = (await api.machineWith(c, { values: { status: 'concept' } })).machine;
    await createMachine(t.db, c, { archivedAt: new Date() });
    const elsewhere = await createLocation(t.db, c.customer.id);
    await createMachine(t.db, { customer: c.customer, location: elsewhere });
    const list = await api.create(c);

    const res = await t.mechanic.get(`${item(list.id)}/candidates`);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json().data as unknown[]).map((x) => TasklistCandidateSchema.strict().parse(x));
    expect(data.map((x) => x.id).sort()).toEqual([ok.id, otherType.id, inactive.id, concept.id].sort());
    expect(data.find((x) => x.id === ok.id)).toEqual({
      id: ok.id,
      name: ok.name,
      inventory_number: ok.inventoryNumber,
      status: 'active',
      department_id: c.department.id,
      department_name: c.department.name,
      room_id: c.room.id,
      room_name: c.room.name,
      machine_type_name: null,
      last_report_date: null,
      questionnaire_id: built.questionnaire.id,
      questionnaire_name: built.questionnaire.name,
      report_id: null,
      open_malfunctions: 0,
      // No machine type, so no interval: nothing due.
      due_date: null,
      due_state: 'none',
      plannable: true,
      reason: null,
    });
    expect(data.find((x) => x.id === otherType.id)).toMatchObject({
      plannable: false,
      reason: TASKLIST_TEXT.noQuestionnaire,
      questionnaire_id: null,
    });
    expect(data.find((x) => x.id === inactive.id)).toMatchObject({
      plannable: false,
      reason: TASKLIST_TEXT.machineInactive,
    });
    expect(data.find((x) => x.id === concept.id)).toMatchObject({ plannable: true });

    // Once planned it says so (its report), and is not offered again.
    const planned = await api.plan(list.id, [ok.id]);
    const again = (await t.mechanic.get(`${item(list.id)}/candidates`)).json().data as { id: number }[];
    expect(again.find((x) => x.id === ok.id)).toMatchObject({
      report_id: planned.machines[0]!.report_id,
      plannable: false,
      reason: null,
    });
  });

  it("gives the date of the machine's latest submitted report of the list's type", async () => {
    const c = await createPlacementChain(t.db);
    const { machine } = await api.machineWith(c);
    const older = await api.create(c);
    await api.plan(older.id, [machine.id]);
    await t.db
      .update(reports)
      .set({ status: 'submitted', submittedAt: new Date('2025-03-04T10:00:00Z') })
      .where(eq(reports.tasklistId, older.id));
    const list = await api.create(c);
    const data = (await t.mechanic.get(`${item(list.id)}/candidates`)).json().data as TasklistCandidate[];
    expect(data.find((x) => x.id === machine.id)?.last_report_date).toBe('2025-03-04');
    // Of another type it does not count.
    const safety = await api.create(c, { inspection_type: 'safety' });
    const other = (await t.mechanic.get(`${item(safety.id)}/candidates`)).json().data as TasklistCandidate[];
    expect(other.find((x) => x.id === machine.id)?.last_report_date).toBeNull();
  });
});

type TasklistCandidate = { id: number; last_report_date: string | null };

describe('POST /api/tasklists/:id/machines', () => {
  it('creates a report per machine with a copy of its questionnaire, in order', async () => {
    const c = await createPlacementChain(t.db);
    const a = await api.machineWith(c, { categories: 2, questions: 3 });
    const b = await api.machineWith(c, { categories: 3, questions: 1 });
    const list = await api.create(c);
    const res = await t.mechanic.post(`${item(list.id)}/machines`, {
      body: { machine_ids: [a.machine.id, b.machine.id] },
      as: 'form',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 machines ingepland');
    const data = TasklistDetailSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({ status: 'planned', machines_count: 2, submitted_count: 0, questions_count: 9 });
    const planned = data.machines.find((m) => m.machine_id === a.machine.id)!;
    expect(planned).toMatchObject({
      name: a.machine.name,
      questionnaire_name: a.built.questionnaire.name,
      report_status: 'open',
      questions_count: 6,
      answered_count: 0,
      filled_in_by: null,
      submitted_at: null,
      not_at_location: false,
    });
    const copy = await copyOf(planned.report_id);
    expect(copy).toHaveLength(2);
    expect(copy.map((x) => x.position)).toEqual([1, 2]);
    expect(copy[0]!.questions.map((q) => q.position)).toEqual([1, 2, 3]);
    expect(copy[0]!.questions[0]).toMatchObject({ options: ['Goed', 'Slecht'], memo: null });
  });

  it('leaves machines already planned as they are (a repeated request changes nothing)', async () => {
    const c = await createPlacementChain(t.db);
    const a = await api.machineWith(c);
    const list = await api.create(c);
    await api.plan(list.id, [a.machine.id]);
    const before = await api.snapshot();
    const res = await t.mechanic.post(`${item(list.id)}/machines`, {
      body: { machine_ids: [a.machine.id, a.machine.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Deze machines stonden al op de takenlijst');
    expect(await api.snapshot()).toEqual(before);
  });

  it('refuses the whole request with a Dutch reason per machine that cannot be planned (422)', async () => {
    const c = await createPlacementChain(t.db);
    const ok = await api.machineWith(c);
    const noQuestionnaire = await api.machineWith(c, { type: 'maintenance' });
    const archived = await api.machineWith(c, { values: { archivedAt: new Date() } });
    const other = await createPlacementChain(t.db);
    const foreign = await api.machineWith(other);
    const list = await api.create(c);
    const before = await api.snapshot();
    const res = await t.mechanic.post(`${item(list.id)}/machines`, {
      body: {
        machine_ids: [ok.machine.id, noQuestionnaire.machine.id, archived.machine.id, foreign.machine.id, 999_999],
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({
      machine_ids: [
        `${noQuestionnaire.machine.name}: ${TASKLIST_TEXT.noQuestionnaire}`,
        `${archived.machine.name}: ${TASKLIST_TEXT.machineArchived}`,
        `${foreign.machine.name}: ${TASKLIST_TEXT.notAtLocation}`,
        `Machine 999999: ${TASKLIST_TEXT.machineMissing}`,
      ],
    });
    expect(await api.snapshot()).toEqual(before);
  });

  it('answers 422 without machine ids or with junk', async () => {
    const c = await createPlacementChain(t.db);
    const list = await api.create(c);
    for (const body of [{}, { machine_ids: '' }, { machine_ids: ['abc'] }, { machine_ids: [] }]) {
      const res = await t.mechanic.post(`${item(list.id)}/machines`, { body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
      expect(Object.keys(errorsOf(res))[0]).toMatch(/^machine_ids/);
    }
  });
});

describe('DELETE /api/tasklists/:id/machines/:machineId', () => {
  it('takes a machine off the list with its report while nothing is answered, else 409', async () => {
    const c = await createPlacementChain(t.db);
    const a = await api.machineWith(c);
    const b = await api.machineWith(c);
    const list = await api.create(c);
    const planned = await api.plan(list.id, [a.machine.id, b.machine.id]);
    const res = await t.mechanic.delete(`${item(list.id)}/machines/${a.machine.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.machines.map((m: { machine_id: number }) => m.machine_id)).toEqual([b.machine.id]);
    expect(await copyOf(planned.machines.find((m) => m.machine_id === a.machine.id)!.report_id)).toEqual([]);

    // Again: it is not on the list any more.
    const again = await t.mechanic.delete(`${item(list.id)}/machines/${a.machine.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(TASKLIST_TEXT.notPlanned);

    // With an answer the report stays (also through the _method twin).
    await answerFirstQuestion(t, planned.machines.find((m) => m.machine_id === b.machine.id)!.report_id);
    const before = await api.snapshot();
    for (const r of [
      await t.mechanic.delete(`${item(list.id)}/machines/${b.machine.id}`),
      await t.mechanic.post(`${item(list.id)}/machines/${b.machine.id}`, { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toEqual({ message: TASKLIST_TEXT.removeWithAnswers, errors: {} });
    }
    expect(await api.snapshot()).toEqual(before);
  });
});
