import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { idField } from '@keurwijzer/shared/validation';
import { actorOf } from '../../lib/actor';
import { sendDownload } from '../../lib/stream-download';
import type { CertificatesService } from './certificates.service';

/**
 * The Keuringsoverzicht PDF of a customer location: the office's (customers.view) for any
 * customer, and a customer user's (own-machines.view) for its own locations. Both count as an
 * export (the user's exports per hour, modules/usage).
 */
export const certificatesRoutes: FastifyPluginAsyncZod<{ service: CertificatesService }> = async (app, { service }) => {
  app.get(
    '/api/customers/:customerId/locations/:locationId/keuringsoverzicht.pdf',
    {
      config: { access: ACCESS.customers.read, usage: 'export' },
      schema: { params: z.object({ customerId: idField(), locationId: idField() }) },
    },
    async (req, reply) => {
      const { customerId, locationId } = req.params;
      const download = await service.keuringsoverzicht(actorOf(req), locationId, customerId);
      return sendDownload(req, reply, download, 'keuringsoverzicht');
    },
  );
  app.get(
    '/api/locations/:locationId/keuringsoverzicht.pdf',
    {
      config: { access: 'own-machines.view', usage: 'export' },
      schema: { params: z.object({ locationId: idField() }) },
    },
    async (req, reply) => {
      const download = await service.keuringsoverzicht(actorOf(req), req.params.locationId);
      return sendDownload(req, reply, download, 'keuringsoverzicht');
    },
  );
};
