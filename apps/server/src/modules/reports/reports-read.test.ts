import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ReportDetailSchema } from '@keurwijzer/shared/reports';
import { questionnaireCategories, questionnaireQuestions } from '../../db/schema/questionnaires';
import { questions } from '../../db/schema/master-data';
import {
  createBrand,
  createBrandType,
  createMachineType,
  createPlacementChain,
  uniqueName,
} from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport, storedCopy } from '../tasklists/tasklists.test-helpers';
import { answerPath, reportPath, reportsApi } from './reports.test-helpers';

/**
 * GET /api/reports/:id: the read model of a report (its machine, its categories and questions in
 * order with their answers, the figures), built in one statement whatever its size, and unchanged
 * by later edits of the questionnaire it was copied from.
 */
const t = useTestApp();
const api = reportsApi(t);

describe('GET /api/reports/:id', () => {
  it('reads the report with its machine, the copy in order and the answers', async () => {
    const c = await createPlacementChain(t.db, uniqueName('Staalbouw'));
    const brand = await createBrand(t.db);
    const brandType = await createBrandType(t.db, brand.id);
    const type = await createMachineType(t.db);
    const { reportId, machine, built, list } = await plannedReport(t, c, {
      categories: 3,
      questions: 2,
      values: {
        name: 'Kolomboormachine',
        departmentId: c.department.id,
        roomId: c.room.id,
        factoryNumber: 'SN-1',
        manufacturer: 'Boor BV',
        manufactureYear: 2015,
        machineTypeId: type.id,
        brandId: brand.id,
        brandTypeId: brandType.id,
      },
    });
    const copy = await storedCopy(t, reportId);
    const first = copy.categories[0]!.questions[0]!;
    await api.answer(reportId, first.id, {
      option: 2,
      memo: 'Snoer vervangen',
      answered_at: '2026-03-01T09:30:00.000Z',
    });
    // A memo alone is kept but is no answer yet.
    await api.answer(reportId, copy.categories[0]!.questions[1]!.id, { memo: 'Nog nakijken' });

    for (const client of [t.mechanic, t.admin, t.superAdmin]) {
      const res = await client.get(reportPath(reportId));
      expect(res.statusCode, res.body).toBe(200);
      const data = ReportDetailSchema.strict().parse(res.json().data);
      expect(data).toMatchObject({
        id: reportId,
        status: 'open',
        tasklist_id: list.id,
        inspection_type: 'inspection',
        planned_date: '2026-12-01',
        questionnaire_name: built.questionnaire.name,
        customer_id: c.customer.id,
        customer_name: c.customer.name,
        location_id: c.location.id,
        location_name: c.location.name,
        filled_in_by: null,
        filled_in_by_name: null,
        submitted_at: null,
        not_at_location: false,
        questions_count: 6,
        answered_count: 1,
        // Option 2 "Slecht" is Afkeur by its default judgement.
        verdict: null,
        derived_verdict: 'rejected',
        verdict_reason: null,
        next_due_date: null,
        signatures: [],
        version: 1,
        replaces: null,
        replaced_by: null,
        correction_reason: null,
      });
      expect(ReportDetailSchema.shape.machine.strict().parse(data.machine)).toEqual({
        id: machine.id,
        name: 'Kolomboormachine',
        inventory_number: machine.inventoryNumber,
        factory_number: 'SN-1',
        manufacturer: 'Boor BV',
        manufacture_year: 2015,
        machine_type_name: type.name,
        brand_name: brand.name,
        brand_type_name: brandType.name,
        location_name: c.location.name,
        department_name: c.department.name,
        room_name: c.room.name,
        status: 'active',
        image_url: null,
      });
      // The categories and questions in the copy's order, each question with its answer or null.
      expect(data.categories.map((cat) => [cat.id, cat.name, cat.position, cat.skipped])).toEqual(
        copy.categories.map((cat) => [cat.id, cat.name, cat.position, false]),
      );
      expect(data.categories.map((cat) => cat.questions.map((q) => q.id))).toEqual(
        copy.categories.map((cat) => cat.questions.map((q) => q.id)),
      );
      const [q1, q2] = data.categories[0]!.questions;
      expect(q1).toEqual({
        id: first.id,
        name: first.name,
        kind: 'choice',
        answer_options: ['Goed', 'Slecht'],
        answer_judgements: ['good', 'reject'],
        unit: null,
        min_value: null,
        max_value: null,
        memo_title: null,
        position: 1,
        answer: {
          option: 2,
          value: null,
          judgement: 'reject',
          memo: 'Snoer vervangen',
          answered_at: '2026-03-01T09:30:00.000Z',
        },
        photos: [],
        previous: null,
      });
      expect(q2!.answer).toMatchObject({ option: null, memo: 'Nog nakijken' });
      expect(data.categories[1]!.questions.every((q) => q.answer === null)).toBe(true);
      expect(Date.parse(data.updated_at)).not.toBeNaN();
    }
  });

  it('counts only the categories that are not skipped', async () => {
    const c = await createPlacementChain(t.db);
    const { reportId } = await plannedReport(t, c, { categories: 2, questions: 3 });
    const report = await api.read(reportId);
    const [a, b] = report.categories;
    await api.answer(reportId, a!.questions[0]!.id, { option: 1 });
    await api.answer(reportId, b!.questions[0]!.id, { option: 1 });
    expect(await api.read(reportId)).toMatchObject({ questions_count: 6, answered_count: 2 });
    await api.skip(reportId, b!.id, true);
    expect(await api.read(reportId)).toMatchObject({ questions_count: 3, answered_count: 1 });
  });

  it('reads a report in a constant number of statements, whatever its number of questions', async () => {
    const c = await createPlacementChain(t.db);
    const small = await plannedReport(t, c, { categories: 1, questions: 1 });
    const big = await plannedReport(t, c, { categories: 6, questions: 10 });
    const bigReport = await api.read(big.reportId);
    for (const cat of bigReport.categories) {
      for (const q of cat.questions) await api.answer(big.reportId, q.id, { option: 1, memo: 'ok' });
    }
    // The session lookup and the one statement of the report.
    const statements = await t.expectConstantStatements(reportPath(small.reportId), reportPath(big.reportId), 2);
    expect(statements.filter((s) => s.includes('report_questions'))).toHaveLength(1);
    expect((await api.read(big.reportId)).answered_count).toBe(60);
  });

  it('stays as it was submitted when the questionnaire is edited afterwards', async () => {
    const c = await createPlacementChain(t.db);
    const { reportId, built } = await plannedReport(t, c, { categories: 2, questions: 2 });
    await api.answerAll(reportId);
    await api.submit(reportId);
    const before = await api.read(reportId);

    // Rename a question of the bank, reorder, remove and add questions and categories.
    const [cat1, cat2] = built.categories;
    await t.db
      .update(questions)
      .set({ name: 'Nieuwe tekst', answerOptions: ['Ja', 'Nee', 'Misschien'], memoTitle: 'Anders' })
      .where(eq(questions.id, cat1!.questions[0]!.questionId));
    await t.db
      .update(questionnaireQuestions)
      .set({ position: 9 })
      .where(eq(questionnaireQuestions.id, cat1!.questions[0]!.id));
    await t.db.delete(questionnaireQuestions).where(eq(questionnaireQuestions.id, cat1!.questions[1]!.id));
    await t.db.delete(questionnaireCategories).where(eq(questionnaireCategories.id, cat2!.id));

    expect(await api.read(reportId)).toEqual(before);
  });

  it('answers 404 for a report that does not exist', async () => {
    for (const id of [999_999, 0, 'abc']) {
      const res = await t.mechanic.get(reportPath(id));
      expect(res.statusCode, `${id}`).toBe(404);
    }
    // A PUT to a question path of a report that does not exist too.
    expect(
      (await t.mechanic.put(answerPath(999_999, 1), { body: { answered_at: new Date().toISOString() } })).statusCode,
    ).toBe(404);
  });
});
