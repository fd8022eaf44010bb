import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '@keurwijzer/shared/permissions';
import {
  DueCountQuerySchema,
  DueCountSchema,
  PlanMachinesInputSchema,
  SkippedMachineSchema,
  TasklistCandidatesQuerySchema,
  planDueText,
  TasklistCandidateSchema,
  TasklistDetailSchema,
  TasklistInputSchema,
  TasklistListQuerySchema,
  TasklistSchema,
} from '@keurwijzer/shared/tasklists';
import { successText } from '@keurwijzer/shared/texts';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { plural } from '../../lib/presenters';
import { IdParamsSchema, MessageSchema, changedOf, dataOf, pageOf, sendJsonPage } from '../../lib/responses';
import type { TasklistsService } from './tasklists.service';

const C = '/api/tasklists';
const MachineParams = IdParamsSchema.extend({ machineId: idField() });
const read = { access: ACCESS.tasklists.read };
const config = { access: ACCESS.tasklists.write };

/** Task lists (overview, create, edit, delete) and planning machines on them. */
export const tasklistsRoutes: FastifyPluginAsyncZod<{ service: TasklistsService }> = async (app, { service }) => {
  app.get(
    C,
    { config: read, schema: { querystring: TasklistListQuerySchema, response: { 200: pageOf(TasklistSchema) } } },
    async (req, reply) => sendJsonPage(reply, await service.list(actorOf(req), req.query)),
  );
  app.post(
    C,
    { config, schema: { body: TasklistInputSchema, response: { 201: changedOf(TasklistDetailSchema) } } },
    async (req, reply) =>
      reply.status(201).send({
        data: await service.create(actorOf(req), req.body),
        message: successText('Takenlijst', 'aangemaakt'),
      }),
  );
  app.get(
    `${C}/:id`,
    { config: read, schema: { params: IdParamsSchema, response: { 200: dataOf(TasklistDetailSchema) } } },
    async (req) => ({ data: await service.get(actorOf(req), req.params.id) }),
  );
  app.put(
    `${C}/:id`,
    {
      config,
      schema: { params: IdParamsSchema, body: TasklistInputSchema, response: { 200: changedOf(TasklistDetailSchema) } },
    },
    async (req) => ({
      data: await service.update(actorOf(req), req.params.id, req.body),
      message: successText('Takenlijst', 'gewijzigd'),
    }),
  );
  app.delete(
    `${C}/:id`,
    { config, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await service.delete(actorOf(req), req.params.id);
      return { data: null, message: successText('Takenlijst', 'verwijderd') };
    },
  );
  app.get(
    `${C}/:id/candidates`,
    {
      config: read,
      schema: {
        params: IdParamsSchema,
        querystring: TasklistCandidatesQuerySchema,
        response: { 200: dataOf(z.array(TasklistCandidateSchema)) },
      },
    },
    async (req) => ({ data: await service.candidates(actorOf(req), req.params.id, req.query) }),
  );
  app.post(
    `${C}/:id/plan-due`,
    {
      config,
      schema: {
        params: IdParamsSchema,
        response: { 200: changedOf(TasklistDetailSchema).extend({ skipped: z.array(SkippedMachineSchema) }) },
      },
    },
    async (req) => {
      const { tasklist, added, skipped } = await service.planDue(actorOf(req), req.params.id);
      return { data: tasklist, message: planDueText(added, skipped.length), skipped };
    },
  );
  app.get(
    '/api/planning/due-count',
    { config: read, schema: { querystring: DueCountQuerySchema, response: { 200: dataOf(DueCountSchema) } } },
    async (req) => ({
      data: { count: await service.dueCount(actorOf(req), req.query.location_id, req.query.inspection_type) },
    }),
  );
  app.post(
    `${C}/:id/machines`,
    {
      config,
      schema: {
        params: IdParamsSchema,
        body: PlanMachinesInputSchema,
        response: { 200: changedOf(TasklistDetailSchema) },
      },
    },
    async (req) => {
      const { tasklist, added } = await service.plan(actorOf(req), req.params.id, req.body);
      return {
        data: tasklist,
        message:
          added === 0
            ? 'Deze machines stonden al op de takenlijst'
            : `${plural(added, 'machine', 'machines')} ingepland`,
      };
    },
  );
  app.delete(
    `${C}/:id/machines/:machineId`,
    { config, schema: { params: MachineParams, response: { 200: changedOf(TasklistDetailSchema) } } },
    async (req) => ({
      data: await service.unplan(actorOf(req), req.params.id, req.params.machineId),
      message: 'Machine is van de takenlijst gehaald',
    }),
  );
};
