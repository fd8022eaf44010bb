import { describe, expect, it } from 'vitest';
import {
  createBrand,
  createBrandType,
  createCategory,
  createQuestion,
  createQuestionnaire,
  uniqueName,
} from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * "No query per row": the SQL statements one request
 * sends, counted through the database's query hook (test/build-test-app QueryLog). A big answer
 * must cost as many statements as a tiny one, and only a few: the session lookup plus the
 * endpoint's own queries.
 */
const t = useTestApp();

const MAX_STATEMENTS = 6;
/** The statements of the small and the big request: the same number, and at most MAX_STATEMENTS. */
const expectConstant = (small: string, big: string) => t.expectConstantStatements(small, big, MAX_STATEMENTS);

describe('queries per request', () => {
  it('counts the statements of a request, the session lookup included', async () => {
    const statements = await t.statementsOf('/api/authorized');
    expect(statements.length).toBeGreaterThanOrEqual(1);
    expect(statements[0]).toMatch(/from "sessions"/);
  });

  it('GET /api/questionnaires/:id/detail: 5 categories x 10 questions cost what 1 x 1 costs', async () => {
    const tiny = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const big = await createQuestionnaire(t.db, { categories: 5, questions: 10 });
    const res = await t.admin.get(`/api/questionnaires/${big.questionnaire.id}/detail`);
    expect(res.json().data.categories.flatMap((c: { questions: unknown[] }) => c.questions)).toHaveLength(50);
    const statements = await expectConstant(
      `/api/questionnaires/${tiny.questionnaire.id}/detail`,
      `/api/questionnaires/${big.questionnaire.id}/detail`,
    );
    // The session and one statement for the whole questionnaire.
    expect(statements).toHaveLength(2);
  });

  it('GET /api/questionnaires: a page of 25 (with counts) costs what a page of 1 costs', async () => {
    const many = uniqueName('Veel');
    const one = uniqueName('Een');
    for (let i = 0; i < 25; i++) {
      await createQuestionnaire(t.db, { name: `${many} ${i}`, categories: 2, questions: 2 });
    }
    await createQuestionnaire(t.db, { name: one, categories: 2, questions: 2 });
    const page = await t.admin.get(`/api/questionnaires?search=${encodeURIComponent(many)}&itemsPerPage=25`);
    expect(page.json().data).toHaveLength(25);
    expect(page.json().data[0]).toMatchObject({ categories_count: 2, questions_count: 4 });
    const statements = await expectConstant(
      `/api/questionnaires?search=${encodeURIComponent(one)}&itemsPerPage=25`,
      `/api/questionnaires?search=${encodeURIComponent(many)}&itemsPerPage=25&sortKey=status&inspection_type=inspection`,
    );
    // Session, count, page.
    expect(statements).toHaveLength(3);
  });

  it('the structure lists and the master-data lists with their counts cost a constant number too', async () => {
    const tiny = await createQuestionnaire(t.db, { categories: 1, questions: 1 });
    const big = await createQuestionnaire(t.db, { categories: 5, questions: 10 });
    const cats = (b: typeof tiny) => `/api/questionnaires/${b.questionnaire.id}/categories`;
    await expectConstant(cats(tiny), cats(big));
    await expectConstant(
      `${cats(tiny)}/${tiny.categories[0]!.id}/questions`,
      `${cats(big)}/${big.categories[0]!.id}/questions`,
    );

    const m = uniqueName('Lijst');
    const brands = [];
    for (let i = 0; i < 25; i++) brands.push(await createBrand(t.db, `${m} merk ${i}`));
    for (const brand of brands) await createBrandType(t.db, brand.id);
    const brandType = await createBrand(t.db, `${m} x`);
    await createBrandType(t.db, brandType.id);
    for (let i = 0; i < 25; i++) {
      await createCategory(t.db, `${m} categorie ${i}`);
      await createQuestion(t.db, { name: `${m} vraag ${i}` });
    }
    const q = (what: string, search: string) => `/api/${what}?search=${encodeURIComponent(search)}&itemsPerPage=25`;
    await expectConstant(q('brands', `${m} x`), q('brands', `${m} merk`));
    await expectConstant(q('categories', `${m} categorie 1`), q('categories', `${m} categorie`));
    await expectConstant(q('questions', `${m} vraag 1`), q('questions', `${m} vraag`));
  });
});
