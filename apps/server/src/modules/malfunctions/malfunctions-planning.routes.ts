import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MALFUNCTION_TEXT,
  MalfunctionDetailSchema,
  MalfunctionPlanInputSchema,
  MalfunctionPlanOptionSchema,
} from '@keurwijzer/shared/malfunctions';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf, dataOf } from '../../lib/responses';
import type { MalfunctionPlanningService } from './malfunctions-planning.service';

const read = { access: 'malfunctions.view' } as const;
const manage = { access: 'malfunctions.manage' } as const;

/**
 * "Inplannen": the open task lists of the machine's location, and planning the machine
 * on one of them or on a new one (the malfunction links the report made there).
 */
export const malfunctionPlanningRoutes: FastifyPluginAsyncZod<{ service: MalfunctionPlanningService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/malfunctions/:id/plan-options',
    {
      config: read,
      schema: { params: IdParamsSchema, response: { 200: dataOf(z.array(MalfunctionPlanOptionSchema)) } },
    },
    async (req) => ({ data: await service.options(actorOf(req), req.params.id) }),
  );

  app.post(
    '/api/malfunctions/:id/plan',
    {
      config: manage,
      schema: {
        params: IdParamsSchema,
        body: MalfunctionPlanInputSchema,
        response: { 200: changedOf(MalfunctionDetailSchema) },
      },
    },
    async (req) => {
      const { data, afterCommit } = await service.plan(actorOf(req), req.params.id, req.body);
      // The reporter's mail of Open -> In behandeling after the answer.
      req.server.afterResponse.run(afterCommit, (err) => req.log.error({ err }, 'malfunction mail failed'));
      return { data, message: MALFUNCTION_TEXT.planned };
    },
  );
};
