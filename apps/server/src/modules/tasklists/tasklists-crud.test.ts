import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TasklistDetailSchema, TasklistSchema, TASKLIST_TEXT } from '@keurwijzer/shared/tasklists';
import { MSG } from '@keurwijzer/shared/validation';
import { customers } from '../../db/schema/customers';
import { reports } from '../../db/schema/tasklists';
import { createLocation, createPlacementChain } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { C, answerFirstQuestion, item, tasklistBody, tasklistsApi } from './tasklists.test-helpers';

/** Creating, reading, editing and deleting a task list; its form's 422s; its derived status. */
const t = useTestApp();
const api = tasklistsApi(t);

describe('POST /api/tasklists', () => {
  it('creates a task list as form data, by the mechanic, with status Concept', async () => {
    const c = await createPlacementChain(t.db);
    for (const as of ['form', 'multipart', 'json'] as const) {
      const res = await t.mechanic.post(C, { body: tasklistBody(c, { planned_date: '31-12-2026' }), as });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Takenlijst is aangemaakt');
      const data = TasklistDetailSchema.strict().parse(res.json().data);
      expect(data).toMatchObject({
        customer_id: c.customer.id,
        customer_name: c.customer.name,
        location_id: c.location.id,
        location_name: c.location.name,
        inspection_type: 'inspection',
        planned_date: '2026-12-31',
        remarks: 'Achteringang gebruiken',
        status: 'concept',
        machines_count: 0,
        submitted_count: 0,
        questions_count: 0,
        created_by_name: expect.stringMatching(/^Test Gebruiker/),
        machines: [],
      });
    }
    // Admins may too.
    expect((await t.admin.post(C, { body: tasklistBody(c) })).statusCode).toBe(201);
  });

  it('answers 422 with the errors map', async () => {
    const c = await createPlacementChain(t.db);
    const other = await createPlacementChain(t.db);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        {},
        {
          customer_id: [MSG.required],
          location_id: [MSG.required],
          inspection_type: [MSG.required],
          planned_date: [MSG.required],
        },
      ],
      [
        tasklistBody(c, { inspection_type: 'schoonmaak', planned_date: '31-02-2026', customer_id: 'x' }),
        {
          customer_id: [MSG.invalidNumber],
          inspection_type: [MSG.invalidChoice],
          planned_date: [TASKLIST_TEXT.invalidDate],
        },
      ],
      [tasklistBody(c, { remarks: 'x'.repeat(256) }), { remarks: [MSG.maxText] }],
      [tasklistBody(c, { location_id: other.location.id }), { location_id: [TASKLIST_TEXT.locationOfCustomer] }],
      [tasklistBody(c, { customer_id: 999_999 }), { customer_id: [TASKLIST_TEXT.customerMissing] }],
    ];
    const before = await api.snapshot();
    for (const [body, errors] of cases) {
      const res = await t.mechanic.post(C, { body, as: 'form' });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual(errors);
    }
    const archived = await createPlacementChain(t.db);
    await t.db.update(customers).set({ archivedAt: new Date() }).where(eq(customers.id, archived.customer.id));
    const res = await t.mechanic.post(C, { body: tasklistBody(archived) });
    expect(errorsOf(res)).toEqual({ customer_id: [TASKLIST_TEXT.customerArchived] });
    expect(await api.snapshot()).toEqual(before);
  });
});

describe('GET /api/tasklists/:id', () => {
  it('answers the task list with its machines, and 404 for one that does not exist', async () => {
    const c = await createPlacementChain(t.db);
    const list = await api.create(c);
    const data = TasklistDetailSchema.strict().parse(await api.read(list.id, t.admin));
    expect(data).toEqual(list);
    const res = await t.mechanic.get(item(999_999));
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/tasklists/:id', () => {
  it('changes date and remarks always, customer, location and type only while nothing is planned (409)', async () => {
    const c = await createPlacementChain(t.db);
    const other = await createPlacementChain(t.db);
    const list = await api.create(c);
    // Nothing planned: everything may change.
    let res = await t.mechanic.put(item(list.id), { body: tasklistBody(other, { inspection_type: 'safety' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Takenlijst is gewijzigd',
      data: { customer_id: other.customer.id, inspection_type: 'safety' },
    });
    res = await t.mechanic.put(item(list.id), { body: tasklistBody(c) });
    const { machine } = await api.machineWith(c);
    await api.plan(list.id, [machine.id]);

    // The _method twin as the web sends it.
    res = await t.mechanic.post(item(list.id), {
      body: { ...tasklistBody(c, { planned_date: '2027-01-15', remarks: '' }), _method: 'PUT' },
      as: 'form',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ planned_date: '2027-01-15', remarks: null, machines_count: 1 });

    const before = await api.snapshot();
    for (const body of [
      tasklistBody(other),
      tasklistBody(c, { inspection_type: 'maintenance' }),
      tasklistBody(c, { location_id: other.location.id }),
    ]) {
      res = await t.mechanic.put(item(list.id), { body });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: TASKLIST_TEXT.fixedWhilePlanned, errors: {} });
    }
    // Still validated: a 422 on the form, a 404 for another id.
    res = await t.mechanic.put(item(list.id), { body: tasklistBody(c, { planned_date: 'morgen' }) });
    expect(errorsOf(res)).toEqual({ planned_date: [TASKLIST_TEXT.invalidDate] });
    expect((await t.mechanic.put(item(999_999), { body: tasklistBody(c) })).statusCode).toBe(404);
    expect(await api.snapshot()).toEqual(before);
  });
});

describe('DELETE /api/tasklists/:id', () => {
  it('deletes a list with its untouched reports, not one with an answer or a submitted report (409)', async () => {
    const c = await createPlacementChain(t.db);
    const { machine } = await api.machineWith(c);
    const untouched = await api.create(c);
    await api.plan(untouched.id, [machine.id]);
    let res = await t.mechanic.delete(item(untouched.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Takenlijst is verwijderd' });
    expect(await t.db.select().from(reports).where(eq(reports.tasklistId, untouched.id))).toEqual([]);
    expect((await t.mechanic.delete(item(untouched.id))).statusCode).toBe(404);

    const answered = await api.create(c);
    const planned = await api.plan(answered.id, [machine.id]);
    await answerFirstQuestion(t, planned.machines[0]!.report_id);
    const submitted = await api.create(c);
    await api.plan(submitted.id, [machine.id]);
    await t.db
      .update(reports)
      .set({ status: 'submitted', submittedAt: new Date() })
      .where(eq(reports.tasklistId, submitted.id));
    const before = await api.snapshot();
    for (const id of [answered.id, submitted.id]) {
      for (res of [
        await t.mechanic.delete(item(id)),
        await t.mechanic.post(item(id), { body: { _method: 'DELETE' }, as: 'form' }),
      ]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ message: TASKLIST_TEXT.deleteWithAnswers, errors: {} });
      }
    }
    expect(await api.snapshot()).toEqual(before);
  });
});

describe('what a task list refers to', () => {
  it('keeps its location from being deleted (409 with the reason)', async () => {
    const c = await createPlacementChain(t.db);
    const location = await createLocation(t.db, c.customer.id);
    await api.create({ ...c, location });
    const res = await t.admin.delete(`/api/customers/${c.customer.id}/locations/${location.id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Deze vestiging heeft 1 takenlijst en kan niet worden verwijderd.');
  });
});

describe('status, derived from the reports', () => {
  it('goes Concept -> Gepland -> In uitvoering -> Afgerond, in the list and the detail alike', async () => {
    const c = await createPlacementChain(t.db);
    const a = await api.machineWith(c);
    const b = await api.machineWith(c);
    const list = await api.create(c);
    const statusOf = async () => {
      const detail = await api.read(list.id);
      const res = await t.mechanic.get(`${C}?customer_id=${c.customer.id}`);
      const row = TasklistSchema.strict().parse(res.json().data.find((x: { id: number }) => x.id === list.id));
      const { machines: _machines, ...rest } = detail;
      expect(row).toEqual(rest);
      return { status: detail.status, progress: `${detail.submitted_count}/${detail.machines_count}` };
    };
    expect(await statusOf()).toEqual({ status: 'concept', progress: '0/0' });
    const planned = await api.plan(list.id, [a.machine.id, b.machine.id]);
    expect(await statusOf()).toEqual({ status: 'planned', progress: '0/2' });
    const [ra, rb] = planned.machines.map((m) => m.report_id) as [number, number];
    await answerFirstQuestion(t, ra);
    expect(await statusOf()).toEqual({ status: 'in_progress', progress: '0/2' });
    const submit = (id: number) =>
      t.db.update(reports).set({ status: 'submitted', submittedAt: new Date() }).where(eq(reports.id, id));
    await submit(ra);
    expect(await statusOf()).toEqual({ status: 'in_progress', progress: '1/2' });
    await submit(rb);
    expect(await statusOf()).toEqual({ status: 'completed', progress: '2/2' });
  });

  it('is In uitvoering with a submitted report and none answered otherwise', async () => {
    const c = await createPlacementChain(t.db);
    const a = await api.machineWith(c);
    const b = await api.machineWith(c);
    const list = await api.create(c);
    const planned = await api.plan(list.id, [a.machine.id, b.machine.id]);
    await t.db
      .update(reports)
      .set({ status: 'submitted', submittedAt: new Date() })
      .where(eq(reports.id, planned.machines[0]!.report_id));
    expect((await api.read(list.id)).status).toBe('in_progress');
  });
});
