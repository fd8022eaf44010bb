import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '@keurwijzer/shared/permissions';
import {
  CONCEPT_MACHINE_CREATED,
  ConceptMachineInputSchema,
  PlanningCustomersQuerySchema,
  PlanningDepartmentSchema,
  PlanningOptionSchema,
  TasklistDetailSchema,
} from '@keurwijzer/shared/tasklists';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf, dataOf } from '../../lib/responses';
import type { PlanningService } from './planning.service';

const read = { access: ACCESS.tasklists.read };
const config = { access: ACCESS.tasklists.write };
const Options = dataOf(z.array(PlanningOptionSchema));

/**
 * What a mechanic needs to fill in the task list forms without the office's customer screens,
 * and the concept machine added on site.
 */
export const planningRoutes: FastifyPluginAsyncZod<{ service: PlanningService }> = async (app, { service }) => {
  app.get(
    '/api/planning/customers',
    { config: read, schema: { querystring: PlanningCustomersQuerySchema, response: { 200: Options } } },
    async (req) => ({ data: await service.customers(actorOf(req), req.query.search) }),
  );
  app.get(
    '/api/planning/customers/:id/locations',
    { config: read, schema: { params: IdParamsSchema, response: { 200: Options } } },
    async (req) => ({ data: await service.locations(actorOf(req), req.params.id) }),
  );
  app.get('/api/planning/machine-types', { config: read, schema: { response: { 200: Options } } }, async (req) => ({
    data: await service.machineTypes(actorOf(req)),
  }));
  app.get(
    '/api/tasklists/:id/places',
    { config: read, schema: { params: IdParamsSchema, response: { 200: dataOf(z.array(PlanningDepartmentSchema)) } } },
    async (req) => ({ data: await service.places(actorOf(req), req.params.id) }),
  );
  app.get(
    '/api/tasklists/:id/questionnaires',
    { config: read, schema: { params: IdParamsSchema, response: { 200: Options } } },
    async (req) => ({ data: await service.questionnaires(actorOf(req), req.params.id) }),
  );
  app.post(
    '/api/tasklists/:id/concept-machines',
    {
      config,
      schema: {
        params: IdParamsSchema,
        body: ConceptMachineInputSchema,
        response: { 201: changedOf(TasklistDetailSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await service.addConcept(actorOf(req), req.params.id, req.body),
        message: CONCEPT_MACHINE_CREATED,
      }),
  );
};
