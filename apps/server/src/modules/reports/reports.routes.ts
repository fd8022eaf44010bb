import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '@keurwijzer/shared/permissions';
import {
  AnswerInputSchema,
  REPORT_TEXT,
  ReportAnswerStateSchema,
  ReportCategoryStateSchema,
  ReportDetailSchema,
  ReportSaveInputSchema,
  SkipInputSchema,
  SubmitInputSchema,
} from '@keurwijzer/shared/reports';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf, dataOf } from '../../lib/responses';
import { sendDownload } from '../../lib/stream-download';
import { sendImage } from '../../lib/image-intake';
import type { ReportsService } from './reports.service';

const C = '/api/reports';
const QuestionParams = IdParamsSchema.extend({ questionId: idField() });
const CategoryParams = IdParamsSchema.extend({ categoryId: idField() });
const read = { access: ACCESS.tasklists.read };
const config = { access: ACCESS.tasklists.write };

/**
 * A report for the staff: read it, answer its questions one at a time, skip categories, save and
 * submit it, its PDF and its machine's image. Customer users are refused (403); their view of
 * submitted reports is the customer portal's.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService }> = async (app, { service }) => {
  app.get(
    `${C}/:id`,
    { config: read, schema: { params: IdParamsSchema, response: { 200: dataOf(ReportDetailSchema) } } },
    async (req) => ({ data: await service.get(actorOf(req), req.params.id) }),
  );
  app.put(
    `${C}/:id/answers/:questionId`,
    {
      config,
      schema: { params: QuestionParams, body: AnswerInputSchema, response: { 200: dataOf(ReportAnswerStateSchema) } },
    },
    async (req) => ({
      data: await service.answer(actorOf(req), req.params.id, req.params.questionId, req.body),
    }),
  );
  app.put(
    `${C}/:id/categories/:categoryId`,
    {
      config,
      schema: {
        params: CategoryParams,
        body: SkipInputSchema,
        response: { 200: changedOf(ReportCategoryStateSchema) },
      },
    },
    async (req) => {
      const data = await service.skip(actorOf(req), req.params.id, req.params.categoryId, req.body.skipped);
      return { data, message: data.skipped ? REPORT_TEXT.categorySkipped : REPORT_TEXT.categoryRestored };
    },
  );
  app.put(
    `${C}/:id`,
    {
      config,
      schema: { params: IdParamsSchema, body: ReportSaveInputSchema, response: { 200: changedOf(ReportDetailSchema) } },
    },
    async (req) => ({
      data: await service.save(actorOf(req), req.params.id, req.body),
      message: REPORT_TEXT.answersSaved,
    }),
  );
  app.post(
    `${C}/:id/submit`,
    {
      config,
      // An empty body submits with the derived verdict.
      schema: {
        params: IdParamsSchema,
        body: SubmitInputSchema.nullish(),
        response: { 200: changedOf(ReportDetailSchema) },
      },
    },
    async (req) => ({
      // Malfunctions it resolved mail their reporters after the answer.
      data: await service.submit(actorOf(req), req.params.id, req.body ?? undefined, (task) =>
        req.server.afterResponse.run(task, (err) => req.log.error({ err }, 'malfunction mail failed')),
      ),
      message: REPORT_TEXT.submitted,
    }),
  );
  app.get(
    `${C}/:id/pdf`,
    { config: { ...read, usage: 'export' }, schema: { params: IdParamsSchema } },
    async (req, reply) => sendDownload(req, reply, await service.pdf(actorOf(req), req.params.id), 'report pdf'),
  );
  app.get(`${C}/:id/image`, { config: read, schema: { params: IdParamsSchema } }, async (req, reply) => {
    const file = await service.image(actorOf(req), req.params.id);
    return sendImage(reply, file);
  });
};
