import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ReportDetailSchema } from '@keurwijzer/shared/reports';
import { reportQuestions } from '../../db/schema/tasklists';
import { machineQuestionnaires } from '../../db/schema/machines';
import { createPlacementChain, createQuestionnaire } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { tasklistsApi } from '../tasklists/tasklists.test-helpers';
import { reportPath, reportsApi } from './reports.test-helpers';

/**
 * The previous answer hint: while a report is open, each question carries the
 * same question's answer in the machine's latest submitted report of the same inspection type
 * (matched by category and question name), as the option's label or the value with its unit.
 */
const t = useTestApp();
const api = reportsApi(t);
const lists = tasklistsApi(t);

/** A machine with a questionnaire of 2 x 2 questions and a new report of `type` on a new list. */
async function reportOf(machineId: number, c: Awaited<ReturnType<typeof createPlacementChain>>, type = 'inspection') {
  const list = await lists.create(c, { inspection_type: type });
  const planned = await lists.plan(list.id, [machineId]);
  return planned.machines.find((m) => m.machine_id === machineId)!.report_id;
}

describe('previous answer hint', () => {
  it('shows the latest submitted report’s answers while open, none once submitted', async () => {
    const c = await createPlacementChain(t.db);
    const { machine } = await lists.machineWith(c, { categories: 2, questions: 2 });

    const first = await reportOf(machine.id, c);
    const fresh = ReportDetailSchema.strict().parse(await api.read(first));
    expect(fresh.categories.flatMap((cat) => cat.questions.map((q) => q.previous))).toEqual([null, null, null, null]);

    // The first report: a measurement on its copy, a choice, and a skipped category.
    const [m1, c1] = fresh.categories[0]!.questions;
    await t.db
      .update(reportQuestions)
      .set({ kind: 'measurement', answerJudgements: [], unit: 'Ohm', minValue: null, maxValue: '0.30' })
      .where(eq(reportQuestions.id, m1!.id));
    await api.answer(first, m1!.id, { value: '0,28' });
    await api.answer(first, c1!.id, { option: 2 });
    for (const q of fresh.categories[1]!.questions) await api.answer(first, q.id, { option: 1 });
    await api.skip(first, fresh.categories[1]!.id, true);
    const submitted = await api.submit(first);
    expect(submitted.categories[0]!.questions.every((q) => q.previous === null)).toBe(true);

    // An older second report of another type does not count.
    const maintenance = await createQuestionnaire(t.db, { inspectionType: 'maintenance', categories: 2, questions: 2 });
    await t.db
      .insert(machineQuestionnaires)
      .values({ machineId: machine.id, inspectionType: 'maintenance', questionnaireId: maintenance.questionnaire.id });
    const other = await reportOf(machine.id, c, 'maintenance');
    expect((await api.read(other)).categories[0]!.questions[0]!.previous).toBeNull();

    const second = await reportOf(machine.id, c);
    const report = ReportDetailSchema.strict().parse(await api.read(second));
    const [q1, q2] = report.categories[0]!.questions;
    expect(q1!.previous).toEqual({
      report_id: first,
      submitted_at: submitted.submitted_at,
      text: '0,28 Ohm',
      judgement: 'good',
    });
    expect(q2!.previous).toEqual({
      report_id: first,
      submitted_at: submitted.submitted_at,
      text: 'Slecht',
      judgement: 'reject',
    });
    // The skipped category of the previous report gives no hints.
    expect(report.categories[1]!.questions.map((q) => q.previous)).toEqual([null, null]);

    // The hint stays cheap: still one statement for the report.
    const statements = await t.statementsOf(reportPath(second));
    expect(statements.filter((s) => s.includes('report_questions'))).toHaveLength(1);

    // Once the second report is submitted it is the previous one of the next.
    await api.answerAll(second);
    const secondDone = await api.submit(second);
    const third = await api.read(await reportOf(machine.id, c));
    expect(third.categories[0]!.questions[1]!.previous).toMatchObject({
      report_id: second,
      submitted_at: secondDone.submitted_at,
      text: 'Goed',
      judgement: 'good',
    });
  });
});
