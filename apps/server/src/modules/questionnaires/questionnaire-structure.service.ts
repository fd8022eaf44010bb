import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import type { QuestionnaireChecks } from './questionnaire-checks';
import type { QuestionnairesRepository } from './questionnaires.repository';

const STALE_ORDER = 'De volgorde is intussen gewijzigd. Vernieuw de pagina en probeer het opnieuw.';

/**
 * The structure of a questionnaire: its categories and their questions, in order (read, add,
 * change, remove, reorder). No access check here: the service checks the policy first.
 */
export function questionnaireStructure(db: Db, repo: QuestionnairesRepository, checks: QuestionnaireChecks) {
  const {
    questionnaireExists,
    lockQuestionnaire,
    lockCategory,
    category,
    assertCategoryExists,
    assertQuestionExists,
    assertCategoryChoice,
    assertQuestionChoice,
    guarded,
  } = checks;
  return {
    async detail(id: number) {
      const detail = await repo.detail(id);
      if (!detail) throw notFound();
      return detail;
    },

    async listCategories(questionnaireId: number) {
      await questionnaireExists(questionnaireId);
      return repo.listCategories(questionnaireId);
    },

    getCategory: (questionnaireId: number, id: number) => category(questionnaireId, id),

    addCategory: (questionnaireId: number, categoryId: number) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            await lockQuestionnaire(questionnaireId, tx);
            await assertCategoryChoice(questionnaireId, categoryId, undefined, tx);
            const position = await repo.nextPosition('categories', questionnaireId, tx);
            const [row] = await repo.insertCategories([{ questionnaireId, categoryId, position }], tx);
            return category(questionnaireId, row!.id, tx);
          }),
        'category_id',
        'Deze categorie staat al in de vragenlijst',
        async () => {
          await questionnaireExists(questionnaireId);
          await assertCategoryExists(categoryId);
        },
      ),

    changeCategory: (questionnaireId: number, id: number, categoryId: number) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            await lockQuestionnaire(questionnaireId, tx);
            await category(questionnaireId, id, tx);
            await assertCategoryChoice(questionnaireId, categoryId, id, tx);
            await repo.changeCategory(id, categoryId, tx);
            return category(questionnaireId, id, tx);
          }),
        'category_id',
        'Deze categorie staat al in de vragenlijst',
        () => assertCategoryExists(categoryId),
      ),

    /** Removes the category and its questions from the questionnaire (not from the banks). */
    async removeCategory(questionnaireId: number, id: number) {
      await db.transaction(async (tx) => {
        await lockQuestionnaire(questionnaireId, tx);
        if (!(await repo.deleteCategory(questionnaireId, id, tx))) throw notFound();
      });
    },

    async reorderCategories(questionnaireId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        await lockQuestionnaire(questionnaireId, tx);
        if (!(await repo.sameSet('categories', questionnaireId, ids, tx))) throw fieldError('ids', STALE_ORDER);
        await repo.setPositions('categories', ids, tx);
      });
    },

    async listQuestions(questionnaireId: number, categoryId: number) {
      await category(questionnaireId, categoryId);
      return repo.listQuestions([categoryId]);
    },

    async getQuestion(questionnaireId: number, categoryId: number, id: number) {
      await category(questionnaireId, categoryId);
      const row = await repo.findQuestion(categoryId, id);
      if (!row) throw notFound();
      return row;
    },

    addQuestion: (questionnaireId: number, categoryId: number, questionId: number) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            await lockCategory(questionnaireId, categoryId, tx);
            await assertQuestionChoice(categoryId, questionId, undefined, tx);
            const position = await repo.nextPosition('questions', categoryId, tx);
            const [row] = await repo.insertQuestions(
              [{ questionnaireCategoryId: categoryId, questionId, position }],
              tx,
            );
            return (await repo.findQuestion(categoryId, row!.id, tx))!;
          }),
        'question_id',
        'Deze vraag staat al in deze categorie',
        async () => {
          await category(questionnaireId, categoryId);
          await assertQuestionExists(questionId);
        },
      ),

    changeQuestion: (questionnaireId: number, categoryId: number, id: number, questionId: number) =>
      guarded(
        () =>
          db.transaction(async (tx) => {
            await lockCategory(questionnaireId, categoryId, tx);
            if (!(await repo.findQuestion(categoryId, id, tx))) throw notFound();
            await assertQuestionChoice(categoryId, questionId, id, tx);
            await repo.changeQuestion(id, questionId, tx);
            return (await repo.findQuestion(categoryId, id, tx))!;
          }),
        'question_id',
        'Deze vraag staat al in deze categorie',
        () => assertQuestionExists(questionId),
      ),

    async removeQuestion(questionnaireId: number, categoryId: number, id: number) {
      await db.transaction(async (tx) => {
        await lockCategory(questionnaireId, categoryId, tx);
        if (!(await repo.deleteQuestion(categoryId, id, tx))) throw notFound();
      });
    },

    async reorderQuestions(questionnaireId: number, categoryId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        await lockCategory(questionnaireId, categoryId, tx);
        if (!(await repo.sameSet('questions', categoryId, ids, tx))) throw fieldError('ids', STALE_ORDER);
        await repo.setPositions('questions', ids, tx);
      });
    },
  };
}
