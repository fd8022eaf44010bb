import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CorrectionInputSchema, REPORT_VERSION_TEXT } from '@keurwijzer/shared/report-versions';
import { ReportDetailSchema } from '@keurwijzer/shared/reports';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf } from '../../lib/responses';
import type { ReportCorrectionsService } from './reports-corrections.service';

/**
 * POST /api/reports/:id/corrections: the office reopens a submitted report as its next version
 * with a reason (201 with the new version). Admins and super admins (reports.view, the office's
 * permission over every submitted report).
 */
export const reportCorrectionsRoutes: FastifyPluginAsyncZod<{ service: ReportCorrectionsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/reports/:id/corrections',
    {
      config: { access: 'reports.view' },
      schema: { params: IdParamsSchema, body: CorrectionInputSchema, response: { 201: changedOf(ReportDetailSchema) } },
    },
    async (req, reply) => {
      const data = await service.correct(actorOf(req), req.params.id, req.body);
      return reply.status(201).send({ data, message: REPORT_VERSION_TEXT.correctionStarted });
    },
  );
};
