import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { questions } from '../../db/schema/master-data';
import { questionnaireQuestions } from '../../db/schema/questionnaires';
import { describeCrud } from '../../test/crud-suite';
import { errorsOf } from '../../test/helpers';
import { createQuestion, createQuestionnaire, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

const body = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('Is de noodstop bereikbaar?'),
  answer_options: ['Goed', 'Matig', 'Slecht'],
  memo_title: 'Toelichting',
  order: 10,
  ...overrides,
});
const questionCount = () => t.db.$count(questions);

describeCrud({
  label: 'Vraag',
  path: () => '/api/questions',
  body: (name) => body({ name }),
  duplicateMessage: 'Deze vraag bestaat al in de vragenbank',
  sortKeys: ['order', 'name', 'created_at'],
  t,
});

describe('questions: answer options, memo title and order', () => {
  it('stores 1 to 4 answer options, the memo title and the order', async () => {
    const input = body({ answer_options: ['Goed', 'Matig', 'Slecht', 'n.v.t.'], memo_title: 'Opmerkingen monteur' });
    const res = await t.admin.post('/api/questions', { body: input });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: 'Vraag is aangemaakt',
      data: {
        id: expect.any(Number),
        name: input.name,
        answer_options: ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
        memo_title: 'Opmerkingen monteur',
        order: 10,
        questionnaires_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const one = await t.admin.post('/api/questions', { body: body({ answer_options: ['Akkoord'] }) });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().data.answer_options).toEqual(['Akkoord']);
  });

  it('takes one option from form data as a plain string, several as repeated keys', async () => {
    const single = await t.admin.post('/api/questions', {
      body: body({ answer_options: 'Goed', memo_title: '', order: '3' }),
      as: 'form',
    });
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json().data).toMatchObject({ answer_options: ['Goed'], memo_title: null, order: 3 });
    for (const as of ['form', 'multipart'] as const) {
      const several = await t.admin.post('/api/questions', {
        body: body({ answer_options: ['Goed', '', 'Slecht'] }),
        as,
      });
      expect(several.statusCode, `${as}: ${several.body}`).toBe(201);
      // Empty option fields (a form's unused inputs) are dropped.
      expect(several.json().data.answer_options).toEqual(['Goed', 'Slecht']);
    }
  });

  it('answers 422 for 0 or 5 answer options and stores nothing', async () => {
    const before = await questionCount();
    for (const [options, message] of [
      [[], 'Vul minimaal één antwoordoptie in'],
      [['', '  '], 'Vul minimaal één antwoordoptie in'],
      [undefined, 'Vul minimaal één antwoordoptie in'],
      [['1', '2', '3', '4', '5'], 'Maximaal 4 antwoordopties'],
    ] as const) {
      const res = await t.admin.post('/api/questions', { body: body({ answer_options: options }) });
      expect(res.statusCode, `${JSON.stringify(options)}: ${res.body}`).toBe(422);
      expect(errorsOf(res)).toEqual({ answer_options: [message] });
    }
    const five = await t.admin.post('/api/questions', {
      body: body({ answer_options: ['1', '2', '3', '4', '5'] }),
      as: 'form',
    });
    expect(errorsOf(five)).toEqual({ answer_options: ['Maximaal 4 antwoordopties'] });
    const none = await t.admin.post('/api/questions', { body: { name: uniqueName('Zonder opties') }, as: 'form' });
    expect(errorsOf(none)).toEqual({ answer_options: ['Vul minimaal één antwoordoptie in'] });
    expect(await questionCount()).toBe(before);
  });

  it('answers 422 "Maximaal 255 tekens" for a long answer option or memo title', async () => {
    const before = await questionCount();
    const option = await t.admin.post('/api/questions', { body: body({ answer_options: ['Goed', 'x'.repeat(256)] }) });
    expect(option.statusCode).toBe(422);
    expect(Object.values(errorsOf(option)).flat()).toEqual(['Maximaal 255 tekens']);
    const memo = await t.admin.post('/api/questions', { body: body({ memo_title: 'x'.repeat(256) }) });
    expect(memo.statusCode).toBe(422);
    expect(errorsOf(memo)).toEqual({ memo_title: ['Maximaal 255 tekens'] });
    expect(await questionCount()).toBe(before);
    const max = await t.admin.post('/api/questions', {
      body: body({ answer_options: ['o'.repeat(255)], memo_title: 'm'.repeat(255) }),
    });
    expect(max.statusCode, max.body).toBe(201);
  });

  it('answers 422 for an order that is not a whole number from 0', async () => {
    for (const order of ['abc', '1.5', '-1', '100001']) {
      const res = await t.admin.post('/api/questions', { body: body({ order }), as: 'form' });
      expect(res.statusCode, `${order}: ${res.body}`).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['order']);
    }
  });

  it('refuses answer options that are no strings (422, no 500)', async () => {
    const res = await t.admin.post('/api/questions', { body: body({ answer_options: [{ label: 'Goed' }] }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(errorsOf(res))[0]).toMatch(/^answer_options/);
  });

  it('lists by order by default, then by id', async () => {
    const m = uniqueName('Volgorde');
    const c = await createQuestion(t.db, { name: `${m} c`, order: 2 });
    const a = await createQuestion(t.db, { name: `${m} a`, order: 1 });
    const b = await createQuestion(t.db, { name: `${m} b`, order: 2 });
    const res = await t.admin.get(`/api/questions?search=${encodeURIComponent(m)}`);
    expect(res.json().data.map((q: { id: number }) => q.id)).toEqual([a.id, c.id, b.id]);
    const desc = await t.admin.get(`/api/questions?search=${encodeURIComponent(m)}&sortKey=order&sortOrder=desc`);
    expect(desc.json().data.map((q: { id: number }) => q.id)).toEqual([b.id, c.id, a.id]);
  });

  it('refuses to delete a question used in a questionnaire (409, Dutch reason) and removes nothing', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const questionId = built.categories[0]!.questions[0]!.questionId;
    const other = await createQuestionnaire(t.db, { categories: 1 });
    const added = await t.admin.post(
      `/api/questionnaires/${other.questionnaire.id}/categories/${other.categories[0]!.id}/questions`,
      { body: { question_id: questionId } },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await t.admin.get(`/api/questions/${questionId}`)).json().data.questionnaires_count).toBe(2);
    for (const res of [
      await t.admin.delete(`/api/questions/${questionId}`),
      await t.admin.post(`/api/questions/${questionId}`, { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        message: 'Deze vraag wordt gebruikt in 2 vragenlijsten en kan niet worden verwijderd.',
        errors: {},
      });
    }
    expect(await t.db.$count(questions, eq(questions.id, questionId))).toBe(1);
    expect(await t.db.$count(questionnaireQuestions, eq(questionnaireQuestions.questionId, questionId))).toBe(2);
  });

  it('counts a questionnaire once however often the question is in it', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 1 });
    const questionId = built.categories[0]!.questions[0]!.questionId;
    const res = await t.admin.post(
      `/api/questionnaires/${built.questionnaire.id}/categories/${built.categories[1]!.id}/questions`,
      { body: { question_id: questionId } },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.admin.get(`/api/questions/${questionId}`)).json().data.questionnaires_count).toBe(1);
    expect((await t.admin.delete(`/api/questions/${questionId}`)).json().message).toBe(
      'Deze vraag wordt gebruikt in 1 vragenlijst en kan niet worden verwijderd.',
    );
  });

  it('never answers 500 when a question is added to a questionnaire while it is deleted (PostgreSQL race)', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1 });
    const path = `/api/questionnaires/${built.questionnaire.id}/categories/${built.categories[0]!.id}/questions`;
    for (let round = 0; round < 5; round++) {
      const question = await createQuestion(t.db);
      const [added, deleted] = await Promise.all([
        t.admin.post(path, { body: { question_id: question.id } }),
        t.admin.delete(`/api/questions/${question.id}`),
      ]);
      const outcome = `${added.statusCode}/${deleted.statusCode}`;
      expect(['201/409', '422/200'], `${outcome}: ${added.body} ${deleted.body}`).toContain(outcome);
      if (added.statusCode === 422) {
        expect(added.json().errors).toEqual({ question_id: ['Deze vraag bestaat niet (meer)'] });
      }
      expect(await t.db.$count(questions, eq(questions.id, question.id))).toBe(added.statusCode === 201 ? 1 : 0);
    }
  });
});
