import { ACCESS } from '@keurwijzer/shared/permissions';
import { MAX_TEXT } from '@keurwijzer/shared/validation';
import type { Db, Executor } from '../../db/client';
import { accessPolicy, type Actor } from '../../lib/actor';
import { createCrudService } from '../../lib/crud-service';
import { fieldError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { presentQuestionnaire, type QuestionnairesRepository } from './questionnaires.repository';

const STALE_ORDER = 'De volgorde is intussen gewijzigd. Vernieuw de pagina en probeer het opnieuw.';

/**
 * Questionnaires: the generic CRUD (`crud`) and the structure of a questionnaire: its categories
 * and their questions, in order. Every method takes the actor and needs the master-data read
 * (the reads) or write permission. The queries are the repository's; `db` only opens the
 * transactions they run in.
 */
export function createQuestionnairesService({ db, repo }: { db: Db; repo: QuestionnairesRepository }) {
  const policy = accessPolicy(ACCESS.masterData);

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

  const structure = {
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

    /**
     * A copy with all categories and questions in the same order, as a new Concept. Copies of one
     * questionnaire are made one after the other (the source is locked), each picking the first
     * free name in one statement; a name taken meanwhile by another create or rename (the unique
     * index) makes it try again.
     */
    async duplicate(id: number) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await copyOf(id);
        } catch (err) {
          if (attempt >= 5 || !isUniqueViolation(err, 'questionnaires_name_unique')) throw err;
        }
      }
    },
  };

  return {
    crud: createCrudService(repo.crud, ACCESS.masterData),
    // Each structure call checks the questionnaires' policy (master data) first.
    detail(actor: Actor, id: number) {
      policy.assertRead(actor);
      return structure.detail(id);
    },
    listCategories(actor: Actor, questionnaireId: number) {
      policy.assertRead(actor);
      return structure.listCategories(questionnaireId);
    },
    getCategory(actor: Actor, questionnaireId: number, id: number) {
      policy.assertRead(actor);
      return structure.getCategory(questionnaireId, id);
    },
    addCategory(actor: Actor, questionnaireId: number, categoryId: number) {
      policy.assertWrite(actor);
      return structure.addCategory(questionnaireId, categoryId);
    },
    changeCategory(actor: Actor, questionnaireId: number, id: number, categoryId: number) {
      policy.assertWrite(actor);
      return structure.changeCategory(questionnaireId, id, categoryId);
    },
    removeCategory(actor: Actor, questionnaireId: number, id: number) {
      policy.assertWrite(actor);
      return structure.removeCategory(questionnaireId, id);
    },
    reorderCategories(actor: Actor, questionnaireId: number, ids: number[]) {
      policy.assertWrite(actor);
      return structure.reorderCategories(questionnaireId, ids);
    },
    listQuestions(actor: Actor, questionnaireId: number, categoryId: number) {
      policy.assertRead(actor);
      return structure.listQuestions(questionnaireId, categoryId);
    },
    getQuestion(actor: Actor, questionnaireId: number, categoryId: number, id: number) {
      policy.assertRead(actor);
      return structure.getQuestion(questionnaireId, categoryId, id);
    },
    addQuestion(actor: Actor, questionnaireId: number, categoryId: number, questionId: number) {
      policy.assertWrite(actor);
      return structure.addQuestion(questionnaireId, categoryId, questionId);
    },
    changeQuestion(actor: Actor, questionnaireId: number, categoryId: number, id: number, questionId: number) {
      policy.assertWrite(actor);
      return structure.changeQuestion(questionnaireId, categoryId, id, questionId);
    },
    removeQuestion(actor: Actor, questionnaireId: number, categoryId: number, id: number) {
      policy.assertWrite(actor);
      return structure.removeQuestion(questionnaireId, categoryId, id);
    },
    reorderQuestions(actor: Actor, questionnaireId: number, categoryId: number, ids: number[]) {
      policy.assertWrite(actor);
      return structure.reorderQuestions(questionnaireId, categoryId, ids);
    },
    duplicate(actor: Actor, id: number) {
      policy.assertWrite(actor);
      return structure.duplicate(id);
    },
  };

  function copyOf(id: number) {
    return db.transaction(async (tx) => {
      await lockQuestionnaire(id, tx);
      const source = (await repo.findQuestionnaire(id, tx))!;
      const name = await freeCopyName(source.name, tx);
      const copyId = await repo.insertQuestionnaire(
        { name, inspectionType: source.inspectionType, status: 'concept' },
        tx,
      );
      const cats = await repo.listCategories(id, tx);
      if (cats.length > 0) {
        const newCats = await repo.insertCategories(
          cats.map((c) => ({ questionnaireId: copyId, categoryId: c.category_id, position: c.position })),
          tx,
        );
        const newIdOf = new Map(newCats.map((c) => [c.categoryId, c.id]));
        const oldToNew = new Map(cats.map((c) => [c.id, newIdOf.get(c.category_id)!]));
        const qs = await repo.listQuestions(
          cats.map((c) => c.id),
          tx,
        );
        await repo.insertQuestions(
          qs.map((q) => ({
            questionnaireCategoryId: oldToNew.get(q.questionnaire_category_id)!,
            questionId: q.question_id,
            position: q.position,
          })),
          tx,
        );
      }
      return presentQuestionnaire((await repo.findQuestionnaire(copyId, tx))!);
    });
  }

  /** "Kopie van X", or "Kopie van X (2)" ... when that name is taken. */
  async function freeCopyName(name: string, tx: Executor): Promise<string> {
    const free = await repo.firstFreeName(`Kopie van ${name}`.slice(0, MAX_TEXT - 6), tx);
    if (!free) throw fieldError('name', 'Kies eerst een andere naam voor de bestaande kopieën');
    return free;
  }
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
