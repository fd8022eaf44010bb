import { describe, expect, it } from 'vitest';
import { createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { storedCopy, tasklistsApi } from './tasklists.test-helpers';

/**
 * A report keeps the questionnaire as it was when its machine was planned: renaming the
 * questionnaire, its categories and questions, changing options and memo titles, reordering,
 * removing a category and adding one later change nothing in it. A report planned afterwards gets
 * the questionnaire as it is then.
 */
const t = useTestApp();
const api = tasklistsApi(t);

async function copyOf(reportId: number) {
  const { report, categories } = await storedCopy(t, reportId);
  return {
    questionnaire: report.questionnaireName,
    categories: categories.map((c) => ({
      name: c.name,
      position: c.position,
      questions: c.questions.map((q) => [q.position, q.name, q.answerOptions.join('/'), q.memoTitle]),
    })),
  };
}

describe('the copy of the questionnaire in a report', () => {
  it('stays as it was when the questionnaire is edited afterwards', async () => {
    const c = await createPlacementChain(t.db);
    const { machine, built } = await api.machineWith(c, { categories: 3, questions: 2 });
    const q = built.questionnaire;
    const list = await api.create(c);
    const reportId = (await api.plan(list.id, [machine.id])).machines[0]!.report_id;
    const before = await copyOf(reportId);
    expect(before.questionnaire).toBe(q.name);
    expect(before.categories).toHaveLength(3);
    expect(before.categories[0]!.questions).toHaveLength(2);

    const [first, second, third] = built.categories as [
      (typeof built.categories)[number],
      (typeof built.categories)[number],
      (typeof built.categories)[number],
    ];
    const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);
    ok(
      await t.admin.put(`/api/questionnaires/${q.id}`, {
        body: { name: 'Nieuwe naam', inspection_type: 'inspection', status: 'active' },
      }),
    );
    ok(await t.admin.put(`/api/categories/${first.categoryId}`, { body: { name: 'Hernoemde categorie' } }));
    ok(
      await t.admin.put(`/api/questions/${first.questions[0]!.questionId}`, {
        body: { name: 'Hernoemde vraag', answer_options: ['Ja', 'Nee', 'Misschien'], memo_title: 'Toelichting' },
      }),
    );
    ok(
      await t.admin.post(`/api/questionnaires/${q.id}/categories/reorder`, {
        body: { ids: [third.id, first.id, second.id] },
      }),
    );
    ok(
      await t.admin.post(`/api/questionnaires/${q.id}/categories/${first.id}/questions/reorder`, {
        body: { ids: first.questions.map((x) => x.id).reverse() },
      }),
    );
    ok(await t.admin.delete(`/api/questionnaires/${q.id}/categories/${second.id}`));

    expect(await copyOf(reportId)).toEqual(before);

    // A machine planned now gets the questionnaire as it is now.
    const later = await api.create(c);
    const laterId = (await api.plan(later.id, [machine.id])).machines[0]!.report_id;
    const now = await copyOf(laterId);
    expect(now.questionnaire).toBe('Nieuwe naam');
    expect(now.categories.map((x) => x.position)).toEqual([1, 2]);
    expect(now.categories[1]).toMatchObject({ name: 'Hernoemde categorie' });
    expect(now.categories[1]!.questions[1]).toEqual([2, 'Hernoemde vraag', 'Ja/Nee/Misschien', 'Toelichting']);
  });
});
