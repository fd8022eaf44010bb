import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Questionnaire, QuestionnaireDetail } from '@keurwijzer/shared/questionnaires';
import { TEXT } from '@keurwijzer/shared/texts';
import { categories, questions } from '../../db/schema/master-data';
import { questionnaireCategories, questionnaireQuestions, questionnaires } from '../../db/schema/questionnaires';
import { describeCrud } from '../../test/crud-suite';
import { createQuestionnaire, uniqueName } from '../../test/factories';
import { errorsOf, getData, storedStructure } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

const body = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('NEN 3140'),
  inspection_type: 'safety',
  status: 'concept',
  ...overrides,
});

describeCrud({
  label: 'Vragenlijst',
  path: () => '/api/questionnaires',
  body: (name) => body({ name }),
  duplicateMessage: 'Er bestaat al een vragenlijst met deze naam',
  sortKeys: ['name', 'inspection_type', 'status', 'created_at'],
  t,
});

const detail = (id: number) => getData<QuestionnaireDetail>(t.admin, `/api/questionnaires/${id}/detail`);

describe('questionnaires', () => {
  it('stores the inspection type and status and answers the counts of categories and questions', async () => {
    const res = await t.admin.post('/api/questionnaires', {
      body: body({ inspection_type: 'inspection_maintenance', status: 'active' }),
      as: 'form',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      inspection_type: 'inspection_maintenance',
      status: 'active',
      categories_count: 0,
      questions_count: 0,
    });
    const built = await createQuestionnaire(t.db, { categories: 3, questions: 4 });
    const read = await t.admin.get(`/api/questionnaires/${built.questionnaire.id}`);
    expect(read.json().data).toMatchObject({ categories_count: 3, questions_count: 12 });
    const listed = await t.admin.get(`/api/questionnaires?search=${encodeURIComponent(built.questionnaire.name)}`);
    expect(listed.json().data).toMatchObject([
      { id: built.questionnaire.id, categories_count: 3, questions_count: 12 },
    ]);
  });

  it('answers 422 for a missing or unknown inspection type or status and stores nothing', async () => {
    const before = await t.db.$count(questionnaires);
    const missing = await t.admin.post('/api/questionnaires', { body: { name: uniqueName('Leeg') } });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({ inspection_type: ['Verplicht'], status: ['Verplicht'] });
    const junk = await t.admin.post('/api/questionnaires', {
      body: body({ inspection_type: 'keuring', status: 'archived' }),
      as: 'form',
    });
    expect(junk.statusCode).toBe(422);
    expect(Object.keys(errorsOf(junk)).sort()).toEqual(['inspection_type', 'status']);
    expect(await t.db.$count(questionnaires)).toBe(before);
  });

  it('filters the list by inspection type and status', async () => {
    const m = uniqueName('Filter');
    const made: Record<string, number> = {};
    for (const [type, status] of [
      ['inspection', 'active'],
      ['inspection', 'concept'],
      ['maintenance', 'active'],
      ['safety', 'concept'],
      ['inspection_maintenance', 'active'],
    ] as const) {
      const res = await t.admin.post('/api/questionnaires', {
        body: { name: `${m} ${type} ${status}`, inspection_type: type, status },
      });
      expect(res.statusCode, res.body).toBe(201);
      made[`${type}/${status}`] = res.json().data.id;
    }
    const ids = async (query: string) => {
      const res = await t.admin.get(`/api/questionnaires?search=${encodeURIComponent(m)}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Questionnaire[]).map((q) => q.id).sort((a, b) => a - b);
    };
    const of = (...keys: string[]) => keys.map((k) => made[k]!).sort((a, b) => a - b);
    expect(await ids('inspection_type=inspection')).toEqual(of('inspection/active', 'inspection/concept'));
    expect(await ids('status=concept')).toEqual(of('inspection/concept', 'safety/concept'));
    expect(await ids('inspection_type=inspection&status=active')).toEqual(of('inspection/active'));
    expect(await ids('inspection_type=inspection_maintenance')).toEqual(of('inspection_maintenance/active'));
    expect(await ids('inspection_type=safety&status=active')).toEqual([]);
    expect(await ids('')).toHaveLength(5);
  });

  it.each([
    ['inspection_type=keuring', 'inspection_type'],
    ['status=archived', 'status'],
    ['status=active&status=concept', 'status'],
  ])('answers 422 for the junk filter %s', async (query, field) => {
    const res = await t.admin.get(`/api/questionnaires?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({ [field]: ['Ongeldige keuze'] });
  });

  it('deletes a questionnaire with its structure, but not the categories and questions of the banks', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 3 });
    const categoryIds = built.categories.map((c) => c.categoryId);
    const questionIds = built.categories.flatMap((c) => c.questions.map((q) => q.questionId));
    const res = await t.admin.delete(`/api/questionnaires/${built.questionnaire.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Vragenlijst is verwijderd');
    expect(
      await t.db.$count(questionnaireCategories, eq(questionnaireCategories.questionnaireId, built.questionnaire.id)),
    ).toBe(0);
    expect(
      await t.db.$count(
        questionnaireQuestions,
        inArray(
          questionnaireQuestions.id,
          built.categories.flatMap((c) => c.questions.map((q) => q.id)),
        ),
      ),
    ).toBe(0);
    expect(await t.db.$count(categories, inArray(categories.id, categoryIds))).toBe(2);
    expect(await t.db.$count(questions, inArray(questions.id, questionIds))).toBe(6);
  });
});

describe('GET /api/questionnaires/:id/detail', () => {
  it('answers the questionnaire with its categories and their questions in order', async () => {
    const built = await createQuestionnaire(t.db, { name: uniqueName('Heftruck'), categories: 2, questions: 2 });
    const [first, second] = built.categories;
    const bank = await t.db
      .select()
      .from(questions)
      .where(
        inArray(
          questions.id,
          built.categories.flatMap((c) => c.questions.map((q) => q.questionId)),
        ),
      );
    const bankOf = (id: number) => bank.find((q) => q.id === id)!;
    const nameOf = async (categoryId: number) =>
      (await t.db.select().from(categories).where(eq(categories.id, categoryId)))[0]!.name;
    const d = await detail(built.questionnaire.id);
    expect(d).toEqual({
      id: built.questionnaire.id,
      name: built.questionnaire.name,
      inspection_type: 'inspection',
      status: 'active',
      created_at: built.questionnaire.createdAt.toISOString(),
      updated_at: built.questionnaire.updatedAt.toISOString(),
      categories_count: 2,
      questions_count: 4,
      categories: await Promise.all(
        [first!, second!].map(async (c) => ({
          id: c.id,
          questionnaire_id: built.questionnaire.id,
          category_id: c.categoryId,
          name: await nameOf(c.categoryId),
          position: c.position,
          questions: c.questions.map((q) => ({
            id: q.id,
            questionnaire_category_id: c.id,
            question_id: q.questionId,
            name: bankOf(q.questionId).name,
            answer_options: bankOf(q.questionId).answerOptions,
            memo_title: bankOf(q.questionId).memoTitle,
            position: q.position,
            kind: 'choice',
            answer_judgements: bankOf(q.questionId).answerJudgements,
            unit: null,
            min_value: null,
            max_value: null,
          })),
        })),
      ),
    });
  });

  it('answers an empty questionnaire with no categories, an empty category with no questions', async () => {
    const built = await createQuestionnaire(t.db);
    expect(await detail(built.questionnaire.id)).toMatchObject({
      categories: [],
      categories_count: 0,
      questions_count: 0,
    });
    const partly = await createQuestionnaire(t.db, { categories: 3, questions: 2 });
    const emptied = partly.categories[1]!;
    for (const q of emptied.questions) {
      const path = `/api/questionnaires/${partly.questionnaire.id}/categories/${emptied.id}/questions/${q.id}`;
      expect((await t.admin.delete(path)).statusCode).toBe(200);
    }
    const d = await detail(partly.questionnaire.id);
    expect(d.categories.map((c) => [c.id, c.questions.length])).toEqual([
      [partly.categories[0]!.id, 2],
      [emptied.id, 0],
      [partly.categories[2]!.id, 2],
    ]);
    expect(d).toMatchObject({ categories_count: 3, questions_count: 4 });
  });

  it('answers 404 for a questionnaire that does not exist, 401 and 403 to others', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await t.admin.get(`/api/questionnaires/${id}/detail`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(TEXT.notFound);
    }
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const path = `/api/questionnaires/${built.questionnaire.id}/detail`;
    expect((await t.visitor.get(path)).statusCode).toBe(401);
    expect((await t.mechanic.get(path)).statusCode).toBe(403);
    expect((await t.customerA.client.get(path)).statusCode).toBe(403);
    expect((await t.superAdmin.get(path)).statusCode).toBe(200);
  });

  it('shows the question bank as it is now (edits show); reports will keep their own copy', async () => {
    // Intended: a questionnaire refers to the bank, so fixing a typo in a question fixes every
    // questionnaire that uses it. History is the job of reports: a report will store the
    // question text and options it showed when it was filled in (questions schema comment), so
    // a later edit here cannot change a submitted report. There are no reports yet to test that.
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const qq = built.categories[0]!.questions[0]!;
    const edited = await t.admin.put(`/api/questions/${qq.questionId}`, {
      body: { name: uniqueName('Nieuwe tekst'), answer_options: ['Ja', 'Nee'], memo_title: 'Waarom?' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const shown = (await detail(built.questionnaire.id)).categories[0]!.questions[0]!;
    expect(shown).toMatchObject({
      id: qq.id,
      name: edited.json().data.name,
      answer_options: ['Ja', 'Nee'],
      memo_title: 'Waarom?',
      answer_judgements: ['good', 'reject'],
    });
  });

  it("shows each question's kind, judgements, unit and limits (the preview)", async () => {
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const qq = built.categories[0]!.questions[0]!;
    const judged = await t.admin.put(`/api/questions/${qq.questionId}`, {
      body: {
        name: uniqueName('Kabel'),
        answer_options: ['Heel', 'Beschadigd'],
        answer_judgements: ['good', 'reject'],
      },
    });
    expect(judged.statusCode, judged.body).toBe(200);
    const measured = await t.admin.post('/api/questions', {
      body: { name: uniqueName('Isolatieweerstand'), kind: 'measurement', unit: 'MOhm', min_value: '1,0' },
    });
    expect(measured.statusCode, measured.body).toBe(201);
    const added = await t.admin.post(
      `/api/questionnaires/${built.questionnaire.id}/categories/${built.categories[0]!.id}/questions`,
      { body: { question_id: measured.json().data.id } },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ kind: 'measurement', unit: 'MOhm', min_value: '1.0', max_value: null });
    const shown = (await detail(built.questionnaire.id)).categories[0]!.questions;
    expect(
      shown.map(({ kind, answer_options, answer_judgements, unit, min_value, max_value }) => ({
        kind,
        answer_options,
        answer_judgements,
        unit,
        min_value,
        max_value,
      })),
    ).toEqual([
      {
        kind: 'choice',
        answer_options: ['Heel', 'Beschadigd'],
        answer_judgements: ['good', 'reject'],
        unit: null,
        min_value: null,
        max_value: null,
      },
      {
        kind: 'measurement',
        answer_options: [],
        answer_judgements: [],
        unit: 'MOhm',
        min_value: '1.0',
        max_value: null,
      },
    ]);
  });
});

describe('POST /api/questionnaires/:id/duplicate', () => {
  it('copies everything as a new Concept named "Kopie van X", then "Kopie van X (2)"; the source stays', async () => {
    const built = await createQuestionnaire(t.db, {
      name: uniqueName('Compressor'),
      inspectionType: 'maintenance',
      status: 'active',
      categories: 3,
      questions: 4,
    });
    const source = built.questionnaire;
    // A non-trivial order: reversed categories, and the questions of the first one shuffled.
    const cats = built.categories.map((c) => c.id).reverse();
    expect(
      (await t.admin.post(`/api/questionnaires/${source.id}/categories/reorder`, { body: { ids: cats } })).statusCode,
    ).toBe(200);
    const q0 = built.categories[0]!.questions.map((q) => q.id);
    const shuffled = [q0[2]!, q0[0]!, q0[3]!, q0[1]!];
    const reorder = await t.admin.post(
      `/api/questionnaires/${source.id}/categories/${built.categories[0]!.id}/questions/reorder`,
      { body: { ids: shuffled } },
    );
    expect(reorder.statusCode, reorder.body).toBe(200);
    const sourceDetail = await detail(source.id);
    const sourceStored = await storedStructure(t.db, source.id);

    const res = await t.admin.post(`/api/questionnaires/${source.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Vragenlijst is gedupliceerd');
    const copy = res.json().data as Questionnaire;
    expect(copy).toMatchObject({
      name: `Kopie van ${source.name}`,
      inspection_type: 'maintenance',
      status: 'concept',
      categories_count: 3,
      questions_count: 12,
    });
    expect(copy.id).not.toBe(source.id);

    // Same categories and questions in the same order, in new rows of its own.
    const copyDetail = await detail(copy.id);
    const shape = (d: QuestionnaireDetail) =>
      d.categories.map((c) => ({
        category: c.category_id,
        name: c.name,
        questions: c.questions.map((q) => q.question_id),
      }));
    expect(shape(copyDetail)).toEqual(shape(sourceDetail));
    expect(shape(copyDetail)[0]!.category).toBe(built.categories[2]!.categoryId);
    expect(shape(copyDetail)[2]!.questions).toEqual(
      shuffled.map((id) => sourceStored[2]!.questions.find((q) => q.id === id)!.questionId),
    );
    const sourceRowIds = sourceStored.flatMap((c) => [c.id, ...c.questions.map((q) => q.id)]);
    const copyRowIds = copyDetail.categories.flatMap((c) => [c.id, ...c.questions.map((q) => q.id)]);
    expect(copyRowIds.filter((id) => sourceRowIds.includes(id))).toEqual([]);

    // The source is unchanged.
    expect(await detail(source.id)).toEqual(sourceDetail);

    const second = await t.admin.post(`/api/questionnaires/${source.id}/duplicate`, { body: {}, as: 'form' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.name).toBe(`Kopie van ${source.name} (2)`);
    const third = await t.admin.post(`/api/questionnaires/${source.id}/duplicate`);
    expect(third.json().data.name).toBe(`Kopie van ${source.name} (3)`);
  });

  it('lets the copy be edited without touching the source', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 2 });
    const source = built.questionnaire;
    const before = await detail(source.id);
    const copy = (await t.admin.post(`/api/questionnaires/${source.id}/duplicate`)).json().data as Questionnaire;
    const copyDetail = await detail(copy.id);
    const [c1, c2] = copyDetail.categories;
    const base = `/api/questionnaires/${copy.id}/categories`;

    expect((await t.admin.put(`/api/questionnaires/${copy.id}`, { body: body({ status: 'active' }) })).statusCode).toBe(
      200,
    );
    expect((await t.admin.post(`${base}/reorder`, { body: { ids: [c2!.id, c1!.id] } })).statusCode).toBe(200);
    expect(
      (
        await t.admin.post(`${base}/${c1!.id}/questions/reorder`, {
          body: { ids: c1!.questions.map((q) => q.id).reverse() },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.admin.delete(`${base}/${c1!.id}/questions/${c1!.questions[0]!.id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`${base}/${c2!.id}`)).statusCode).toBe(200);

    expect(await detail(source.id)).toEqual(before);
    expect((await detail(copy.id)).categories).toHaveLength(1);
  });

  it('gives copies made at once (a double click) each a free name, never a 500', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 2 });
    const source = built.questionnaire.name;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.admin.post(`/api/questionnaires/${built.questionnaire.id}/duplicate`)),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    expect(results.map((r) => r.json().data.name as string).sort()).toEqual([
      `Kopie van ${source}`,
      `Kopie van ${source} (2)`,
      `Kopie van ${source} (3)`,
      `Kopie van ${source} (4)`,
    ]);
    for (const res of results) expect(res.json().data).toMatchObject({ categories_count: 2, questions_count: 4 });
  });

  it('copies an empty questionnaire', async () => {
    const built = await createQuestionnaire(t.db);
    const res = await t.admin.post(`/api/questionnaires/${built.questionnaire.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    expect((await detail(res.json().data.id)).categories).toEqual([]);
  });

  it('keeps the copy name within 255 characters', async () => {
    const long = uniqueName('L').padEnd(255, 'x');
    const built = await createQuestionnaire(t.db, { name: long });
    const first = await t.admin.post(`/api/questionnaires/${built.questionnaire.id}/duplicate`);
    expect(first.statusCode, first.body).toBe(201);
    const second = await t.admin.post(`/api/questionnaires/${built.questionnaire.id}/duplicate`);
    expect(second.statusCode, second.body).toBe(201);
    const [a, b] = [first.json().data.name as string, second.json().data.name as string];
    expect(a.startsWith('Kopie van L')).toBe(true);
    expect(b).toBe(`${a} (2)`);
    expect(b.length).toBeLessThanOrEqual(255);
  });

  it('answers 404, 401, 403 and 419 and copies nothing', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const path = `/api/questionnaires/${built.questionnaire.id}/duplicate`;
    const before = await t.db.$count(questionnaires);
    expect((await t.admin.post('/api/questionnaires/999999/duplicate')).statusCode).toBe(404);
    expect((await t.visitor.post(path)).statusCode).toBe(401);
    expect((await t.mechanic.post(path)).statusCode).toBe(403);
    expect((await t.customerA.client.post(path)).statusCode).toBe(403);
    const noCsrf = await t.admin.post(path, { csrf: false });
    expect(noCsrf.statusCode).toBe(419);
    expect(noCsrf.json().message).toBe(TEXT.csrf);
    expect(await t.db.$count(questionnaires)).toBe(before);
  });
});
