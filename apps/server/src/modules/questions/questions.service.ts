import { ACCESS } from '@keurwijzer/shared/permissions';
import { createCrudService } from '../../lib/crud-service';
import type { QuestionsRepository } from './questions.repository';

/** The question bank: the generic CRUD service with the master-data permissions. */
export const createQuestionsService = (repo: QuestionsRepository) => createCrudService(repo, ACCESS.masterData);

export type QuestionsService = ReturnType<typeof createQuestionsService>;
