import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMPLIANCE_TEXT, addMonths } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import { REPORT_TEXT, ReportAnswerStateSchema, ReportDetailSchema } from '@keurwijzer/shared/reports';
import { MSG } from '@keurwijzer/shared/validation';
import { followups, inspectionIntervals } from '../../db/schema/compliance';
import { reportAnswers, reportQuestions, reports } from '../../db/schema/tasklists';
import { createMachineType, createPlacementChain } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { answerPath, minutesAgo, reportsApi, submitPath } from './reports.test-helpers';

/**
 * Measurements and the verdict: a measured value typed with a comma or
 * a point, judged by its limits (inclusive) in the database; the live derived verdict while the
 * report is open; "Rapport afronden" with the mechanic's override, which needs a reason; what a
 * submit stores (verdict, reason, next due date) and the follow-up of an Afkeur answer.
 */
const t = useTestApp();
const api = reportsApi(t);

/**
 * A report of a machine whose type has a 12-month inspection interval: category 1 holds two
 * measurements (max. 0,30 Ohm and min. 1,0 MOhm), category 2 two choice questions ("Goed" is
 * Goed, "Slecht" Afkeur by their default judgements).
 */
async function measuredReport() {
  const c = await createPlacementChain(t.db);
  const type = await createMachineType(t.db);
  await t.db.insert(inspectionIntervals).values({ machineTypeId: type.id, inspectionType: 'inspection', months: 12 });
  const planned = await plannedReport(t, c, { categories: 2, questions: 2, values: { machineTypeId: type.id } });
  const before = await api.read(planned.reportId);
  const [pe, iso] = before.categories[0]!.questions;
  await t.db
    .update(reportQuestions)
    .set({ kind: 'measurement', answerJudgements: [], unit: 'Ohm', minValue: null, maxValue: '0.30' })
    .where(eq(reportQuestions.id, pe!.id));
  await t.db
    .update(reportQuestions)
    .set({ kind: 'measurement', answerJudgements: [], unit: 'MOhm', minValue: '1.0', maxValue: null })
    .where(eq(reportQuestions.id, iso!.id));
  const report = await api.read(planned.reportId);
  const [choice1, choice2] = report.categories[1]!.questions;
  return { ...planned, report, pe: pe!.id, iso: iso!.id, choice1: choice1!.id, choice2: choice2!.id };
}

const answerRow = async (questionId: number) =>
  (await t.db.select().from(reportAnswers).where(eq(reportAnswers.reportQuestionId, questionId)))[0];

describe('measurements', () => {
  it('reads a measurement question with its unit and limits', async () => {
    const { report, pe, iso } = await measuredReport();
    const qs = report.categories[0]!.questions;
    expect(qs.find((q) => q.id === pe)).toMatchObject({
      kind: 'measurement',
      unit: 'Ohm',
      min_value: null,
      max_value: '0.30',
      answer: null,
    });
    expect(qs.find((q) => q.id === iso)).toMatchObject({ kind: 'measurement', min_value: '1.0', max_value: null });
    expect(report.categories[1]!.questions[0]).toMatchObject({ kind: 'choice', answer_judgements: ['good', 'reject'] });
    expect(report).toMatchObject({ verdict: null, derived_verdict: 'approved', next_due_date: null });
  });

  it('takes a value with a comma or a point; exactly the limit is Goed, past it Afkeur, and the verdict follows', async () => {
    const { reportId, pe, iso } = await measuredReport();
    // "0,30" with a comma, as form data: exactly the maximum.
    const res = await t.mechanic.put(answerPath(reportId, pe), {
      body: { value: '0,30', answered_at: minutesAgo(10) },
      as: 'form',
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = ReportAnswerStateSchema.strict().parse(res.json().data);
    expect(state).toMatchObject({
      question_id: pe,
      answer: { option: null, value: '0.30', judgement: 'good', memo: null },
      judgement: 'good',
    });
    expect((await api.read(reportId)).derived_verdict).toBe('approved');
    // A point, just past the maximum: Afkeur, and the report's verdict is Afgekeurd at once.
    expect(await api.answer(reportId, pe, { value: '0.31', answered_at: minutesAgo(9) })).toMatchObject({
      answer: { value: '0.31', judgement: 'reject' },
    });
    expect((await api.read(reportId)).derived_verdict).toBe('rejected');
    expect((await answerRow(pe))!.judgement).toBe('reject');
    // The minimum: exactly it is Goed, below it Afkeur; a number in JSON works too.
    expect((await api.answer(reportId, iso, { value: 1, answered_at: minutesAgo(8) })).judgement).toBe('good');
    expect((await api.answer(reportId, iso, { value: '0,99', answered_at: minutesAgo(7) })).judgement).toBe('reject');
    // Back within the limit: the verdict follows the answers as they are now.
    expect(await api.answer(reportId, pe, { value: '0,3', answered_at: minutesAgo(6) })).toMatchObject({
      answer: { value: '0.3', judgement: 'good' },
    });
    expect((await api.read(reportId)).derived_verdict).toBe('rejected');
    expect(
      await api.answer(reportId, iso, { value: '2,5', memo: 'Klasse I', answered_at: minutesAgo(5) }),
    ).toMatchObject({ judgement: 'good' });
    const read = ReportDetailSchema.strict().parse(await api.read(reportId));
    // A measurement with a value counts as answered.
    expect(read).toMatchObject({ questions_count: 4, answered_count: 2, derived_verdict: 'approved' });
    expect(read.categories[0]!.questions.map((q) => q.answer?.value)).toEqual(['0.3', '2.5']);
  });

  it('a memo alone does not answer a measurement; no value and no memo removes it', async () => {
    const { reportId, pe } = await measuredReport();
    await api.answer(reportId, pe, { value: '0,1', answered_at: minutesAgo(3) });
    const memo = await api.answer(reportId, pe, { value: '', memo: 'Meter kwijt', answered_at: minutesAgo(2) });
    expect(memo).toMatchObject({ answer: { value: null, judgement: null, memo: 'Meter kwijt' }, judgement: null });
    expect((await api.read(reportId)).answered_count).toBe(0);
    expect((await api.answer(reportId, pe, { answered_at: minutesAgo(1) })).answer).toBeNull();
    expect(await answerRow(pe)).toBeUndefined();
  });

  it('answers 422 with the errors map and stores nothing', async () => {
    const { reportId, pe, choice1 } = await measuredReport();
    for (const [question, body, errors] of [
      [pe, { value: 'abc' }, { value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [pe, { value: '1.000.000' }, { value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [pe, { value: '0,12345' }, { value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [pe, { value: '1e3' }, { value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [pe, { value: true }, { value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [pe, { option: '1', value: '0,1' }, { option: [REPORT_TEXT.optionOfMeasurement] }],
      [pe, { option: '1' }, { option: [REPORT_TEXT.optionOfMeasurement] }],
      [choice1, { option: '1', value: '0,1' }, { value: [REPORT_TEXT.valueOfChoice] }],
      [choice1, { value: '0,1' }, { value: [REPORT_TEXT.valueOfChoice] }],
    ] as const) {
      const res = await t.mechanic.put(answerPath(reportId, question), {
        body: { ...body, answered_at: minutesAgo(1) },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual(errors);
    }
    expect(await t.db.select().from(reportAnswers).where(eq(reportAnswers.reportId, reportId))).toEqual([]);
  });
});

describe('values no instrument shows', () => {
  const setUnit = (questionId: number, unit: string) =>
    t.db.update(reportQuestions).set({ unit }).where(eq(reportQuestions.id, questionId));

  it('refuses below zero for a resistance, a current and a time (422 in Dutch) and stores nothing', async () => {
    const { reportId, pe } = await measuredReport();
    for (const [unit, noun] of [
      ['Ohm', 'weerstand'],
      ['MOhm', 'weerstand'],
      ['mA', 'stroom'],
      ['ms', 'tijd'],
    ] as const) {
      await setUnit(pe, unit);
      for (const value of ['-0,1', '-0.0001', -3]) {
        const res = await t.mechanic.put(answerPath(reportId, pe), { body: { value, answered_at: minutesAgo(1) } });
        expect(res.statusCode, `${unit} ${value}: ${res.body}`).toBe(422);
        expect(errorsOf(res)).toEqual({ value: [COMPLIANCE_TEXT.negativeMeasurement(noun)] });
      }
    }
    expect(await answerRow(pe)).toBeUndefined();
    // An answer already stored stays as it was.
    await setUnit(pe, 'Ohm');
    await api.answer(reportId, pe, { value: '0,28', answered_at: minutesAgo(5) });
    const refused = await t.mechanic.put(answerPath(reportId, pe), {
      body: { value: '-0,1', answered_at: minutesAgo(1) },
    });
    expect(refused.statusCode).toBe(422);
    expect((await answerRow(pe))!.value).toBe('0.28');
  });

  it('takes zero, a negative voltage or value of a unit it does not know, and an implausible value (judged, not refused)', async () => {
    const { reportId, pe } = await measuredReport();
    expect(await api.answer(reportId, pe, { value: '0,00', answered_at: minutesAgo(9) })).toMatchObject({
      answer: { value: '0.00', judgement: 'good' },
    });
    await setUnit(pe, 'V');
    expect((await api.answer(reportId, pe, { value: '-0,1', answered_at: minutesAgo(8) })).answer?.value).toBe('-0.1');
    await setUnit(pe, '°C');
    expect((await api.answer(reportId, pe, { value: '-18', answered_at: minutesAgo(7) })).answer?.value).toBe('-18');
    // 50.000 Ohm on "max. 0,30 Ohm": implausible, a warning on the screen only; stored and judged.
    await setUnit(pe, 'Ohm');
    expect(await api.answer(reportId, pe, { value: '50000', answered_at: minutesAgo(6) })).toMatchObject({
      answer: { value: '50000', judgement: 'reject' },
    });
  });

  it('refuses the submit while a stored value is impossible, naming its question; a skipped category does not count', async () => {
    const { reportId, pe, iso, choice1, choice2, report } = await measuredReport();
    await api.answer(reportId, iso, { value: '5' });
    await api.answer(reportId, choice1, { option: 1 });
    await api.answer(reportId, choice2, { option: 1 });
    // A value stored before the check existed (or copied into a correction): past the API's check.
    await t.db.insert(reportAnswers).values({ reportId, reportQuestionId: pe, value: '-0.1', answeredAt: new Date() });
    expect((await api.read(reportId)).derived_verdict).toBe('approved');
    const res = await t.mechanic.post(submitPath(reportId));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: COMPLIANCE_TEXT.impossibleMeasurements(1),
      errors: { [`question_${pe}`]: [COMPLIANCE_TEXT.negativeMeasurement('weerstand')] },
    });
    expect((await api.read(reportId)).status).toBe('open');
    // Skipped, the category's answers do not count: the submit goes through.
    const [measurements, choices] = report.categories;
    expect(measurements!.questions.map((q) => q.id)).toContain(pe);
    await api.skip(reportId, measurements!.id, true);
    expect(choices!.questions.map((q) => q.id)).toEqual([choice1, choice2]);
    expect((await api.submit(reportId)).status).toBe('submitted');
  });
});

describe('the verdict at "Rapport afronden"', () => {
  /** Answers all four: the first measurement out of its limit (Afkeur), the rest Goed. */
  async function rejectedReport() {
    const made = await measuredReport();
    const { reportId } = made;
    await api.answer(reportId, made.pe, { value: '0,45', memo: 'Aardedraad los' });
    await api.answer(reportId, made.iso, { value: '5' });
    await api.answer(reportId, made.choice1, { option: 1 });
    await api.answer(reportId, made.choice2, { option: 1 });
    expect((await api.read(reportId)).derived_verdict).toBe('rejected');
    return made;
  }

  it('submits with the derived verdict: stored with the next due date, and a follow-up for the Afkeur answer', async () => {
    const { reportId, pe, machine } = await rejectedReport();
    const done = ReportDetailSchema.strict().parse(await api.submit(reportId));
    expect(done).toMatchObject({
      status: 'submitted',
      verdict: 'rejected',
      derived_verdict: 'rejected',
      verdict_reason: null,
      next_due_date: addMonths(dutchToday(), 12),
    });
    const fus = await t.db.select().from(followups).where(eq(followups.reportId, reportId));
    expect(fus.map((f) => [f.reportQuestionId, f.machineId, f.status])).toEqual([[pe, machine.id, 'open']]);
  });

  it('refuses an override without a reason (422) and an unknown verdict; submits nothing', async () => {
    const { reportId } = await rejectedReport();
    for (const [body, errors] of [
      [{ verdict: 'approved' }, { verdict_reason: [COMPLIANCE_TEXT.overrideReasonRequired] }],
      [{ verdict: 'approved', verdict_reason: '   ' }, { verdict_reason: [COMPLIANCE_TEXT.overrideReasonRequired] }],
      [{ verdict: 'goed', verdict_reason: 'x' }, { verdict: [MSG.invalidChoice] }],
      [{ verdict: 'approved', verdict_reason: 'x'.repeat(256) }, { verdict_reason: [MSG.maxText] }],
    ] as const) {
      const res = await t.mechanic.post(submitPath(reportId), { body });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual(errors);
    }
    const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({ status: 'open', verdict: null, verdictReason: null });
    expect(await t.db.select().from(followups).where(eq(followups.reportId, reportId))).toEqual([]);
  });

  it('stores an override with its reason, as form data too; it stays as it was afterwards', async () => {
    const { reportId } = await rejectedReport();
    const res = await t.mechanic.post(submitPath(reportId), {
      body: { verdict: 'approved_with_remarks', verdict_reason: '  Aardedraad ter plaatse vastgezet ' },
      as: 'form',
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = ReportDetailSchema.strict().parse(res.json().data);
    expect(done).toMatchObject({
      verdict: 'approved_with_remarks',
      derived_verdict: 'rejected',
      verdict_reason: 'Aardedraad ter plaatse vastgezet',
    });
    // Read again, and after a change of an answer is refused: unchanged.
    const again = await t.mechanic.post(submitPath(reportId), {
      body: { verdict: 'approved', verdict_reason: 'Nog eens' },
    });
    expect(again.statusCode).toBe(409);
    const late = await t.mechanic.put(
      answerPath(reportId, (await api.read(reportId)).categories[0]!.questions[0]!.id),
      {
        body: { value: '0,1', answered_at: minutesAgo(0) },
      },
    );
    expect(late.statusCode).toBe(409);
    expect(await api.read(reportId, t.admin)).toMatchObject({
      verdict: 'approved_with_remarks',
      derived_verdict: 'rejected',
      verdict_reason: 'Aardedraad ter plaatse vastgezet',
    });
  });

  it('sending the derived verdict is no override: its reason is dropped', async () => {
    const { reportId } = await rejectedReport();
    const done = await t.mechanic.post(submitPath(reportId), {
      body: { verdict: 'rejected', verdict_reason: 'Zelfde oordeel' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ verdict: 'rejected', derived_verdict: 'rejected', verdict_reason: null });
  });

  it('a skipped category does not count for the verdict', async () => {
    const { reportId, report } = await rejectedReport();
    await api.skip(reportId, report.categories[0]!.id, true);
    expect((await api.read(reportId)).derived_verdict).toBe('approved');
    const done = await api.submit(reportId);
    expect(done).toMatchObject({ verdict: 'approved', derived_verdict: 'approved' });
    expect(await t.db.select().from(followups).where(eq(followups.reportId, reportId))).toEqual([]);
  });

  it('answers 404 for a report that does not exist, with a body too', async () => {
    const res = await t.mechanic.post(submitPath(999_999), { body: { verdict: 'approved', verdict_reason: 'x' } });
    expect(res.statusCode).toBe(404);
  });
});
