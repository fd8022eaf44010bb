import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_TEXT, ReportAnswerStateSchema } from '@keurwijzer/shared/reports';
import { MSG } from '@keurwijzer/shared/validation';
import { reportAnswers } from '../../db/schema/tasklists';
import { createPlacementChain } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport, tasklistsApi } from '../tasklists/tasklists.test-helpers';
import { answerPath, minutesAgo, reportsApi } from './reports.test-helpers';

/**
 * PUT /api/reports/:id/answers/:questionId: one answer saved on its own, idempotent per question,
 * carrying the time it was given on the device (a replayed older answer changes nothing); its
 * refusals; and its cost (one statement, whatever the report's size).
 */
const t = useTestApp();
const api = reportsApi(t);
const lists = tasklistsApi(t);

/** A report with 2 categories of 2 questions (options Goed / Slecht). */
async function fresh() {
  const c = await createPlacementChain(t.db);
  const planned = await plannedReport(t, c, { categories: 2, questions: 2 });
  const report = await api.read(planned.reportId);
  const questions = report.categories.flatMap((cat) => cat.questions);
  return { ...planned, report, questions, q: questions[0]! };
}

const answersOf = (reportId: number) => t.db.select().from(reportAnswers).where(eq(reportAnswers.reportId, reportId));

describe('PUT /api/reports/:id/answers/:questionId', () => {
  it('saves an answer as form data, multipart or JSON and answers what is stored', async () => {
    const { reportId, questions } = await fresh();
    const at = '2026-02-03T10:00:00.000Z';
    for (const [i, as] of (['form', 'multipart', 'json'] as const).entries()) {
      const q = questions[i]!;
      const res = await t.mechanic.put(answerPath(reportId, q.id), {
        body: { option: '2', memo: '  Kabel beschadigd ', answered_at: at },
        as,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        data: {
          question_id: q.id,
          answer: { option: 2, value: null, judgement: 'reject', memo: 'Kabel beschadigd', answered_at: at },
          judgement: 'reject',
        },
      });
      ReportAnswerStateSchema.strict().parse(res.json().data);
    }
    // Through the _method twin too, by an admin.
    const twin = await t.admin.post(answerPath(reportId, questions[3]!.id), {
      body: { _method: 'PUT', option: '1', answered_at: at },
      as: 'form',
    });
    expect(twin.statusCode, twin.body).toBe(200);
    expect(twin.json().data.answer).toEqual({ option: 1, value: null, judgement: 'good', memo: null, answered_at: at });
    expect(await answersOf(reportId)).toHaveLength(4);
    expect((await api.read(reportId)).answered_count).toBe(4);
  });

  it('is idempotent: the same request twice leaves one row as it was', async () => {
    const { reportId, q } = await fresh();
    const body = { option: 1, memo: 'ok', answered_at: minutesAgo(5) };
    const first = await api.answer(reportId, q.id, body);
    const rows = await answersOf(reportId);
    const second = await api.answer(reportId, q.id, body);
    expect(second).toEqual(first);
    const again = await answersOf(reportId);
    expect(again).toHaveLength(1);
    expect({ ...again[0], updatedAt: null }).toEqual({ ...rows[0], updatedAt: null });
  });

  it('keeps a stored answer given later: a replayed older answer changes nothing and gets the stored one', async () => {
    const { reportId, q } = await fresh();
    const newer = await api.answer(reportId, q.id, { option: 2, memo: 'nieuw', answered_at: minutesAgo(1) });
    const before = await answersOf(reportId);
    const older = await api.answer(reportId, q.id, { option: 1, memo: 'oud', answered_at: minutesAgo(10) });
    expect(older).toEqual(newer);
    expect(await answersOf(reportId)).toEqual(before);
    // An older removal does not remove it either.
    expect(await api.answer(reportId, q.id, { option: '', memo: '', answered_at: minutesAgo(10) })).toEqual(newer);
    expect(await answersOf(reportId)).toEqual(before);
    // A later one replaces it.
    const later = await api.answer(reportId, q.id, { option: 1, answered_at: minutesAgo(0.5) });
    expect(later.answer).toMatchObject({ option: 1, memo: null });
  });

  it('counts a time ahead of the server clock as now, so a fast device clock cannot make its answer final', async () => {
    const { reportId, q } = await fresh();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const ahead = await api.answer(reportId, q.id, { option: 2, answered_at: future });
    expect(Date.parse(ahead.answer!.answered_at)).toBeLessThanOrEqual(Date.now());
    const now = await api.answer(reportId, q.id, { option: 1, answered_at: new Date().toISOString() });
    expect(now.answer!.option).toBe(1);
  });

  it('removes the answer when neither an option nor a memo is sent; a memo alone is kept but is no answer', async () => {
    const { reportId, q } = await fresh();
    await api.answer(reportId, q.id, { option: 1, answered_at: minutesAgo(3) });
    const memoOnly = await api.answer(reportId, q.id, { option: '', memo: 'Nog nakijken', answered_at: minutesAgo(2) });
    expect(memoOnly.answer).toMatchObject({ option: null, memo: 'Nog nakijken' });
    expect((await api.read(reportId)).answered_count).toBe(0);
    expect(await api.answer(reportId, q.id, { answered_at: minutesAgo(1) })).toEqual({
      question_id: q.id,
      answer: null,
      judgement: null,
    });
    expect(await answersOf(reportId)).toEqual([]);
    // Removing what is not there is no error either.
    expect((await api.answer(reportId, q.id, { option: null, memo: null })).answer).toBeNull();
  });

  it('answers 422 with the errors map and stores nothing', async () => {
    const { reportId, q } = await fresh();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { answered_at: [MSG.required] }],
      [{ option: 5, answered_at: minutesAgo(1) }, { option: [REPORT_TEXT.invalidOption] }],
      [{ option: 'Goed', answered_at: minutesAgo(1) }, { option: [REPORT_TEXT.invalidOption] }],
      [{ option: 1, answered_at: 'gisteren' }, { answered_at: [REPORT_TEXT.invalidAnsweredAt] }],
      [{ option: 1, answered_at: '2026-02-30T10:00:00Z' }, { answered_at: [REPORT_TEXT.invalidAnsweredAt] }],
      [{ option: 1, answered_at: '0000-01-01T00:00:00Z' }, { answered_at: [REPORT_TEXT.invalidAnsweredAt] }],
      [{ option: 1, memo: 'x'.repeat(256), answered_at: minutesAgo(1) }, { memo: [MSG.maxText] }],
      // Within 1..4 but beyond this question's two options.
      [{ option: 3, answered_at: minutesAgo(1) }, { option: [REPORT_TEXT.invalidOption] }],
    ];
    for (const [body, errors] of cases) {
      const res = await t.mechanic.put(answerPath(reportId, q.id), { body, as: 'form' });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res), JSON.stringify(body)).toEqual(errors);
    }
    expect(await answersOf(reportId)).toEqual([]);
  });

  it('answers 404 for a question of another report or no question, and for a report that does not exist', async () => {
    const a = await fresh();
    const b = await fresh();
    for (const [report, question] of [
      [a.reportId, b.q.id],
      [a.reportId, 999_999],
      [999_999, a.q.id],
    ] as const) {
      const res = await t.mechanic.put(answerPath(report, question), {
        body: { option: 1, answered_at: minutesAgo(1) },
      });
      expect(res.statusCode, res.body).toBe(404);
      if (report === a.reportId) expect(res.json().message).toBe(REPORT_TEXT.questionMissing);
    }
    expect(await answersOf(a.reportId)).toEqual([]);
    expect(await answersOf(b.reportId)).toEqual([]);
  });

  it('answers 409 once the report is submitted and changes nothing', async () => {
    const { reportId, q } = await fresh();
    await api.answerAll(reportId);
    await api.submit(reportId);
    const before = await lists.snapshot();
    for (const body of [{ option: 2 }, { option: '', memo: '' }, { memo: 'Later' }]) {
      const res = await t.mechanic.put(answerPath(reportId, q.id), {
        body: { answered_at: new Date().toISOString(), ...body },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: REPORT_TEXT.alreadySubmitted, errors: {} });
    }
    expect(await lists.snapshot()).toEqual(before);
  });

  it('saves an answer in the same number of statements whatever the size of the report', async () => {
    const c = await createPlacementChain(t.db);
    const small = await plannedReport(t, c, { categories: 1, questions: 2 });
    const big = await plannedReport(t, c, { categories: 6, questions: 10 });
    const count = async (reportId: number, question: number) => {
      const q = (await api.read(reportId)).categories[0]!.questions[question]!;
      const { result, statements } = await t.queries.record(() =>
        t.mechanic.put(answerPath(reportId, q.id), { body: { option: 1, answered_at: minutesAgo(1) } }),
      );
      expect(result.statusCode, result.body).toBe(200);
      return statements;
    };
    // A report's first answer moves its list's figures: the statement that locks the list first.
    const firstFew = await count(small.reportId, 0);
    const firstMany = await count(big.reportId, 0);
    expect(firstMany.length, firstMany.join('\n')).toBe(firstFew.length);
    expect(firstMany.length, firstMany.join('\n')).toBeLessThanOrEqual(3);
    // Every later answer: the session lookup and the one statement of the answer (the report's row only).
    const few = await count(small.reportId, 1);
    const many = await count(big.reportId, 1);
    expect(many.length, many.join('\n')).toBe(few.length);
    expect(many.length, many.join('\n')).toBeLessThanOrEqual(2);
    expect(many.join('\n')).not.toContain('tasklists');
  });
});
