import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories } from '../../db/schema/master-data';
import { questionnaireCategories } from '../../db/schema/questionnaires';
import { describeCrud } from '../../test/crud-suite';
import { createCategory, createQuestionnaire } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

const t = useTestApp();

describeCrud({
  label: 'Categorie',
  path: () => '/api/categories',
  body: (name) => ({ name }),
  duplicateMessage: 'Er bestaat al een categorie met deze naam',
  sortKeys: ['name', 'created_at'],
  t,
});

/** Puts the bank category into the questionnaire, through the API. */
async function use(questionnaireId: number, categoryId: number) {
  const res = await t.admin.post(`/api/questionnaires/${questionnaireId}/categories`, {
    body: { category_id: categoryId },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('categories', () => {
  it('counts the questionnaires a category is used in', async () => {
    const category = await createCategory(t.db);
    const a = await createQuestionnaire(t.db);
    const b = await createQuestionnaire(t.db);
    const count = async () => (await t.admin.get(`/api/categories/${category.id}`)).json().data.questionnaires_count;
    expect(await count()).toBe(0);
    await use(a.questionnaire.id, category.id);
    await use(b.questionnaire.id, category.id);
    expect(await count()).toBe(2);
    const listed = await t.admin.get(`/api/categories?search=${encodeURIComponent(category.name)}`);
    expect(listed.json().data).toMatchObject([{ id: category.id, questionnaires_count: 2 }]);
  });

  it('refuses to delete a category used in a questionnaire (409, Dutch reason) and removes nothing', async () => {
    const category = await createCategory(t.db);
    const { questionnaire } = await createQuestionnaire(t.db);
    await use(questionnaire.id, category.id);
    for (const res of [
      await t.admin.delete(`/api/categories/${category.id}`),
      await t.admin.post(`/api/categories/${category.id}`, { body: { _method: 'DELETE' }, as: 'form' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        message: 'Deze categorie wordt gebruikt in 1 vragenlijst en kan niet worden verwijderd.',
        errors: {},
      });
    }
    const other = await createQuestionnaire(t.db);
    await use(other.questionnaire.id, category.id);
    expect((await t.admin.delete(`/api/categories/${category.id}`)).json().message).toBe(
      'Deze categorie wordt gebruikt in 2 vragenlijsten en kan niet worden verwijderd.',
    );
    expect(await t.db.$count(categories, eq(categories.id, category.id))).toBe(1);
    expect(await t.db.$count(questionnaireCategories, eq(questionnaireCategories.categoryId, category.id))).toBe(2);
  });

  it('deletes a category once no questionnaire uses it any more', async () => {
    const category = await createCategory(t.db);
    const { questionnaire } = await createQuestionnaire(t.db);
    await use(questionnaire.id, category.id);
    const [link] = await t.db
      .select()
      .from(questionnaireCategories)
      .where(eq(questionnaireCategories.categoryId, category.id));
    const removed = await t.admin.delete(`/api/questionnaires/${questionnaire.id}/categories/${link!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.admin.delete(`/api/categories/${category.id}`)).statusCode).toBe(200);
    expect(await t.db.$count(categories, eq(categories.id, category.id))).toBe(0);
  });

  it('never answers 500 when a category is added to a questionnaire while it is deleted (PostgreSQL race)', async () => {
    const { questionnaire } = await createQuestionnaire(t.db);
    for (let round = 0; round < 5; round++) {
      const category = await createCategory(t.db);
      const [added, deleted] = await Promise.all([
        t.admin.post(`/api/questionnaires/${questionnaire.id}/categories`, { body: { category_id: category.id } }),
        t.admin.delete(`/api/categories/${category.id}`),
      ]);
      const outcome = `${added.statusCode}/${deleted.statusCode}`;
      expect(['201/409', '422/200'], `${outcome}: ${added.body} ${deleted.body}`).toContain(outcome);
      if (added.statusCode === 422) {
        expect(added.json().errors).toEqual({ category_id: ['Deze categorie bestaat niet (meer)'] });
      }
      expect(await t.db.$count(categories, eq(categories.id, category.id))).toBe(added.statusCode === 201 ? 1 : 0);
    }
  });
});
