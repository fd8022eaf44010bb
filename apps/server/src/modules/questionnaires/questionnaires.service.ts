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

  // Each structure call takes the actor first and checks the questionnaires' policy (master data).
  const asRead =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (actor: Actor, ...args: A): R => {
      policy.assertRead(actor);
      return call(...args);
    };
  const asWrite =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (actor: Actor, ...args: A): R => {
      policy.assertWrite(actor);
      return call(...args);
    };

  return {
    crud: createCrudService(repo.crud, ACCESS.masterData),
    detail: asRead(structure.detail),
    listCategories: asRead(structure.listCategories),
    getCategory: asRead(structure.getCategory),
    listQuestions: asRead(structure.listQuestions),
    getQuestion: asRead(structure.getQuestion),
    addCategory: asWrite(structure.addCategory),
    changeCategory: asWrite(structure.changeCategory),
    removeCategory: asWrite(structure.removeCategory),
    reorderCategories: asWrite(structure.reorderCategories),
    addQuestion: asWrite(structure.addQuestion),
    changeQuestion: asWrite(structure.changeQuestion),
    removeQuestion: asWrite(structure.removeQuestion),
    reorderQuestions: asWrite(structure.reorderQuestions),
    duplicate: asWrite(structure.duplicate),
  };
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
