import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OverviewService } from './overview.service';

export const overviewRoutes: FastifyPluginAsyncZod<{ service: OverviewService }> = async () => {};
