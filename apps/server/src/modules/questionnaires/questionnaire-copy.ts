import { MAX_TEXT } from '@keurwijzer/shared/validation';
import type { Db, Executor } from '../../db/client';
import { fieldError, isUniqueViolation } from '../../lib/errors';
import type { QuestionnaireChecks } from './questionnaire-checks';
import { presentQuestionnaire } from './questionnaires.presenter';
import type { QuestionnairesRepository } from './questionnaires.repository';

export function questionnaireCopy(db: Db, repo: QuestionnairesRepository, { lockQuestionnaire }: QuestionnaireChecks) {
  return {
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
