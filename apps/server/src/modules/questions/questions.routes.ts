import { ACCESS } from '@keurwijzer/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import { QuestionInputSchema, QuestionListQuerySchema, QuestionSchema } from '@keurwijzer/shared/master-data';
import { registerCrudRoutes } from '../../lib/crud-routes';
import type { QuestionsService } from './questions.service';

/** /api/questions: the question bank; a question used in a questionnaire cannot be deleted (409). */
export const questionsRoutes: FastifyPluginAsync<{ service: QuestionsService }> = async (app, { service }) => {
  registerCrudRoutes(app, {
    path: '/api/questions',
    label: 'Vraag',
    access: ACCESS.masterData,
    output: QuestionSchema,
    input: QuestionInputSchema,
    listQuery: QuestionListQuerySchema,
    service,
  });
};
