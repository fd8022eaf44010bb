import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { questions } from '../../db/schema/master-data';
import { questionnaireQuestions } from '../../db/schema/questionnaires';
import { describeCrud } from '../../test/crud-suite';
import { errorsOf } from '../../test/helpers';
import { COMPLIANCE_TEXT } from '@keurwijzer/shared/compliance';
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
        kind: 'choice',
        answer_options: ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
        // None sent: each option gets the judgement its label suggests.
        answer_judgements: ['good', 'remark', 'reject', 'na'],
        unit: null,
        min_value: null,
        max_value: null,
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

describe('questions: judgements and measurements', () => {
  const measurement = (overrides: Record<string, unknown> = {}) =>
    body({ name: uniqueName('Isolatieweerstand'), kind: 'measurement', unit: 'MOhm', min_value: '1,0', ...overrides });

  it('creates, reads and updates a choice question with a judgement per option', async () => {
    const created = await t.admin.post('/api/questions', {
      body: body({ answer_options: ['Goed', 'Matig', 'Slecht'], answer_judgements: ['good', 'reject', 'remark'] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      kind: 'choice',
      answer_options: ['Goed', 'Matig', 'Slecht'],
      answer_judgements: ['good', 'reject', 'remark'],
    });
    const read = await t.admin.get(`/api/questions/${id}`);
    expect(read.json().data.answer_judgements).toEqual(['good', 'reject', 'remark']);
    // An emptied option leaves with its judgement; the others keep theirs.
    const updated = await t.admin.put(`/api/questions/${id}`, {
      body: body({
        answer_options: ['Goed', '', 'Slecht', 'n.v.t.'],
        answer_judgements: ['remark', 'good', 'remark', ''],
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      answer_options: ['Goed', 'Slecht', 'n.v.t.'],
      answer_judgements: ['remark', 'remark', 'na'],
    });
    const [row] = await t.db.select().from(questions).where(eq(questions.id, id));
    expect(row!.answerJudgements).toEqual(['remark', 'remark', 'na']);
  });

  it('takes the judgements from form data as repeated keys, one as a plain string', async () => {
    for (const as of ['form', 'multipart'] as const) {
      const res = await t.admin.post('/api/questions', {
        body: body({ answer_options: ['Ja', 'Nee'], answer_judgements: ['na', 'remark'] }),
        as,
      });
      expect(res.statusCode, `${as}: ${res.body}`).toBe(201);
      expect(res.json().data.answer_judgements).toEqual(['na', 'remark']);
    }
    const single = await t.admin.post('/api/questions', {
      body: body({ answer_options: 'Ja', answer_judgements: 'reject' }),
      as: 'form',
    });
    expect(single.json().data.answer_judgements).toEqual(['reject']);
  });

  it('answers 422 at the position of an unknown judgement and stores nothing', async () => {
    const before = await questionCount();
    const res = await t.admin.post('/api/questions', {
      body: body({ answer_options: ['Goed', 'Slecht'], answer_judgements: ['good', 'bad'] }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)).toEqual({ 'answer_judgements.1': ['Ongeldige keuze'] });
    const notList = await t.admin.post('/api/questions', { body: body({ answer_judgements: { 0: 'good' } }) });
    expect(notList.statusCode, notList.body).toBe(422);
    expect(errorsOf(notList)).toEqual({ 'answer_judgements.0': ['Ongeldige keuze'] });
    const kind = await t.admin.post('/api/questions', { body: body({ kind: 'meting' }) });
    expect(errorsOf(kind)).toEqual({ kind: ['Ongeldige keuze'] });
    expect(await questionCount()).toBe(before);
  });

  it('reads back the defaults by label for a question stored without judgements', async () => {
    const q = await createQuestion(t.db, { answerOptions: ['Ja', 'Nee', 'Twijfel', 'nvt'] });
    const res = await t.admin.get(`/api/questions/${q.id}`);
    expect(res.json().data).toMatchObject({
      kind: 'choice',
      answer_judgements: ['good', 'reject', 'remark', 'na'],
      unit: null,
      min_value: null,
      max_value: null,
    });
  });

  it('creates, reads and updates a measurement typed with a Dutch comma; options are ignored', async () => {
    const created = await t.admin.post('/api/questions', {
      body: measurement({ answer_options: ['Goed'], answer_judgements: ['good'] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      kind: 'measurement',
      unit: 'MOhm',
      min_value: '1.0',
      max_value: null,
      answer_options: [],
      answer_judgements: [],
    });
    expect((await t.admin.get(`/api/questions/${id}`)).json().data).toMatchObject({
      min_value: '1.0',
      max_value: null,
    });
    // Equal limits (both inclusive) and a point as separator are fine; a form sends strings.
    const updated = await t.admin.put(`/api/questions/${id}`, {
      body: measurement({ unit: 'Ohm', min_value: '0,30', max_value: '0.3' }),
      as: 'form',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ unit: 'Ohm', min_value: '0.30', max_value: '0.3' });
    const maxOnly = await t.admin.put(`/api/questions/${id}`, {
      body: measurement({ min_value: '', max_value: '-0,5' }),
    });
    expect(maxOnly.json().data).toMatchObject({ min_value: null, max_value: '-0.5' });
    // Back to answer options: the unit and limits go.
    const choice = await t.admin.put(`/api/questions/${id}`, {
      body: body({ kind: 'choice', unit: 'V', max_value: '1' }),
    });
    expect(choice.statusCode, choice.body).toBe(200);
    expect(choice.json().data).toMatchObject({ kind: 'choice', unit: null, min_value: null, max_value: null });
    expect(choice.json().data.answer_options).toEqual(['Goed', 'Matig', 'Slecht']);
  });

  it('answers 422 for a measurement without unit, without limits, with min above max or a bad number', async () => {
    const before = await questionCount();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ unit: '' }, { unit: [COMPLIANCE_TEXT.unitRequired] }],
      [{ unit: undefined }, { unit: [COMPLIANCE_TEXT.unitRequired] }],
      [{ unit: 'x'.repeat(21) }, { unit: ['Maximaal 20 tekens'] }],
      [{ min_value: '', max_value: '' }, { min_value: [COMPLIANCE_TEXT.measurementLimitsRequired] }],
      [{ min_value: '2', max_value: '1,99' }, { min_value: [COMPLIANCE_TEXT.measurementLimitsOrder] }],
      [{ min_value: '1,2,3' }, { min_value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [{ max_value: 'veel' }, { max_value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [{ max_value: '1,23456' }, { max_value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [{ max_value: '123456789' }, { max_value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [{ max_value: { v: 1 } }, { max_value: [COMPLIANCE_TEXT.invalidMeasurement] }],
      [
        { name: '', unit: '', min_value: '' },
        {
          name: ['Verplicht'],
          unit: [COMPLIANCE_TEXT.unitRequired],
          min_value: [COMPLIANCE_TEXT.measurementLimitsRequired],
        },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const res = await t.admin.post('/api/questions', { body: measurement(overrides) });
      expect(res.statusCode, `${JSON.stringify(overrides)}: ${res.body}`).toBe(422);
      expect(errorsOf(res), JSON.stringify(overrides)).toEqual(errors);
    }
    // An update is checked the same way and changes nothing.
    const q = await createQuestion(t.db);
    const refused = await t.admin.put(`/api/questions/${q.id}`, {
      body: measurement({ min_value: '5', max_value: '1' }),
    });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({ min_value: [COMPLIANCE_TEXT.measurementLimitsOrder] });
    const [row] = await t.db.select().from(questions).where(eq(questions.id, q.id));
    expect(row!.kind).toBe('choice');
    expect(await questionCount()).toBe(before + 1);
  });

  it('keeps the new fields behind the same doors: 401, 403, 419', async () => {
    const input = measurement();
    expect((await t.visitor.post('/api/questions', { body: input })).statusCode).toBe(401);
    expect((await t.mechanic.post('/api/questions', { body: input })).statusCode).toBe(403);
    expect((await t.customerA.client.post('/api/questions', { body: input })).statusCode).toBe(403);
    expect((await t.admin.post('/api/questions', { body: input, csrf: false })).statusCode).toBe(419);
    expect((await t.admin.put('/api/questions/999999', { body: input })).statusCode).toBe(404);
  });
});
