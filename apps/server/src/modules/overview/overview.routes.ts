import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DueListQuerySchema, DueRowSchema, OverviewSchema, OwnSummarySchema } from '@keurwijzer/shared/overview';
import { actorOf } from '../../lib/actor';
import { dataOf, pageOf, sendJsonPage } from '../../lib/responses';
import type { OverviewService } from './overview.service';

/**
 * The overviews: the office home (GET /api/overview), the Keuringsplanning (GET /api/due) and the
 * customer's summary (GET /api/machines/summary: a static path, so it wins over /api/machines/:id).
 */
export const overviewRoutes: FastifyPluginAsyncZod<{ service: OverviewService }> = async (app, { service }) => {
  app.get(
    '/api/overview',
    { config: { access: 'reports.view' }, schema: { response: { 200: dataOf(OverviewSchema) } } },
    async (req) => ({ data: await service.overview(actorOf(req)) }),
  );
  app.get(
    '/api/due',
    {
      config: { access: 'customers.view' },
      schema: { querystring: DueListQuerySchema, response: { 200: pageOf(DueRowSchema) } },
    },
    async (req, reply) => sendJsonPage(reply, await service.due(actorOf(req), req.query)),
  );
  app.get(
    '/api/machines/summary',
    { config: { access: 'own-machines.view' }, schema: { response: { 200: dataOf(OwnSummarySchema) } } },
    async (req) => ({ data: await service.summary(actorOf(req)) }),
  );
};
