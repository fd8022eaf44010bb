import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TasklistStatus } from '@keurwijzer/shared/tasklists';
import { reportAnswers, reportQuestions, reports, tasklists } from '../../db/schema/tasklists';
import { createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { item, tasklistsApi } from './tasklists.test-helpers';

/**
 * The figures kept on a task list's row by the triggers of migration 0010 (planned_count,
 * submitted_count, answered_reports, and the status generated from them): whatever changes the
 * reports and answers, the row says what a recount says, and the API shows it. The parallel
 * cases are meant for PostgreSQL (server-pg), where the statements really overlap.
 */
const t = useTestApp();
const api = tasklistsApi(t);

/** The stored figures of a list and a recount from its reports and answers. */
async function figures(listId: number) {
  const [stored] = await t.db
    .select({
      planned: tasklists.plannedCount,
      submitted: tasklists.submittedCount,
      answered: tasklists.answeredReports,
      questions: tasklists.questionsCount,
      status: tasklists.status,
    })
    .from(tasklists)
    .where(eq(tasklists.id, listId));
  const rows = await t.db
    .select({
      status: reports.status,
      answersCount: reports.answersCount,
      answers: sql<number>`(select count(*)::int from report_answers a where a.report_id = reports.id)`,
      questionsCount: reports.questionsCount,
      questions: sql<number>`(select count(*)::int from report_questions q where q.report_id = reports.id)`,
    })
    .from(reports)
    .where(eq(reports.tasklistId, listId));
  for (const r of rows) {
    expect(r.answersCount, 'reports.answers_count').toBe(r.answers);
    expect(r.questionsCount, 'reports.questions_count').toBe(r.questions);
  }
  const recount = {
    planned: rows.length,
    submitted: rows.filter((r) => r.status === 'submitted').length,
    answered: rows.filter((r) => r.answers > 0).length,
    questions: rows.reduce((sum, r) => sum + r.questions, 0),
  };
  expect({
    planned: stored!.planned,
    submitted: stored!.submitted,
    answered: stored!.answered,
    questions: stored!.questions,
  }).toEqual(recount);
  return stored!;
}

/** The stored status, checked against the recount, the detail and the overview's status filter. */
async function expectStatus(listId: number, status: TasklistStatus) {
  expect((await figures(listId)).status).toBe(status);
  expect((await api.read(listId)).status).toBe(status);
  const res = await t.mechanic.get(`/api/tasklists?status=${status}&itemsPerPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as { data: { id: number }[] }).data.map((r) => r.id)).toContain(listId);
}

const questionsOf = (reportId: number) =>
  t.db
    .select({ id: reportQuestions.id })
    .from(reportQuestions)
    .where(eq(reportQuestions.reportId, reportId))
    .orderBy(asc(reportQuestions.id));

const answer = (reportId: number, questionId: number) =>
  t.db.insert(reportAnswers).values({ reportId, reportQuestionId: questionId, option: 1, answeredAt: new Date() });

const submit = (reportId: number) =>
  t.db.update(reports).set({ status: 'submitted', submittedAt: new Date() }).where(eq(reports.id, reportId));

describe('the figures and status stored on a task list', () => {
  it('follow plan -> answer -> submit -> take off, and a delete of answers and reports', async () => {
    const c = await createPlacementChain(t.db);
    const a = await api.machineWith(c, { categories: 2, questions: 2 });
    const b = await api.machineWith(c, { categories: 1, questions: 2 });
    const list = await api.create(c);
    await expectStatus(list.id, 'concept');

    const planned = await api.plan(list.id, [a.machine.id, b.machine.id]);
    await expectStatus(list.id, 'planned');
    expect(planned).toMatchObject({ machines_count: 2, submitted_count: 0, questions_count: 6 });
    const reportOf = (machineId: number) => planned.machines.find((m) => m.machine_id === machineId)!.report_id;
    const [ra, rb] = [reportOf(a.machine.id), reportOf(b.machine.id)];

    // The first answer makes it In uitvoering; a second answer of the same report changes no count.
    const qa = await questionsOf(ra);
    await answer(ra, qa[0]!.id);
    await expectStatus(list.id, 'in_progress');
    await answer(ra, qa[1]!.id);
    expect(await figures(list.id)).toMatchObject({ answered: 1, status: 'in_progress' });
    // An upsert of a stored answer is no new answer.
    await t.db
      .insert(reportAnswers)
      .values({ reportId: ra, reportQuestionId: qa[0]!.id, option: 2, answeredAt: new Date() })
      .onConflictDoUpdate({ target: reportAnswers.reportQuestionId, set: { option: 2 } });
    expect(await figures(list.id)).toMatchObject({ answered: 1 });

    // Removing the answers again: back to Gepland.
    await t.db.delete(reportAnswers).where(eq(reportAnswers.reportId, ra));
    await expectStatus(list.id, 'planned');

    // Answered and submitted: one of two submitted is In uitvoering.
    for (const q of qa) await answer(ra, q.id);
    await submit(ra);
    expect(await figures(list.id)).toMatchObject({ planned: 2, submitted: 1, answered: 1, status: 'in_progress' });
    // Another field of the report changes nothing.
    await t.db.update(reports).set({ notAtLocation: true }).where(eq(reports.id, ra));
    expect(await figures(list.id)).toMatchObject({ planned: 2, submitted: 1, answered: 1 });

    // Taking the untouched machine off leaves only the submitted one: Afgerond.
    const off = await t.mechanic.delete(`${item(list.id)}/machines/${b.machine.id}`);
    expect(off.statusCode, off.body).toBe(200);
    await expectStatus(list.id, 'completed');
    expect(rb).toBeGreaterThan(0);

    // Planned again: one of two submitted.
    await api.plan(list.id, [b.machine.id]);
    await expectStatus(list.id, 'in_progress');
    expect(await figures(list.id)).toMatchObject({ planned: 2, submitted: 1 });

    // A report opened again (not an API path, but the triggers follow any change).
    await t.db.update(reports).set({ status: 'open', submittedAt: null }).where(eq(reports.id, ra));
    expect(await figures(list.id)).toMatchObject({ submitted: 0, answered: 1, status: 'in_progress' });

    // Deleting reports with answers (straight in the database) takes their figures along.
    await t.db.delete(reports).where(eq(reports.tasklistId, list.id));
    await expectStatus(list.id, 'concept');
    expect(await figures(list.id)).toMatchObject({ planned: 0, submitted: 0, answered: 0 });
  });

  it('count every report of parallel answers, submits and removals of one list (no lost update)', async () => {
    const c = await createPlacementChain(t.db);
    const machines = [];
    for (let i = 0; i < 12; i++) machines.push((await api.machineWith(c, { categories: 1, questions: 3 })).machine);
    const list = await api.create(c);
    const detail = await api.plan(
      list.id,
      machines.map((m) => m.id),
    );
    const reportIds = detail.machines.map((m) => m.report_id);
    const questions = await t.db
      .select({ id: reportQuestions.id, reportId: reportQuestions.reportId })
      .from(reportQuestions)
      .where(inArray(reportQuestions.reportId, reportIds));

    // Every question of every report at once, each in its own transaction that stays open a
    // moment after its answer, so they overlap.
    await Promise.all(
      questions.map((q) =>
        t.db.transaction(async (tx) => {
          await tx
            .insert(reportAnswers)
            .values({ reportId: q.reportId, reportQuestionId: q.id, option: 1, answeredAt: new Date() });
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    expect(await figures(list.id)).toMatchObject({ planned: 12, submitted: 0, answered: 12, status: 'in_progress' });

    // Half of them submitted at once.
    await Promise.all(reportIds.slice(0, 6).map((id) => submit(id)));
    expect(await figures(list.id)).toMatchObject({ submitted: 6, answered: 12 });

    // The other half's answers removed at once, one answer a statement.
    const open = questions.filter((q) => reportIds.slice(6).includes(q.reportId));
    await Promise.all(open.map((q) => t.db.delete(reportAnswers).where(eq(reportAnswers.reportQuestionId, q.id))));
    expect(await figures(list.id)).toMatchObject({ submitted: 6, answered: 6, status: 'in_progress' });

    // The rest submitted at once: Afgerond.
    await Promise.all(reportIds.slice(6).map((id) => submit(id)));
    await expectStatus(list.id, 'completed');
  });

  /**
   * A first answer as the reports module saves it (its task list locked, then the report, then
   * the answer, whose trigger updates the list's figures), held open a moment so `other` starts
   * meanwhile. With another order on either side (a take-off or a delete locking the report before
   * the list) the two deadlock: PostgreSQL ends one with 40P01 and the request answers 500.
   * Resolves 'saved' or the error's SQLSTATE.
   */
  async function slowAnswer(reportId: number, questionId: number, other: () => Promise<LightMyRequestResponse>) {
    const saving = t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from tasklists where id = (select tasklist_id from reports where id = ${reportId}) for no key update`,
        );
        await tx.execute(sql`select id from reports where id = ${reportId} for no key update`);
        await tx.execute(sql`select pg_sleep(0.05)`);
        await tx
          .insert(reportAnswers)
          .values({ reportId, reportQuestionId: questionId, option: 1, answeredAt: new Date() });
      })
      .then(
        () => 'saved',
        (err: { cause?: { code?: string }; code?: string }) => err.cause?.code ?? err.code ?? String(err),
      );
    await new Promise((resolve) => setTimeout(resolve, 15));
    return Promise.all([saving, other()]);
  }

  async function plannedList() {
    const c = await createPlacementChain(t.db);
    const { machine } = await api.machineWith(c, { categories: 1, questions: 2 });
    const list = await api.create(c);
    const reportId = (await api.plan(list.id, [machine.id])).machines[0]!.report_id;
    const [q] = await questionsOf(reportId);
    return { list, machine, reportId, questionId: q!.id };
  }

  it('lets a first answer and taking its machine off at once wait in turn, never a deadlock', async () => {
    for (let round = 0; round < 3; round++) {
      const { list, machine, reportId, questionId } = await plannedList();
      const [saved, off] = await slowAnswer(reportId, questionId, () =>
        t.mechanic.delete(`${item(list.id)}/machines/${machine.id}`),
      );
      // The answer holds the list and the report, so the take-off waits for it and then finds it
      // answered (PGlite runs one after the other: the take-off may come first, and the answer
      // finds no report). Never 40P01 (deadlock) or a 500.
      if (saved === 'saved') {
        expect(off.statusCode, off.body).toBe(409);
        await expectStatus(list.id, 'in_progress');
      } else {
        expect(saved).toBe('23503');
        expect(off.statusCode, off.body).toBe(200);
        await expectStatus(list.id, 'concept');
      }
    }
  });

  it('lets a first answer and deleting its list at once wait in turn, never a deadlock', async () => {
    for (let round = 0; round < 3; round++) {
      const { list, reportId, questionId } = await plannedList();
      const [saved, del] = await slowAnswer(reportId, questionId, () => t.mechanic.delete(item(list.id)));
      if (saved === 'saved') {
        expect(del.statusCode, del.body).toBe(409);
        await expectStatus(list.id, 'in_progress');
      } else {
        expect(saved).toBe('23503');
        expect(del.statusCode, del.body).toBe(200);
      }
    }
  });
});
