import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignedMalfunctionListQuerySchema,
  MalfunctionAssigneeSchema,
  MalfunctionDetailSchema,
  MalfunctionSchema,
} from '@keurwijzer/shared/malfunctions';
import { z } from 'zod';
import { idField } from '@keurwijzer/shared/validation';
import { sendImage } from '../../lib/image-intake';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, dataOf, pageOf, sendJsonPage } from '../../lib/responses';
import type { AssignedMalfunctionsService } from './malfunctions-assigned.service';

const read = { access: 'malfunctions.view' } as const;
const assigned = { access: 'malfunctions.assigned' } as const;
const PhotoParams = z.object({ id: idField(), photoId: idField() });
const ThumbQuery = z.object({ thumb: z.enum(['1', '0']).optional() });

/**
 * Assignment: the office's choice of assignees, and a user's "Mijn storingen"
 * (GET /api/assigned-malfunctions, GET /api/assigned-malfunctions/:id: only those assigned to them).
 */
export const assignedMalfunctionsRoutes: FastifyPluginAsyncZod<{ service: AssignedMalfunctionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/malfunctions/assignees',
    { config: read, schema: { response: { 200: dataOf(z.array(MalfunctionAssigneeSchema)) } } },
    async (req) => ({ data: await service.assignees(actorOf(req)) }),
  );

  app.get(
    '/api/assigned-malfunctions',
    {
      config: assigned,
      schema: { querystring: AssignedMalfunctionListQuerySchema, response: { 200: pageOf(MalfunctionSchema) } },
    },
    async (req, reply) => sendJsonPage(reply, await service.list(actorOf(req), req.query)),
  );

  app.get(
    '/api/assigned-malfunctions/:id',
    { config: assigned, schema: { params: IdParamsSchema, response: { 200: dataOf(MalfunctionDetailSchema) } } },
    async (req) => ({ data: await service.detail(actorOf(req), req.params.id) }),
  );

  app.get(
    '/api/assigned-malfunctions/:id/photos/:photoId/file',
    { config: assigned, schema: { params: PhotoParams, querystring: ThumbQuery } },
    async (req, reply) =>
      sendImage(reply, await service.photo(actorOf(req), req.params.id, req.params.photoId, req.query.thumb === '1')),
  );
};
