import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MachineDueSchema } from '@keurwijzer/shared/compliance';
import {
  CustomerIntervalRowSchema,
  CustomerIntervalsInputSchema,
  INTERVALS_TEXT,
  IntervalSetInputSchema,
  IntervalSetSchema,
  MachineIntervalsSchema,
} from '@keurwijzer/shared/intervals';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { IdParamsSchema, changedOf, dataOf } from '../../lib/responses';
import type { IntervalsService } from './intervals.service';

const CustomerParams = z.object({ customerId: idField() });
const MachineParams = CustomerParams.extend({ id: idField() });

/**
 * Intervals: a machine type's defaults (master data), a customer's overrides
 * per machine type and a machine's overrides (customers), and a machine's due state per type.
 * PUT replaces the intervals it names: a number of months sets one, '' or null removes it.
 */
export const intervalsRoutes: FastifyPluginAsyncZod<{ service: IntervalsService }> = async (app, { service }) => {
  app.get(
    '/api/machine-types/:id/intervals',
    {
      config: { access: ACCESS.masterData.read },
      schema: { params: IdParamsSchema, response: { 200: dataOf(IntervalSetSchema) } },
    },
    async (req) => ({ data: await service.typeIntervals(actorOf(req), req.params.id) }),
  );
  app.put(
    '/api/machine-types/:id/intervals',
    {
      config: { access: ACCESS.masterData.write },
      schema: { params: IdParamsSchema, body: IntervalSetInputSchema, response: { 200: changedOf(IntervalSetSchema) } },
    },
    async (req) => ({
      data: await service.setTypeIntervals(actorOf(req), req.params.id, req.body),
      message: INTERVALS_TEXT.saved,
    }),
  );

  app.get(
    '/api/customers/:customerId/intervals',
    {
      config: { access: ACCESS.customers.read },
      schema: { params: CustomerParams, response: { 200: dataOf(z.array(CustomerIntervalRowSchema)) } },
    },
    async (req) => ({ data: await service.customerIntervals(actorOf(req), req.params.customerId) }),
  );
  app.put(
    '/api/customers/:customerId/intervals',
    {
      config: { access: ACCESS.customers.write },
      schema: {
        params: CustomerParams,
        body: CustomerIntervalsInputSchema,
        response: { 200: changedOf(z.array(CustomerIntervalRowSchema)) },
      },
    },
    async (req) => ({
      data: await service.setCustomerIntervals(actorOf(req), req.params.customerId, req.body),
      message: INTERVALS_TEXT.saved,
    }),
  );

  app.get(
    '/api/customers/:customerId/machines/:id/intervals',
    {
      config: { access: ACCESS.customers.read },
      schema: { params: MachineParams, response: { 200: dataOf(MachineIntervalsSchema) } },
    },
    async (req) => ({ data: await service.machineIntervals(actorOf(req), req.params.customerId, req.params.id) }),
  );
  app.put(
    '/api/customers/:customerId/machines/:id/intervals',
    {
      config: { access: ACCESS.customers.write },
      schema: {
        params: MachineParams,
        body: IntervalSetInputSchema,
        response: { 200: changedOf(MachineIntervalsSchema) },
      },
    },
    async (req) => ({
      data: await service.setMachineIntervals(actorOf(req), req.params.customerId, req.params.id, req.body),
      message: INTERVALS_TEXT.saved,
    }),
  );
  app.get(
    '/api/customers/:customerId/machines/:id/due',
    {
      config: { access: ACCESS.customers.read },
      schema: { params: MachineParams, response: { 200: dataOf(z.array(MachineDueSchema)) } },
    },
    async (req) => ({ data: await service.machineDue(actorOf(req), req.params.customerId, req.params.id) }),
  );
};
