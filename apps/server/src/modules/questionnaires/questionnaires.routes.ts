import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { ReorderInputSchema } from '@keurwijzer/shared/master-data';
import {
  QuestionnaireCategoryInputSchema,
  QuestionnaireCategorySchema,
  QuestionnaireDetailSchema,
  QuestionnaireInputSchema,
  QuestionnaireListQuerySchema,
  QuestionnaireQuestionInputSchema,
  QuestionnaireQuestionSchema,
  QuestionnaireSchema,
} from '@keurwijzer/shared/questionnaires';
import { successText } from '@keurwijzer/shared/texts';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { MessageSchema, changedOf, dataOf } from '../../lib/responses';
import type { QuestionnairesService } from './questionnaires.service';

const Q = '/api/questionnaires/:id';
const QParams = z.object({ id: idField() });
const CParams = QParams.extend({ categoryId: idField() });
const QqParams = CParams.extend({ questionId: idField() });

/**
 * /api/questionnaires with its categories and their questions. A questionnaire that is used by
 * machines or reports cannot be deleted; reports keep copies of the questions they showed.
 */
export const questionnairesRoutes: FastifyPluginAsyncZod<{ service: QuestionnairesService }> = async (
  app,
  { service },
) => {
  const read = { access: ACCESS.masterData.read };
  const config = { access: ACCESS.masterData.write };

  registerCrudRoutes(app, {
    path: '/api/questionnaires',
    label: 'Vragenlijst',
    access: ACCESS.masterData,
    output: QuestionnaireSchema,
    input: QuestionnaireInputSchema,
    listQuery: QuestionnaireListQuerySchema,
    service: service.crud,
  });

  app.post(
    `${Q}/duplicate`,
    { config, schema: { params: QParams, response: { 201: changedOf(QuestionnaireSchema) } } },
    async (req, reply) =>
      reply.status(201).send({
        data: await service.duplicate(actorOf(req), req.params.id),
        message: successText('Vragenlijst', 'gedupliceerd'),
      }),
  );

  app.get(
    `${Q}/detail`,
    { config: read, schema: { params: QParams, response: { 200: dataOf(QuestionnaireDetailSchema) } } },
    async (req) => ({
      data: await service.detail(actorOf(req), req.params.id),
    }),
  );

  // Categories of a questionnaire.
  app.get(
    `${Q}/categories`,
    { config: read, schema: { params: QParams, response: { 200: dataOf(z.array(QuestionnaireCategorySchema)) } } },
    async (req) => ({
      data: await service.listCategories(actorOf(req), req.params.id),
    }),
  );
  app.post(
    `${Q}/categories`,
    {
      config,
      schema: {
        params: QParams,
        body: QuestionnaireCategoryInputSchema,
        response: { 201: changedOf(QuestionnaireCategorySchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await service.addCategory(actorOf(req), req.params.id, req.body.category_id),
        message: successText('Categorie', 'toegevoegd'),
      }),
  );
  app.post(
    `${Q}/categories/reorder`,
    { config, schema: { params: QParams, body: ReorderInputSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await service.reorderCategories(actorOf(req), req.params.id, req.body.ids);
      return { data: null, message: 'Volgorde is opgeslagen' };
    },
  );
  app.get(
    `${Q}/categories/:categoryId`,
    { config: read, schema: { params: CParams, response: { 200: dataOf(QuestionnaireCategorySchema) } } },
    async (req) => ({
      data: await service.getCategory(actorOf(req), req.params.id, req.params.categoryId),
    }),
  );
  app.put(
    `${Q}/categories/:categoryId`,
    {
      config,
      schema: {
        params: CParams,
        body: QuestionnaireCategoryInputSchema,
        response: { 200: changedOf(QuestionnaireCategorySchema) },
      },
    },
    async (req) => ({
      data: await service.changeCategory(actorOf(req), req.params.id, req.params.categoryId, req.body.category_id),
      message: successText('Categorie', 'gewijzigd'),
    }),
  );
  app.delete(
    `${Q}/categories/:categoryId`,
    { config, schema: { params: CParams, response: { 200: MessageSchema } } },
    async (req) => {
      await service.removeCategory(actorOf(req), req.params.id, req.params.categoryId);
      return { data: null, message: successText('Categorie', 'verwijderd') };
    },
  );

  questionRoutes(app, service);
};

/** The questions of a questionnaire category: list, read, add, change, reorder, remove. */
function questionRoutes(app: Parameters<typeof questionnairesRoutes>[0], service: QuestionnairesService) {
  const read = { access: ACCESS.masterData.read };
  const config = { access: ACCESS.masterData.write };

  // Questions of a questionnaire category.
  const QQ = `${Q}/categories/:categoryId/questions`;
  app.get(
    QQ,
    { config: read, schema: { params: CParams, response: { 200: dataOf(z.array(QuestionnaireQuestionSchema)) } } },
    async (req) => ({
      data: await service.listQuestions(actorOf(req), req.params.id, req.params.categoryId),
    }),
  );
  app.post(
    QQ,
    {
      config,
      schema: {
        params: CParams,
        body: QuestionnaireQuestionInputSchema,
        response: { 201: changedOf(QuestionnaireQuestionSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await service.addQuestion(actorOf(req), req.params.id, req.params.categoryId, req.body.question_id),
        message: successText('Vraag', 'toegevoegd'),
      }),
  );
  app.post(
    `${QQ}/reorder`,
    { config, schema: { params: CParams, body: ReorderInputSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await service.reorderQuestions(actorOf(req), req.params.id, req.params.categoryId, req.body.ids);
      return { data: null, message: 'Volgorde is opgeslagen' };
    },
  );
  app.get(
    `${QQ}/:questionId`,
    { config: read, schema: { params: QqParams, response: { 200: dataOf(QuestionnaireQuestionSchema) } } },
    async (req) => ({
      data: await service.getQuestion(actorOf(req), req.params.id, req.params.categoryId, req.params.questionId),
    }),
  );
  app.put(
    `${QQ}/:questionId`,
    {
      config,
      schema: {
        params: QqParams,
        body: QuestionnaireQuestionInputSchema,
        response: { 200: changedOf(QuestionnaireQuestionSchema) },
      },
    },
    async (req) => ({
      data: await service.changeQuestion(
        actorOf(req),
        req.params.id,
        req.params.categoryId,
        req.params.questionId,
        req.body.question_id,
      ),
      message: successText('Vraag', 'gewijzigd'),
    }),
  );
  app.delete(
    `${QQ}/:questionId`,
    { config, schema: { params: QqParams, response: { 200: MessageSchema } } },
    async (req) => {
      await service.removeQuestion(actorOf(req), req.params.id, req.params.categoryId, req.params.questionId);
      return { data: null, message: successText('Vraag', 'verwijderd') };
    },
  );
}
