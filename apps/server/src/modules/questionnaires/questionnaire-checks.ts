import type { Db, Executor } from '../../db/client';
import { fieldError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import type { QuestionnairesRepository } from './questionnaires.repository';

/*
 * The checks of a change to a questionnaire's structure: what it names exists (404 or 422),
 * is not there twice, and is locked while it changes.
 */

export function questionnaireChecks(db: Db, repo: QuestionnairesRepository) {
  async function questionnaireExists(id: number, tx: Executor = db) {
    if (!(await repo.questionnaireExists(id, tx))) throw notFound();
  }

  /**
   * Locks the questionnaire (or 404) for the rest of the transaction: changes of its categories
   * and copies of it run one after the other (see the repository's lockQuestionnaire).
   */
  async function lockQuestionnaire(id: number, tx: Executor) {
    if (!(await repo.lockQuestionnaire(id, tx))) throw notFound();
  }

  /** Locks a category of the questionnaire (or 404): changes of its questions run one after the other. */
  async function lockCategory(questionnaireId: number, id: number, tx: Executor) {
    if (!(await repo.lockCategory(questionnaireId, id, tx))) throw notFound();
  }

  async function category(questionnaireId: number, id: number, tx: Executor = db) {
    const row = await repo.findCategory(questionnaireId, id, tx);
    if (!row) throw notFound();
    return row;
  }

  async function assertCategoryExists(categoryId: number, tx: Executor = db) {
    if (!(await repo.bankCategoryExists(categoryId, tx))) {
      throw fieldError('category_id', 'Deze categorie bestaat niet (meer)');
    }
  }

  async function assertQuestionExists(questionId: number, tx: Executor = db) {
    if (!(await repo.bankQuestionExists(questionId, tx))) {
      throw fieldError('question_id', 'Deze vraag bestaat niet (meer)');
    }
  }

  async function assertCategoryChoice(
    questionnaireId: number,
    categoryId: number,
    exceptId: number | undefined,
    tx: Executor,
  ) {
    await assertCategoryExists(categoryId, tx);
    if (await repo.categoryTaken(questionnaireId, categoryId, exceptId, tx))
      throw fieldError('category_id', 'Deze categorie staat al in de vragenlijst');
  }

  async function assertQuestionChoice(
    questionnaireCategoryId: number,
    questionId: number,
    exceptId: number | undefined,
    tx: Executor,
  ) {
    await assertQuestionExists(questionId, tx);
    if (await repo.questionTaken(questionnaireCategoryId, questionId, exceptId, tx))
      throw fieldError('question_id', 'Deze vraag staat al in deze categorie');
  }

  /**
   * A concurrent add of the same item passes the check but hits the unique index: same 422.
   * A concurrent delete of what it refers to (the questionnaire, the questionnaire category, the
   * bank category or question) passes the checks but hits a foreign key: `recheck` runs the
   * existence checks again, which now answer the 404 or 422 the request would have got.
   */
  async function guarded<T>(
    work: () => Promise<T>,
    field: string,
    message: string,
    recheck: () => Promise<void>,
  ): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (
        isUniqueViolation(err, 'questionnaire_categories_unique') ||
        isUniqueViolation(err, 'questionnaire_questions_unique')
      ) {
        throw fieldError(field, message);
      }
      if (isForeignKeyViolation(err)) await recheck();
      throw err;
    }
  }

  return {
    questionnaireExists,
    lockQuestionnaire,
    lockCategory,
    category,
    assertCategoryExists,
    assertQuestionExists,
    assertCategoryChoice,
    assertQuestionChoice,
    guarded,
  };
}
export type QuestionnaireChecks = ReturnType<typeof questionnaireChecks>;
