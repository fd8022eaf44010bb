import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FollowupsService } from './followups.service';

export const followupsRoutes: FastifyPluginAsyncZod<{ service: FollowupsService }> = async () => {};
