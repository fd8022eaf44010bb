import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IntervalsService } from './intervals.service';

export const intervalsRoutes: FastifyPluginAsyncZod<{ service: IntervalsService }> = async () => {};
