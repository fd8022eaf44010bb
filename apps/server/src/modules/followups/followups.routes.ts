import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FOLLOWUP_TEXT,
  FollowupCountSchema,
  FollowupDoneInputSchema,
  FollowupListQuerySchema,
  FollowupSchema,
  FollowupTasklistSchema,
  ReinspectionInputSchema,
} from '@keurwijzer/shared/followups';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf, dataOf, pageOf } from '../../lib/responses';
import type { FollowupsService } from './followups.service';

const C = '/api/followups';
const read = { access: ACCESS.followups.read };
const config = { access: ACCESS.followups.write };
const Changed = changedOf(FollowupSchema);

/** Follow-ups ("Acties"): the office's list and its actions (packages/shared/src/followups.ts). */
export const followupsRoutes: FastifyPluginAsyncZod<{ service: FollowupsService }> = async (app, { service }) => {
  app.get(
    C,
    { config: read, schema: { querystring: FollowupListQuerySchema, response: { 200: pageOf(FollowupSchema) } } },
    async (req) => service.list(actorOf(req), req.query),
  );
  app.get(
    `${C}/open-count`,
    { config: read, schema: { response: { 200: dataOf(FollowupCountSchema) } } },
    async (req) => ({
      data: { count: await service.openCount(actorOf(req)) },
    }),
  );
  app.get(
    `${C}/:id/tasklists`,
    { config: read, schema: { params: IdParamsSchema, response: { 200: dataOf(z.array(FollowupTasklistSchema)) } } },
    async (req) => ({ data: await service.tasklists(actorOf(req), req.params.id) }),
  );
  app.post(
    `${C}/:id/done`,
    {
      config,
      schema: { params: IdParamsSchema, body: FollowupDoneInputSchema, response: { 200: Changed } },
    },
    async (req) => ({
      data: await service.done(actorOf(req), req.params.id, req.body),
      message: FOLLOWUP_TEXT.done,
    }),
  );
  app.post(
    `${C}/:id/reopen`,
    { config, schema: { params: IdParamsSchema, response: { 200: Changed } } },
    async (req) => ({ data: await service.reopen(actorOf(req), req.params.id), message: FOLLOWUP_TEXT.reopened }),
  );
  app.post(
    `${C}/:id/malfunction`,
    { config, schema: { params: IdParamsSchema, response: { 200: Changed } } },
    async (req) => ({
      data: await service.malfunction(actorOf(req), req.params.id),
      message: FOLLOWUP_TEXT.malfunctionCreated,
    }),
  );
  app.post(
    `${C}/:id/reinspection`,
    { config, schema: { params: IdParamsSchema, body: ReinspectionInputSchema, response: { 200: Changed } } },
    async (req) => ({
      data: await service.reinspection(actorOf(req), req.params.id, req.body),
      message: FOLLOWUP_TEXT.reinspectionPlanned,
    }),
  );
};
