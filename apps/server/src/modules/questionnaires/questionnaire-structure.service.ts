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
  return {
    async detail(id: number) {
      const detail = await repo.detail(id);
      if (!detail) throw notFound();
      return detail;
    },

    async listCategories(questionnaireId: number) {
      await checks.questionnaireExists(questionnaireId);
      return repo.listCategories(questionnaireId);
    },

    getCategory: (questionnaireId: number, id: number) => checks.category(questionnaireId, id),

    addCategory: (questionnaireId: number, categoryId: number) =>
      checks.guarded(
        () =>
          db.transaction(async (tx) => {
            await checks.lockQuestionnaire(questionnaireId, tx);
            await checks.assertCategoryChoice(questionnaireId, categoryId, undefined, tx);
            const position = await repo.nextPosition('categories', questionnaireId, tx);
            const [row] = await repo.insertCategories([{ questionnaireId, categoryId, position }], tx);
            return checks.category(questionnaireId, row!.id, tx);
          }),
        'category_id',
        'Deze categorie staat al in de vragenlijst',
        async () => {
          await checks.questionnaireExists(questionnaireId);
          await checks.assertCategoryExists(categoryId);
        },
      ),

    changeCategory: (questionnaireId: number, id: number, categoryId: number) =>
      checks.guarded(
        () =>
          db.transaction(async (tx) => {
            await checks.lockQuestionnaire(questionnaireId, tx);
            await checks.category(questionnaireId, id, tx);
            await checks.assertCategoryChoice(questionnaireId, categoryId, id, tx);
            await repo.changeCategory(id, categoryId, tx);
            return checks.category(questionnaireId, id, tx);
          }),
        'category_id',
        'Deze categorie staat al in de vragenlijst',
        () => checks.assertCategoryExists(categoryId),
      ),

    /** Removes the category and its questions from the questionnaire (not from the banks). */
    async removeCategory(questionnaireId: number, id: number) {
      await db.transaction(async (tx) => {
        await checks.lockQuestionnaire(questionnaireId, tx);
        if (!(await repo.deleteCategory(questionnaireId, id, tx))) throw notFound();
      });
    },

    async reorderCategories(questionnaireId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        await checks.lockQuestionnaire(questionnaireId, tx);
        if (!(await repo.sameSet('categories', questionnaireId, ids, tx))) throw fieldError('ids', STALE_ORDER);
        await repo.setPositions('categories', ids, tx);
      });
    },

    async listQuestions(questionnaireId: number, categoryId: number) {
      await checks.category(questionnaireId, categoryId);
      return repo.listQuestions([categoryId]);
    },

    async getQuestion(questionnaireId: number, categoryId: number, id: number) {
      await checks.category(questionnaireId, categoryId);
      const row = await repo.findQuestion(categoryId, id);
      if (!row) throw notFound();
      return row;
    },

    addQuestion: (questionnaireId: number, categoryId: number, questionId: number) =>
      checks.guarded(
        () =>
          db.transaction(async (tx) => {
            await checks.lockCategory(questionnaireId, categoryId, tx);
            await checks.assertQuestionChoice(categoryId, questionId, undefined, tx);
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
          await checks.category(questionnaireId, categoryId);
          await checks.assertQuestionExists(questionId);
        },
      ),

    changeQuestion: (questionnaireId: number, categoryId: number, id: number, questionId: number) =>
      checks.guarded(
        () =>
          db.transaction(async (tx) => {
            await checks.lockCategory(questionnaireId, categoryId, tx);
            if (!(await repo.findQuestion(categoryId, id, tx))) throw notFound();
            await checks.assertQuestionChoice(categoryId, questionId, id, tx);
            await repo.changeQuestion(id, questionId, tx);
            return (await repo.findQuestion(categoryId, id, tx))!;
          }),
        'question_id',
        'Deze vraag staat al in deze categorie',
        () => checks.assertQuestionExists(questionId),
      ),

    async removeQuestion(questionnaireId: number, categoryId: number, id: number) {
      await db.transaction(async (tx) => {
        await checks.lockCategory(questionnaireId, categoryId, tx);
        if (!(await repo.deleteQuestion(categoryId, id, tx))) throw notFound();
      });
    },

    async reorderQuestions(questionnaireId: number, categoryId: number, ids: number[]) {
      await db.transaction(async (tx) => {
        await checks.lockCategory(questionnaireId, categoryId, tx);
        if (!(await repo.sameSet('questions', categoryId, ids, tx))) throw fieldError('ids', STALE_ORDER);
        await repo.setPositions('questions', ids, tx);
      });
    },
  };
}
