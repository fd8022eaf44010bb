import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { FollowupSchema, type Followup } from '@keurwijzer/shared/followups';
import { followups } from '../../db/schema/compliance';
import { malfunctionEvents, malfunctions } from '../../db/schema/malfunctions';
import { machines } from '../../db/schema/machines';
import { reportQuestions, reports } from '../../db/schema/tasklists';
import { createPlacementChain, type PlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import type { TestClient } from '../../test/client';
import { reportsApi } from '../reports/reports.test-helpers';
import { MISSING, plannedReport, tasklistsApi } from '../tasklists/tasklists.test-helpers';

/**
 * Follow-ups ("Acties"): written by the submit trigger, listed and handled by
 * the office. Every endpoint: success, 401, 403 (mechanic and customer), 419, 404, 409, 422.
 * Two office users acting on one follow-up at once: exactly one succeeds (server-pg really
 * overlaps them).
 */
const t = useTestApp();
const rep = reportsApi(t);
const lists = tasklistsApi(t);
const C = '/api/followups';
const item = (id: number | string, action: string) => `${C}/${id}/${action}`;

/**
 * A submitted report of a machine at `c` with two rejected answers: a choice "Slecht" with a
 * memo and a measurement 0,45 Ohm against max. 0,30 Ohm; returns its follow-ups (choice first).
 */
async function rejected(c?: PlacementChain) {
  c ??= await createPlacementChain(t.db);
  const planned = await plannedReport(t, c, { categories: 1, questions: 3 });
  const [q1, q2, q3] = (await rep.read(planned.reportId)).categories[0]!.questions;
  await t.db
    .update(reportQuestions)
    .set({ kind: 'measurement', unit: 'Ohm', maxValue: '0.30' })
    .where(eq(reportQuestions.id, q2!.id));
  await rep.answer(planned.reportId, q1!.id, { option: 2, memo: 'Kabel beschadigd' });
  await rep.answer(planned.reportId, q2!.id, { value: '0,45' });
  await rep.answer(planned.reportId, q3!.id, { option: 1 });
  await rep.submit(planned.reportId);
  const rows = await t.db.select().from(followups).where(eq(followups.reportId, planned.reportId));
  const byQuestion = (id: number) => rows.find((r) => r.reportQuestionId === id)!;
  return { c, ...planned, choice: byQuestion(q1!.id), measurement: byQuestion(q2!.id), q1: q1!, q2: q2! };
}

async function page(query = '', client: TestClient = t.admin) {
  const res = await client.get(`${C}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: unknown[]; meta: { total: number } };
  return { rows: body.data.map((x) => FollowupSchema.strict().parse(x)), meta: body.meta };
}

const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Followup; message: string };
};

describe('GET /api/followups', () => {
  it('lists the open follow-ups newest first with machine, report, question and what was found', async () => {
    const r = await rejected();
    const { rows } = await page(`?machine_id=${r.machine.id}`);
    expect(rows.map((x) => x.id).sort()).toEqual([r.choice.id, r.measurement.id].sort());
    const choice = rows.find((x) => x.id === r.choice.id)!;
    expect(choice).toMatchObject({
      status: 'open',
      machine: { id: r.machine.id, name: r.machine.name, inventory_number: r.machine.inventoryNumber },
      customer: { id: r.c.customer.id, name: r.c.customer.name },
      location: { id: r.c.location.id },
      report: { id: r.reportId, inspection_type: 'inspection' },
      question_name: r.q1.name,
      finding: { kind: 'choice', judgement: 'reject', memo: 'Kabel beschadigd' },
      done_by: null,
      malfunction_id: null,
      tasklist_id: null,
    });
    expect(choice.finding.text).toContain('Kabel beschadigd');
    expect(choice.report.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const measured = rows.find((x) => x.id === r.measurement.id)!;
    expect(measured.finding).toMatchObject({
      kind: 'measurement',
      judgement: 'reject',
      measurement: '0,45 Ohm',
      limits: 'max. 0,30 Ohm',
      text: '0,45 Ohm, grenswaarde max. 0,30 Ohm',
    });
    // Newest first over reports.
    const later = await rejected(r.c);
    const all = await page(`?customer_id=${r.c.customer.id}`);
    expect(all.rows.slice(0, 2).map((x) => x.report.id)).toEqual([later.reportId, later.reportId]);
    expect(all.meta.total).toBe(4);
    expect((await page(`?customer_id=${r.c.customer.id}&status=done`)).rows).toEqual([]);
  });

  it('422 for junk filters; 401; 403 for a mechanic and a customer', async () => {
    const res = await t.admin.get(`${C}?status=gone&customer_id=abc`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['customer_id', 'status']);
    expect((await t.visitor.get(C)).statusCode).toBe(401);
    expect((await t.mechanic.get(C)).statusCode).toBe(403);
    expect((await t.customerA.client.get(C)).statusCode).toBe(403);
    expect((await t.customerB.client.get(`${C}/open-count`)).statusCode).toBe(403);
  });
});

describe('GET /api/followups/open-count', () => {
  it('counts the open ones; a done one drops out', async () => {
    const before = (await t.admin.get(`${C}/open-count`)).json().data.count as number;
    const r = await rejected();
    expect((await t.admin.get(`${C}/open-count`)).json()).toEqual({ data: { count: before + 2 } });
    ok(await t.admin.post(item(r.choice.id, 'done')));
    expect((await t.admin.get(`${C}/open-count`)).json().data.count).toBe(before + 1);
    expect((await t.visitor.get(`${C}/open-count`)).statusCode).toBe(401);
    expect((await t.mechanic.get(`${C}/open-count`)).statusCode).toBe(403);
  });
});

describe('POST /api/followups/:id/done and /reopen', () => {
  it('closes with who, when and the note; reopens; 409 the second time', async () => {
    const r = await rejected();
    const done = ok(await t.admin.post(item(r.choice.id, 'done'), { body: { note: 'Kabel vervangen' } }));
    expect(done.message).toBe('Actie is afgehandeld');
    expect(done.data).toMatchObject({ status: 'done', done_note: 'Kabel vervangen' });
    expect(done.data.done_by_name).toBeTruthy();
    expect(done.data.done_at).not.toBeNull();
    const again = await t.admin.post(item(r.choice.id, 'done'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Deze actie is al afgehandeld.');
    const reopened = ok(await t.admin.post(item(r.choice.id, 'reopen')));
    expect(reopened.data).toMatchObject({ status: 'open', done_by: null, done_at: null, done_note: null });
    expect((await t.admin.post(item(r.choice.id, 'reopen'))).statusCode).toBe(409);
  });

  it('422 for a note too long; 401, 403, 419, 404', async () => {
    const r = await rejected();
    for (const action of ['done', 'reopen']) {
      expect((await t.visitor.post(item(r.choice.id, action))).statusCode).toBe(401);
      expect((await t.mechanic.post(item(r.choice.id, action))).statusCode).toBe(403);
      expect((await t.customerA.client.post(item(r.choice.id, action))).statusCode).toBe(403);
      expect((await t.admin.post(item(r.choice.id, action), { csrf: false })).statusCode).toBe(419);
      expect((await t.admin.post(item(MISSING, action))).statusCode).toBe(404);
      expect((await t.admin.post(item('abc', action))).statusCode).toBe(404);
    }
    const long = await t.admin.post(item(r.choice.id, 'done'), { body: { note: 'x'.repeat(256) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.note).toBeDefined();
  });

  it('two office users at once: one closes it, the other gets 409', async () => {
    const r = await rejected();
    const other = (await t.signIn('admin')).client;
    const answers = await Promise.all([
      t.admin.post(item(r.choice.id, 'done'), { body: { note: 'Eerste' } }),
      other.post(item(r.choice.id, 'done'), { body: { note: 'Tweede' } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(followups).where(eq(followups.id, r.choice.id));
    const winner = answers.find((a) => a.statusCode === 200)!.json().data as Followup;
    expect(row!.doneNote).toBe(winner.done_note);
  });
});

describe('POST /api/followups/:id/malfunction', () => {
  it('creates a malfunction of the machine with the finding, closes and links the follow-up', async () => {
    const r = await rejected();
    const mailsBefore = t.mailer.sent?.length ?? 0;
    const res = ok(await t.admin.post(item(r.measurement.id, 'malfunction')));
    expect(res.message).toBe('Storing is aangemaakt');
    expect(res.data.status).toBe('done');
    expect(res.data.malfunction_id).not.toBeNull();
    const [f] = await t.db.select().from(malfunctions).where(eq(malfunctions.id, res.data.malfunction_id!));
    expect(f).toMatchObject({ machineId: r.machine.id, customerId: r.c.customer.id, status: 'open' });
    expect(f!.description).toContain('0,45 Ohm, grenswaarde max. 0,30 Ohm');
    expect(res.data.done_note).toBe(`Storing #${f!.id} aangemaakt`);
    const events = await t.db.select().from(malfunctionEvents).where(eq(malfunctionEvents.malfunctionId, f!.id));
    expect(events.map((e) => e.kind)).toEqual(['reported']);
    expect(t.mailer.sent?.length ?? 0).toBe(mailsBefore);
    const again = await t.admin.post(item(r.measurement.id, 'malfunction'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Voor deze actie is al een storing aangemaakt.');
  });

  it('409 for a closed follow-up or an archived machine; 401, 403, 419, 404', async () => {
    const r = await rejected();
    ok(await t.admin.post(item(r.choice.id, 'done')));
    expect((await t.admin.post(item(r.choice.id, 'malfunction'))).statusCode).toBe(409);
    await t.db.update(machines).set({ archivedAt: new Date() }).where(eq(machines.id, r.machine.id));
    const gone = await t.admin.post(item(r.measurement.id, 'malfunction'));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('Deze machine is gearchiveerd of niet meer in gebruik.');
    expect((await t.visitor.post(item(r.measurement.id, 'malfunction'))).statusCode).toBe(401);
    expect((await t.mechanic.post(item(r.measurement.id, 'malfunction'))).statusCode).toBe(403);
    expect((await t.customerA.client.post(item(r.measurement.id, 'malfunction'))).statusCode).toBe(403);
    expect((await t.admin.post(item(r.measurement.id, 'malfunction'), { csrf: false })).statusCode).toBe(419);
    expect((await t.admin.post(item(MISSING, 'malfunction'))).statusCode).toBe(404);
  });

  it('two office users at once: one malfunction', async () => {
    const r = await rejected();
    const other = (await t.signIn('admin')).client;
    const answers = await Promise.all([
      t.admin.post(item(r.choice.id, 'malfunction')),
      other.post(item(r.choice.id, 'malfunction')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.$count(malfunctions, eq(malfunctions.machineId, r.machine.id))).toBe(1);
  });
});

describe('POST /api/followups/:id/reinspection', () => {
  it('on a new list of the date: plans the machine, links the list; a passing report closes it', async () => {
    const r = await rejected();
    const res = ok(await t.admin.post(item(r.choice.id, 'reinspection'), { body: { planned_date: '15-01-2027' } }));
    expect(res.message).toBe('Herkeuring is ingepland');
    expect(res.data).toMatchObject({ status: 'open', tasklist_date: '2027-01-15' });
    const list = await lists.read(res.data.tasklist_id!, t.admin);
    expect(list).toMatchObject({ location_id: r.c.location.id, inspection_type: 'inspection', remarks: 'Herkeuring' });
    expect(list.machines.map((m) => m.machine_id)).toEqual([r.machine.id]);
    const again = await t.admin.post(item(r.choice.id, 'reinspection'), { body: { planned_date: '2027-01-16' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Voor deze actie is al een herkeuring ingepland.');
    // The re-inspection passes: both follow-ups of the machine close.
    const reportId = list.machines[0]!.report_id;
    await rep.answerAll(reportId);
    await rep.submit(reportId);
    const after = await t.db.select().from(followups).where(eq(followups.machineId, r.machine.id));
    expect(after.map((f) => f.status)).toEqual(['done', 'done']);
  });

  it('on an open list of the location: offered by /tasklists, then planned on it', async () => {
    const r = await rejected();
    const open = await lists.create(r.c);
    const other = await lists.create(r.c, { inspection_type: 'safety' });
    const offered = await t.admin.get(item(r.choice.id, 'tasklists'));
    expect(offered.statusCode).toBe(200);
    const ids = (offered.json().data as { id: number }[]).map((x) => x.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(other.id);
    const res = ok(await t.admin.post(item(r.choice.id, 'reinspection'), { body: { tasklist_id: open.id } }));
    expect(res.data.tasklist_id).toBe(open.id);
    expect(await t.db.$count(reports, eq(reports.tasklistId, open.id))).toBe(1);
  });

  it('422 without a list or date, both, a bad date, or a list that does not fit', async () => {
    const r = await rejected();
    const elsewhere = await lists.create(await createPlacementChain(t.db));
    const safety = await lists.create(r.c, { inspection_type: 'safety' });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'tasklist_id'],
      [{ tasklist_id: elsewhere.id, planned_date: '2027-01-01' }, 'tasklist_id'],
      [{ planned_date: '31-02-2027' }, 'planned_date'],
      [{ tasklist_id: elsewhere.id }, 'tasklist_id'],
      [{ tasklist_id: safety.id }, 'tasklist_id'],
      [{ tasklist_id: MISSING }, 'tasklist_id'],
      [{ tasklist_id: 'abc' }, 'tasklist_id'],
    ];
    for (const [body, field] of cases) {
      const res = await t.admin.post(item(r.choice.id, 'reinspection'), { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toBeDefined();
    }
    expect((await t.db.select().from(followups).where(eq(followups.id, r.choice.id)))[0]!.tasklistId).toBeNull();
  });

  it('409 for a closed follow-up or a machine out of use; 401, 403, 419, 404', async () => {
    const r = await rejected();
    const body = { planned_date: '2027-02-01' };
    ok(await t.admin.post(item(r.choice.id, 'done')));
    expect((await t.admin.post(item(r.choice.id, 'reinspection'), { body })).statusCode).toBe(409);
    await t.db.update(machines).set({ status: 'inactive' }).where(eq(machines.id, r.machine.id));
    const inactive = await t.admin.post(item(r.measurement.id, 'reinspection'), { body });
    expect(inactive.statusCode).toBe(409);
    expect((await t.visitor.post(item(r.measurement.id, 'reinspection'), { body })).statusCode).toBe(401);
    expect((await t.mechanic.post(item(r.measurement.id, 'reinspection'), { body })).statusCode).toBe(403);
    expect((await t.customerA.client.post(item(r.measurement.id, 'reinspection'), { body })).statusCode).toBe(403);
    expect((await t.admin.post(item(r.measurement.id, 'reinspection'), { body, csrf: false })).statusCode).toBe(419);
    expect((await t.admin.post(item(MISSING, 'reinspection'), { body })).statusCode).toBe(404);
    expect((await t.admin.get(item(MISSING, 'tasklists'))).statusCode).toBe(404);
    expect((await t.mechanic.get(item(r.choice.id, 'tasklists'))).statusCode).toBe(403);
  });

  it('two office users at once: one re-inspection, one list', async () => {
    const r = await rejected();
    const other = (await t.signIn('admin')).client;
    const body = { planned_date: '2027-03-01' };
    const answers = await Promise.all([
      t.admin.post(item(r.choice.id, 'reinspection'), { body }),
      other.post(item(r.choice.id, 'reinspection'), { body }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.$count(reports, eq(reports.machineId, r.machine.id))).toBe(2);
  });
});
