import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_TEXT, ReportDetailSchema, missingAnswerKey } from '@keurwijzer/shared/reports';
import { MSG } from '@keurwijzer/shared/validation';
import { machines } from '../../db/schema/machines';
import { reports } from '../../db/schema/tasklists';
import { createPlacementChain } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport, tasklistsApi } from '../tasklists/tasklists.test-helpers';
import { answerPath, categoryPath, reportPath, reportsApi, submitPath } from './reports.test-helpers';

/**
 * Skipping a category and taking it back, "Rapport indienen" (PUT /api/reports/:id) and "Rapport
 * afronden" (POST /api/reports/:id/submit): what is required, what a submit records, and that
 * every change of a submitted report answers 409.
 */
const t = useTestApp();
const api = reportsApi(t);
const lists = tasklistsApi(t);

async function fresh(categories = 2, questions = 2) {
  const c = await createPlacementChain(t.db);
  const planned = await plannedReport(t, c, { categories, questions });
  return { ...planned, report: await api.read(planned.reportId) };
}

describe('PUT /api/reports/:id/categories/:categoryId', () => {
  it('skips a category and takes it back; the answers given are kept and count again', async () => {
    const { reportId, report } = await fresh();
    const cat = report.categories[1]!;
    await api.answer(reportId, cat.questions[0]!.id, { option: 2, memo: 'Lekt' });

    const skipped = await api.skip(reportId, cat.id, true);
    expect(skipped).toEqual({ data: { id: cat.id, skipped: true }, message: 'Categorie overgeslagen' });
    let read = await api.read(reportId);
    expect(read.categories[1]).toMatchObject({ id: cat.id, skipped: true });
    expect(read).toMatchObject({ questions_count: 2, answered_count: 0 });
    expect(read.categories[1]!.questions[0]!.answer).toMatchObject({ option: 2, memo: 'Lekt' });

    // Skipping again changes nothing; JSON true/false work too.
    const again = await t.mechanic.put(categoryPath(reportId, cat.id), { body: { skipped: true } });
    expect(again.json()).toEqual({ data: { id: cat.id, skipped: true }, message: 'Categorie overgeslagen' });

    const back = await t.admin.put(categoryPath(reportId, cat.id), { body: { skipped: false } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ data: { id: cat.id, skipped: false }, message: 'Categorie teruggezet' });
    read = await api.read(reportId);
    expect(read).toMatchObject({ questions_count: 4, answered_count: 1 });
    expect(read.categories[1]!.questions[0]!.answer).toMatchObject({ option: 2, memo: 'Lekt' });
  });

  it('answers 422 with the errors map', async () => {
    const { reportId, report } = await fresh();
    for (const [body, errors] of [
      [{}, { skipped: [MSG.required] }],
      [{ skipped: 'ja' }, { skipped: [MSG.invalidChoice] }],
      [{ skipped: '2' }, { skipped: [MSG.invalidChoice] }],
    ] as const) {
      const res = await t.mechanic.put(categoryPath(reportId, report.categories[0]!.id), { body, as: 'form' });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual(errors);
    }
    expect((await api.read(reportId)).categories.every((c) => !c.skipped)).toBe(true);
  });

  it('answers 404 for a category of another report, and for a report that does not exist', async () => {
    const a = await fresh();
    const b = await fresh();
    const before = await lists.snapshot();
    for (const [report, category] of [
      [a.reportId, b.report.categories[0]!.id],
      [a.reportId, 999_999],
      [999_999, a.report.categories[0]!.id],
    ] as const) {
      const res = await t.mechanic.put(categoryPath(report, category), { body: { skipped: true } });
      expect(res.statusCode, res.body).toBe(404);
      if (report === a.reportId) expect(res.json().message).toBe(REPORT_TEXT.categoryMissing);
    }
    expect(await lists.snapshot()).toEqual(before);
  });
});

describe('PUT /api/reports/:id ("Rapport indienen")', () => {
  it('saves the flag "not at the indicated place" and confirms the answers are saved', async () => {
    const { reportId } = await fresh();
    const res = await t.mechanic.put(reportPath(reportId), { body: { not_at_location: '1' }, as: 'form' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Antwoorden opgeslagen');
    const data = ReportDetailSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({ id: reportId, status: 'open', not_at_location: true });
    // Omitted: unchanged. Then taken back.
    expect((await t.mechanic.put(reportPath(reportId), { body: {} })).json().data.not_at_location).toBe(true);
    const twin = await t.admin.post(reportPath(reportId), {
      body: { _method: 'PUT', not_at_location: '0' },
      as: 'form',
    });
    expect(twin.statusCode, twin.body).toBe(200);
    expect(twin.json().data.not_at_location).toBe(false);
  });

  it('answers 422 with the errors map and 404 for a report that does not exist', async () => {
    const { reportId } = await fresh();
    const bad = await t.mechanic.put(reportPath(reportId), { body: { not_at_location: 'misschien' }, as: 'form' });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ not_at_location: [MSG.invalidChoice] });
    expect((await t.mechanic.put(reportPath(999_999), { body: {} })).statusCode).toBe(404);
  });
});

describe('POST /api/reports/:id/submit ("Rapport afronden")', () => {
  it('refuses while questions are open and lists them in report order; a skipped category is not required', async () => {
    const { reportId, report } = await fresh(3, 2);
    const [c1, c2, c3] = report.categories;
    await api.answer(reportId, c1!.questions[1]!.id, { option: 1 });
    // A memo alone does not answer a question.
    await api.answer(reportId, c3!.questions[0]!.id, { memo: 'Alleen een opmerking' });

    const res = await t.mechanic.post(submitPath(reportId));
    expect(res.statusCode, res.body).toBe(422);
    const expected = [c1!.questions[0]!, ...c2!.questions, ...c3!.questions].map((q) => missingAnswerKey(q.id));
    // The message says how many are open: 1 + 2 + 2 of the 6 questions.
    expect(res.json().message).toBe(`Nog ${expected.length} vragen open`);
    expect(expected).toHaveLength(5);
    expect(Object.keys(errorsOf(res))).toEqual(expected);
    expect(Object.values(errorsOf(res))).toEqual(expected.map(() => [REPORT_TEXT.unanswered]));

    await api.skip(reportId, c2!.id, true);
    await api.answer(reportId, c1!.questions[0]!.id, { option: 2 });
    await api.answer(reportId, c3!.questions[0]!.id, { option: 1, memo: 'Alleen een opmerking' });
    const left = await t.mechanic.post(submitPath(reportId));
    expect(Object.keys(errorsOf(left))).toEqual([missingAnswerKey(c3!.questions[1]!.id)]);
    // One left: the singular.
    expect(left.json().message).toBe('Nog 1 vraag open');
    expect((await api.read(reportId)).status).toBe('open');

    await api.answer(reportId, c3!.questions[1]!.id, { option: 2 });
    const done = await t.mechanic.post(submitPath(reportId));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Rapport ingediend');
  });

  it("submits: status, time, who filled it in, the machine's report year; a second submit answers 409", async () => {
    const { reportId, machine } = await fresh();
    await t.db.update(machines).set({ reportYear: 2019 }).where(eq(machines.id, machine.id));
    await api.answerAll(reportId);
    const before = Date.now();
    const res = await t.mechanic.post(submitPath(reportId));
    expect(res.statusCode, res.body).toBe(200);
    const data = ReportDetailSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({
      id: reportId,
      status: 'submitted',
      filled_in_by_name: expect.stringMatching(/^Test Gebruiker/),
      questions_count: 4,
      answered_count: 4,
    });
    expect(Date.parse(data.submitted_at!)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row!.filledInBy).toBe(data.filled_in_by);
    const [m] = await t.db.select().from(machines).where(eq(machines.id, machine.id));
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Amsterdam', year: 'numeric' }).format(row!.submittedAt!),
    );
    expect(m!.reportYear).toBe(year);

    const second = await t.admin.post(submitPath(reportId));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: REPORT_TEXT.alreadySubmitted, errors: {} });
    // The task list reads the report as submitted.
    const list = await lists.read(row!.tasklistId);
    expect(list.machines[0]).toMatchObject({ report_status: 'submitted', filled_in_by: data.filled_in_by });
  });

  it('answers 409 to every change of a submitted report and changes nothing; reading still works', async () => {
    const { reportId, report } = await fresh();
    await api.answerAll(reportId);
    await api.submit(reportId);
    const before = await lists.snapshot();
    const q = report.categories[0]!.questions[0]!;
    const changes = [
      () => t.mechanic.put(answerPath(reportId, q.id), { body: { option: 2, answered_at: new Date().toISOString() } }),
      () => t.mechanic.put(categoryPath(reportId, report.categories[0]!.id), { body: { skipped: true } }),
      () => t.mechanic.put(reportPath(reportId), { body: { not_at_location: true } }),
      () => t.admin.post(reportPath(reportId), { body: { _method: 'PUT', not_at_location: '1' }, as: 'form' }),
      () => t.mechanic.post(submitPath(reportId)),
    ];
    for (const change of changes) {
      const res = await change();
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: REPORT_TEXT.alreadySubmitted, errors: {} });
    }
    // A category or question of another report is still a 404, not a 409.
    expect((await t.mechanic.put(categoryPath(reportId, 999_999), { body: { skipped: true } })).statusCode).toBe(404);
    expect(
      (
        await t.mechanic.put(answerPath(reportId, 999_999), {
          body: { option: 1, answered_at: new Date().toISOString() },
        })
      ).statusCode,
    ).toBe(404);
    expect(await lists.snapshot()).toEqual(before);
    expect((await api.read(reportId)).status).toBe('submitted');
  });

  it('answers 404 for a report that does not exist', async () => {
    expect((await t.mechanic.post(submitPath(999_999))).statusCode).toBe(404);
  });

  it("the same submit sent again (its answer was lost on the way) is answered as the first; another submit's id is 409", async () => {
    const { reportId } = await fresh();
    await api.answerAll(reportId);
    const submission = 'b3c1f0de-5a4e-4f7a-9a41-7c2f1d0e9b11';
    const first = await t.mechanic.post(submitPath(reportId), { body: { submission_id: submission }, as: 'form' });
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row!.submissionId).toBe(submission);

    const again = await t.mechanic.post(submitPath(reportId), { body: { submission_id: submission }, as: 'form' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [after] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    // Nothing was submitted a second time.
    expect(after!.submittedAt).toEqual(row!.submittedAt);

    for (const body of [{ submission_id: '0d4f7a3e-1111-4222-8333-944455566677' }, {}]) {
      const other = await t.mechanic.post(submitPath(reportId), { body, as: 'form' });
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json()).toEqual({ message: REPORT_TEXT.alreadySubmitted, errors: {} });
    }
  });

  it('answers 422 for a submission id that is no uuid, before anything is submitted', async () => {
    const { reportId } = await fresh();
    await api.answerAll(reportId);
    const res = await t.mechanic.post(submitPath(reportId), { body: { submission_id: 'twee' }, as: 'form' });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({ submission_id: [REPORT_TEXT.invalidSubmission] });
    expect((await api.read(reportId)).status).toBe('open');
  });
});
