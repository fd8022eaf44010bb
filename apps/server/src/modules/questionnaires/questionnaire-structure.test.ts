import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  QuestionnaireCategory,
  QuestionnaireDetail,
  QuestionnaireQuestion,
} from '@keurwijzer/shared/questionnaires';
import { TEXT } from '@keurwijzer/shared/texts';
import { categories, questions } from '../../db/schema/master-data';
import type { TestClient } from '../../test/client';
import { createCategory, createQuestion, createQuestionnaire, type Built } from '../../test/factories';
import { errorsOf, getData, storedStructure } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

const STALE_ORDER = 'De volgorde is intussen gewijzigd. Vernieuw de pagina en probeer het opnieuw.';
const cats = (b: Built | number) => `/api/questionnaires/${typeof b === 'number' ? b : b.questionnaire.id}/categories`;
const qs = (b: Built, categoryIndex = 0) => `${cats(b)}/${b.categories[categoryIndex]!.id}/questions`;

const categoriesOf = (id: number) => getData<QuestionnaireCategory[]>(t.admin, cats(id));
const questionsOf = (b: Built, categoryIndex = 0) => getData<QuestionnaireQuestion[]>(t.admin, qs(b, categoryIndex));
const detail = (id: number) => getData<QuestionnaireDetail>(t.admin, `/api/questionnaires/${id}/detail`);
describe('categories of a questionnaire', () => {
  it('adds bank categories at the end (201 "Categorie is toegevoegd") and lists them in order', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 2 });
    const a = await createCategory(t.db, 'Visuele inspectie');
    const b = await createCategory(t.db, 'Beschermingsleiding');
    const added = await t.admin.post(cats(built), { body: { category_id: a.id } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({
      message: 'Categorie is toegevoegd',
      data: {
        id: expect.any(Number),
        questionnaire_id: built.questionnaire.id,
        category_id: a.id,
        name: 'Visuele inspectie',
        position: 2,
        questions_count: 0,
      },
    });
    const viaForm = await t.admin.post(cats(built), { body: { category_id: String(b.id) }, as: 'form' });
    expect(viaForm.statusCode, viaForm.body).toBe(201);
    expect(viaForm.json().data.position).toBe(3);

    const list = await categoriesOf(built.questionnaire.id);
    expect(list.map((c) => [c.category_id, c.position, c.questions_count])).toEqual([
      [built.categories[0]!.categoryId, 1, 2],
      [a.id, 2, 0],
      [b.id, 3, 0],
    ]);
    const one = await t.admin.get(`${cats(built)}/${added.json().data.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(added.json().data);
  });

  it('answers 422 for a missing, unknown or already added category and adds nothing', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1 });
    const before = await storedStructure(t.db, built.questionnaire.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ category_id: 999_999 }, 'Deze categorie bestaat niet (meer)'],
      [{ category_id: built.categories[0]!.categoryId }, 'Deze categorie staat al in de vragenlijst'],
    ];
    for (const [body, message] of cases) {
      const res = await t.admin.post(cats(built), { body });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual({ category_id: [message] });
    }
    for (const body of [{}, { category_id: '' }, { category_id: 'abc' }, { category_id: '-1' }]) {
      const res = await t.admin.post(cats(built), { body, as: 'form' });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['category_id']);
    }
    expect(await storedStructure(t.db, built.questionnaire.id)).toEqual(before);
  });

  it('changes the category of a questionnaire category, keeping its position and questions', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 2 });
    const other = await createCategory(t.db, 'Aardlekschakelaar');
    const target = built.categories[1]!;
    const res = await t.admin.put(`${cats(built)}/${target.id}`, { body: { category_id: other.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Categorie is gewijzigd',
      data: {
        id: target.id,
        questionnaire_id: built.questionnaire.id,
        category_id: other.id,
        name: 'Aardlekschakelaar',
        position: 2,
        questions_count: 2,
      },
    });
    // Saving it unchanged is fine; taking a category the questionnaire already has is not.
    expect((await t.admin.put(`${cats(built)}/${target.id}`, { body: { category_id: other.id } })).statusCode).toBe(
      200,
    );
    const taken = await t.admin.put(`${cats(built)}/${target.id}`, {
      body: { category_id: built.categories[0]!.categoryId },
    });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toEqual({ category_id: ['Deze categorie staat al in de vragenlijst'] });
    const viaOverride = await t.admin.post(`${cats(built)}/${target.id}`, {
      body: { _method: 'PUT', category_id: String(built.categories[1]!.categoryId) },
      as: 'form',
    });
    expect(viaOverride.statusCode, viaOverride.body).toBe(200);
    expect(viaOverride.json().data.category_id).toBe(built.categories[1]!.categoryId);
  });

  it('removes a category with its questions from the questionnaire (not from the banks)', async () => {
    const built = await createQuestionnaire(t.db, { categories: 3, questions: 2 });
    const [first, second, third] = built.categories;
    const res = await t.admin.delete(`${cats(built)}/${second!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Categorie is verwijderd' });
    expect((await storedStructure(t.db, built.questionnaire.id)).map((c) => c.id)).toEqual([first!.id, third!.id]);
    expect((await t.admin.get(`${cats(built)}/${second!.id}`)).statusCode).toBe(404);
    expect(await t.db.$count(categories, eq(categories.id, second!.categoryId))).toBe(1);
    expect(await t.db.$count(questions, eq(questions.id, second!.questions[0]!.questionId))).toBe(1);

    const viaOverride = await t.admin.post(`${cats(built)}/${third!.id}`, { body: { _method: 'DELETE' }, as: 'form' });
    expect(viaOverride.statusCode, viaOverride.body).toBe(200);
    expect((await storedStructure(t.db, built.questionnaire.id)).map((c) => c.id)).toEqual([first!.id]);
    expect((await t.admin.delete(`${cats(built)}/${third!.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for a questionnaire category through another questionnaire's path and changes nothing", async () => {
    const owner = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const stranger = await createQuestionnaire(t.db, { categories: 1 });
    const before = await storedStructure(t.db, owner.questionnaire.id);
    const foreign = owner.categories[0]!;
    const path = `${cats(stranger)}/${foreign.id}`;
    const other = await createCategory(t.db);
    const question = await createQuestion(t.db);
    for (const res of [
      await t.admin.get(path),
      await t.admin.put(path, { body: { category_id: other.id } }),
      await t.admin.post(path, { body: { _method: 'PUT', category_id: other.id }, as: 'form' }),
      await t.admin.delete(path),
      await t.admin.post(path, { body: { _method: 'DELETE' }, as: 'form' }),
      await t.admin.get(`${path}/questions`),
      await t.admin.post(`${path}/questions`, { body: { question_id: question.id } }),
      await t.admin.post(`${path}/questions/reorder`, { body: { ids: [foreign.questions[0]!.id] } }),
      await t.admin.get(`${path}/questions/${foreign.questions[0]!.id}`),
      await t.admin.delete(`${path}/questions/${foreign.questions[0]!.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(TEXT.notFound);
    }
    expect(await storedStructure(t.db, owner.questionnaire.id)).toEqual(before);
  });

  it('answers 404 for the categories of a questionnaire that does not exist', async () => {
    const category = await createCategory(t.db);
    for (const res of [
      await t.admin.get(cats(999_999)),
      await t.admin.post(cats(999_999), { body: { category_id: category.id } }),
      await t.admin.post(`${cats(999_999)}/reorder`, { body: { ids: [1] } }),
      await t.admin.get(`${cats(999_999)}/1`),
      await t.admin.get('/api/questionnaires/abc/categories'),
      await t.admin.get(`${cats(999_999)}/abc`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

describe('questions of a questionnaire category', () => {
  it('adds bank questions at the end (201 "Vraag is toegevoegd") with the bank fields', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 1 });
    const q = await createQuestion(t.db, {
      name: 'Is de isolatieweerstand voldoende?',
      answerOptions: ['Goed', 'Afgekeurd'],
      memoTitle: 'Gemeten waarde (MΩ)',
    });
    const res = await t.admin.post(qs(built), { body: { question_id: q.id } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: 'Vraag is toegevoegd',
      data: {
        id: expect.any(Number),
        questionnaire_category_id: built.categories[0]!.id,
        question_id: q.id,
        name: 'Is de isolatieweerstand voldoende?',
        answer_options: ['Goed', 'Afgekeurd'],
        memo_title: 'Gemeten waarde (MΩ)',
        position: 2,
        kind: 'choice',
        answer_judgements: ['good', 'reject'],
        unit: null,
        min_value: null,
        max_value: null,
      },
    });
    // The same bank question may be in another category of the questionnaire.
    const elsewhere = await t.admin.post(qs(built, 1), { body: { question_id: String(q.id) }, as: 'multipart' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    const list = await questionsOf(built);
    expect(list.map((x) => [x.question_id, x.position])).toEqual([
      [built.categories[0]!.questions[0]!.questionId, 1],
      [q.id, 2],
    ]);
    const one = await t.admin.get(`${qs(built)}/${res.json().data.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(res.json().data);
    expect((await categoriesOf(built.questionnaire.id))[0]!.questions_count).toBe(2);
  });

  it('answers 422 for a missing, unknown or already added question and adds nothing', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const before = await storedStructure(t.db, built.questionnaire.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ question_id: 999_999 }, 'Deze vraag bestaat niet (meer)'],
      [{ question_id: built.categories[0]!.questions[0]!.questionId }, 'Deze vraag staat al in deze categorie'],
    ];
    for (const [body, message] of cases) {
      const res = await t.admin.post(qs(built), { body });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual({ question_id: [message] });
    }
    for (const body of [{}, { question_id: '' }, { question_id: 'abc' }]) {
      const res = await t.admin.post(qs(built), { body, as: 'form' });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['question_id']);
    }
    expect(await storedStructure(t.db, built.questionnaire.id)).toEqual(before);
  });

  it('changes the question of a questionnaire question, keeping its position', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 3 });
    const target = built.categories[0]!.questions[1]!;
    const replacement = await createQuestion(t.db, { name: 'Werkt de noodstop?' });
    const path = `${qs(built)}/${target.id}`;
    const res = await t.admin.put(path, { body: { question_id: replacement.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Vraag is gewijzigd',
      data: { id: target.id, question_id: replacement.id, name: 'Werkt de noodstop?', position: 2 },
    });
    const taken = await t.admin.put(path, { body: { question_id: built.categories[0]!.questions[0]!.questionId } });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toEqual({ question_id: ['Deze vraag staat al in deze categorie'] });
    const viaOverride = await t.admin.post(path, {
      body: { _method: 'PUT', question_id: String(target.questionId) },
      as: 'form',
    });
    expect(viaOverride.statusCode, viaOverride.body).toBe(200);
    expect(viaOverride.json().data.question_id).toBe(target.questionId);
  });

  it('removes a question from the category (not from the bank)', async () => {
    const built = await createQuestionnaire(t.db, { categories: 1, questions: 3 });
    const [q1, q2, q3] = built.categories[0]!.questions;
    const res = await t.admin.delete(`${qs(built)}/${q2!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Vraag is verwijderd' });
    expect(await t.db.$count(questions, eq(questions.id, q2!.questionId))).toBe(1);
    const viaOverride = await t.admin.post(`${qs(built)}/${q3!.id}`, { body: { _method: 'DELETE' }, as: 'form' });
    expect(viaOverride.statusCode, viaOverride.body).toBe(200);
    expect((await questionsOf(built)).map((q) => q.id)).toEqual([q1!.id]);
    expect((await t.admin.get(`${qs(built)}/${q2!.id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`${qs(built)}/${q2!.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for a question through another category's path and changes nothing", async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 1 });
    const before = await storedStructure(t.db, built.questionnaire.id);
    const foreign = built.categories[0]!.questions[0]!;
    const path = `${qs(built, 1)}/${foreign.id}`;
    const other = await createQuestion(t.db);
    for (const res of [
      await t.admin.get(path),
      await t.admin.put(path, { body: { question_id: other.id } }),
      await t.admin.post(path, { body: { _method: 'PUT', question_id: other.id }, as: 'form' }),
      await t.admin.delete(path),
      await t.admin.get(`${qs(built)}/999999`),
      await t.admin.get(`${qs(built)}/abc`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await storedStructure(t.db, built.questionnaire.id)).toEqual(before);
  });
});

describe('reorder', () => {
  it('persists a new category order: GET categories and the detail answer it', async () => {
    const built = await createQuestionnaire(t.db, { categories: 4, questions: 1 });
    const [a, b, c, d] = built.categories.map((x) => x.id);
    const res = await t.admin.post(`${cats(built)}/reorder`, { body: { ids: [c, a, d, b] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Volgorde is opgeslagen' });
    expect((await categoriesOf(built.questionnaire.id)).map((x) => [x.id, x.position])).toEqual([
      [c, 1],
      [a, 2],
      [d, 3],
      [b, 4],
    ]);
    expect((await detail(built.questionnaire.id)).categories.map((x) => x.id)).toEqual([c, a, d, b]);

    // Form data repeats the key, as the web app sends it.
    const form = await t.admin.post(`${cats(built)}/reorder`, { body: { ids: [d, c, b, a].map(String) }, as: 'form' });
    expect(form.statusCode, form.body).toBe(200);
    expect((await detail(built.questionnaire.id)).categories.map((x) => x.id)).toEqual([d, c, b, a]);

    // A category added afterwards goes to the end.
    const added = await t.admin.post(cats(built), { body: { category_id: (await createCategory(t.db)).id } });
    expect(added.json().data.position).toBe(5);
    expect((await categoriesOf(built.questionnaire.id)).at(-1)!.id).toBe(added.json().data.id);
  });

  it('persists a new question order: GET questions and the detail answer it', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 3 });
    const [q1, q2, q3] = built.categories[1]!.questions.map((x) => x.id);
    const res = await t.admin.post(`${qs(built, 1)}/reorder`, { body: { ids: [q3, q1, q2] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: null, message: 'Volgorde is opgeslagen' });
    expect((await questionsOf(built, 1)).map((x) => [x.id, x.position])).toEqual([
      [q3, 1],
      [q1, 2],
      [q2, 3],
    ]);
    const d = await detail(built.questionnaire.id);
    expect(d.categories[1]!.questions.map((x) => x.id)).toEqual([q3, q1, q2]);
    // The other category keeps its order.
    expect(d.categories[0]!.questions.map((x) => x.id)).toEqual(built.categories[0]!.questions.map((x) => x.id));

    const form = await t.admin.post(`${qs(built, 1)}/reorder`, {
      body: { ids: [q2, q3, q1].map(String) },
      as: 'multipart',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect((await detail(built.questionnaire.id)).categories[1]!.questions.map((x) => x.id)).toEqual([q2, q3, q1]);
  });

  it('answers 422 for a category order naming a foreign id, missing one or repeating one; the order stays', async () => {
    const built = await createQuestionnaire(t.db, { categories: 3 });
    const other = await createQuestionnaire(t.db, { categories: 1 });
    const [a, b, c] = built.categories.map((x) => x.id);
    const foreign = other.categories[0]!.id;
    const before = await storedStructure(t.db, built.questionnaire.id);
    for (const ids of [
      [c, b, foreign],
      [c, b, a, foreign],
      [c, b],
      [c, b, b],
      [c, b, a, a],
      [c, b, a, 999_999],
    ]) {
      const res = await t.admin.post(`${cats(built)}/reorder`, { body: { ids } });
      expect(res.statusCode, JSON.stringify(ids)).toBe(422);
      expect(errorsOf(res)).toEqual({ ids: [STALE_ORDER] });
    }
    for (const body of [{}, { ids: [] }, { ids: 'abc' }, { ids: [a, 'x', c] }]) {
      const res = await t.admin.post(`${cats(built)}/reorder`, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await storedStructure(t.db, built.questionnaire.id)).toEqual(before);
    expect(await storedStructure(t.db, other.questionnaire.id)).toEqual([
      expect.objectContaining({ id: foreign, position: 1 }),
    ]);
  });

  it('answers 422 for a question order naming a foreign id, missing one or repeating one; the order stays', async () => {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 3 });
    const [a, b, c] = built.categories[0]!.questions.map((x) => x.id);
    const sibling = built.categories[1]!.questions[0]!.id;
    const before = await storedStructure(t.db, built.questionnaire.id);
    for (const ids of [
      [c, b, sibling],
      [c, b, a, sibling],
      [a, b],
      [a, a, b],
      [a, b, c, c],
    ]) {
      const res = await t.admin.post(`${qs(built)}/reorder`, { body: { ids } });
      expect(res.statusCode, JSON.stringify(ids)).toBe(422);
      expect(errorsOf(res)).toEqual({ ids: [STALE_ORDER] });
    }
    expect((await t.admin.post(`${qs(built)}/reorder`, { body: { ids: [] } })).statusCode).toBe(422);
    expect(await storedStructure(t.db, built.questionnaire.id)).toEqual(before);
  });
});

describe('access to the structure endpoints', () => {
  /** Every structure endpoint with a valid request, built fresh so a refusal can be checked against it. */
  async function endpoints() {
    const built = await createQuestionnaire(t.db, { categories: 2, questions: 2 });
    const [c1, c2] = built.categories;
    const [category, otherCategory] = [await createCategory(t.db), await createCategory(t.db)];
    const [question, otherQuestion] = [await createQuestion(t.db), await createQuestion(t.db)];
    const cat = `${cats(built)}/${c1!.id}`;
    const q = `${qs(built)}/${c1!.questions[0]!.id}`;
    // In an order in which each one succeeds for an admin (reorders before adds, deletes last).
    const list: [string, string, Record<string, unknown>?][] = [
      ['GET', `/api/questionnaires/${built.questionnaire.id}/detail`],
      ['POST', `/api/questionnaires/${built.questionnaire.id}/duplicate`],
      ['GET', cats(built)],
      ['POST', `${cats(built)}/reorder`, { ids: [c2!.id, c1!.id] }],
      ['GET', cat],
      ['PUT', cat, { category_id: category.id }],
      ['GET', qs(built)],
      ['POST', `${qs(built)}/reorder`, { ids: c1!.questions.map((x) => x.id).reverse() }],
      ['POST', qs(built), { question_id: question.id }],
      ['GET', q],
      ['PUT', q, { question_id: otherQuestion.id }],
      ['DELETE', q],
      ['POST', cats(built), { category_id: otherCategory.id }],
      ['DELETE', cat],
    ];
    return { built, list };
  }
  const send = (client: TestClient, method: string, path: string, body?: Record<string, unknown>, csrf = true) =>
    client.request(method as 'GET', path, { ...(body ? { body } : {}), csrf });

  it('answers 401 without a session, 403 to a mechanic and a customer, 419 without CSRF; nothing changes', async () => {
    const { built, list } = await endpoints();
    const before = await storedStructure(t.db, built.questionnaire.id);
    const count = async () => (await t.admin.get('/api/questionnaires?itemsPerPage=1')).json().meta.total as number;
    const questionnaires = await count();
    for (const [method, path, body] of list) {
      const label = `${method} ${path}`;
      expect((await send(t.visitor, method, path, body)).statusCode, label).toBe(401);
      expect((await send(t.mechanic, method, path, body)).statusCode, label).toBe(403);
      expect((await send(t.customerA.client, method, path, body)).statusCode, label).toBe(403);
      if (method !== 'GET') {
        const res = await send(t.admin, method, path, body, false);
        expect(res.statusCode, label).toBe(419);
        expect(res.json().message).toBe(TEXT.csrf);
      }
    }
    expect(await storedStructure(t.db, built.questionnaire.id)).toEqual(before);
    expect(await count()).toBe(questionnaires);
  });

  it('lets an admin and a super admin use every one of them', async () => {
    for (const client of [t.admin, t.superAdmin]) {
      const { list } = await endpoints();
      for (const [method, path, body] of list) {
        const res = await send(client, method, path, body);
        expect([200, 201], `${method} ${path}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });
});
