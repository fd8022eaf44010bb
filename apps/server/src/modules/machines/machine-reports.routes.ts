import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { LatestReportsSchema, MachineReportSchema } from '@keurwijzer/shared/reports';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { dataOf } from '../../lib/responses';
import type { MachineReportsService } from './machine-reports.service';

const C = '/api/customers/:customerId/machines/:id';
const MachineParams = z.object({ customerId: idField(), id: idField() });
const read = { access: ACCESS.customers.read };

/** A machine's reports (newest first) and its latest submitted report per inspection type, for the office. */
export const machineReportsRoutes: FastifyPluginAsyncZod<{ service: MachineReportsService }> = async (
  app,
  { service },
) => {
  app.get(
    `${C}/reports`,
    { config: read, schema: { params: MachineParams, response: { 200: dataOf(z.array(MachineReportSchema)) } } },
    async (req) => ({ data: await service.reports(actorOf(req), req.params.customerId, req.params.id) }),
  );
  app.get(
    `${C}/latest-reports`,
    { config: read, schema: { params: MachineParams, response: { 200: dataOf(LatestReportsSchema) } } },
    async (req) => ({ data: await service.latest(actorOf(req), req.params.customerId, req.params.id) }),
  );
};
