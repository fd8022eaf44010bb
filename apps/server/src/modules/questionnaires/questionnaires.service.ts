import { ACCESS } from '@keurwijzer/shared/permissions';
import type { Db } from '../../db/client';
import { accessPolicy, type Actor } from '../../lib/actor';
import { createCrudService } from '../../lib/crud-service';
import { questionnaireChecks } from './questionnaire-checks';
import { questionnaireCopy } from './questionnaire-copy';
import { questionnaireStructure } from './questionnaire-structure.service';
import type { QuestionnairesRepository } from './questionnaires.repository';

/**
 * Questionnaires: the generic CRUD (`crud`) and the structure of a questionnaire: its categories
 * and their questions, in order. Every method takes the actor and needs the master-data read
 * (the reads) or write permission. The queries are the repository's; `db` only opens the
 * transactions they run in.
 */
export function createQuestionnairesService({ db, repo }: { db: Db; repo: QuestionnairesRepository }) {
  const policy = accessPolicy(ACCESS.masterData);

  const checks = questionnaireChecks(db, repo);
  const structure = {
    ...questionnaireStructure(db, repo, checks),
    ...questionnaireCopy(db, repo, checks),
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
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
