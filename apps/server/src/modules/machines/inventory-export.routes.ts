import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InventoryExportQuerySchema, MACHINE_STATUS_LABELS, type InventoryFormat } from '@keurwijzer/shared/machines';
import { idField } from '@keurwijzer/shared/validation';
import type { Company } from '../../config';
import type { Db } from '../../db/client';
import { customers, departments, locations, rooms } from '../../db/schema/customers';
import { brands, machineTypes } from '../../db/schema/master-data';
import { notFound } from '../../lib/errors';
import { createMachinesRepository, type MachineSelection } from './machines.repository';
import { inventoryFileName, writeInventoryPdf, writeInventoryXlsx, type InventoryInfo } from './inventory-export';

const CONTENT_TYPES: Record<InventoryFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
const WRITERS = { xlsx: writeInventoryXlsx, pdf: writeInventoryPdf };

/**
 * "Vestiging: Hoofdkantoor · Status: Actief" for the export's header. Names are looked up within
 * this customer only, so a foreign id never prints another customer's place.
 */
async function describeSelection(db: Db, customerId: number, q: MachineSelection): Promise<string> {
  const nameOf = async (query: Promise<{ name: string }[]>) => (await query)[0]?.name ?? 'onbekend';
  const parts: string[] = [];
  if (q.location_id)
    parts.push(
      `Vestiging: ${await nameOf(
        db
          .select({ name: locations.name })
          .from(locations)
          .where(and(eq(locations.id, q.location_id), eq(locations.customerId, customerId))),
      )}`,
    );
  if (q.department_id)
    parts.push(
      `Afdeling: ${await nameOf(
        db
          .select({ name: departments.name })
          .from(departments)
          .innerJoin(locations, eq(locations.id, departments.locationId))
          .where(and(eq(departments.id, q.department_id), eq(locations.customerId, customerId))),
      )}`,
    );
  if (q.room_id)
    parts.push(
      `Ruimte: ${await nameOf(
        db
          .select({ name: rooms.name })
          .from(rooms)
          .innerJoin(departments, eq(departments.id, rooms.departmentId))
          .innerJoin(locations, eq(locations.id, departments.locationId))
          .where(and(eq(rooms.id, q.room_id), eq(locations.customerId, customerId))),
      )}`,
    );
  if (q.machine_type_id)
    parts.push(
      `Machinetype: ${await nameOf(
        db.select({ name: machineTypes.name }).from(machineTypes).where(eq(machineTypes.id, q.machine_type_id)),
      )}`,
    );
  if (q.brand_id)
    parts.push(`Merk: ${await nameOf(db.select({ name: brands.name }).from(brands).where(eq(brands.id, q.brand_id)))}`);
  if (q.status) parts.push(`Status: ${MACHINE_STATUS_LABELS[q.status]}`);
  if (q.archived) parts.push('Gearchiveerde machines');
  if (q.search) parts.push(`Zoekterm: "${q.search}"`);
  return parts.join(' · ');
}

/**
 * Streams the inventory list of `customerId` as xlsx or PDF with the given selection: 404 for a
 * customer that does not exist; the file streams out while the machines are read in batches.
 */
export function createInventorySender({ db, company }: { db: Db; company: Company }) {
  const repo = createMachinesRepository(db);
  return async function sendInventory(
    req: FastifyRequest,
    reply: FastifyReply,
    customerId: number,
    { format, ...selection }: MachineSelection & { format: InventoryFormat },
  ) {
    const [customer] = await db
      .select({ name: customers.name, customerNumber: customers.customerNumber })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw notFound();
    const info: InventoryInfo = {
      company,
      customer,
      selection: await describeSelection(db, customerId, selection),
      generatedAt: new Date(),
    };
    const body = new PassThrough();
    WRITERS[format](repo.inventory(selection, customerId), body, info).catch((err: unknown) => {
      // The status line is gone by now: log it and cut the download off, so no one takes a
      // truncated file for a whole one.
      if (body.destroyed) req.log.info({ err }, 'inventory export cancelled');
      else req.log.error({ err }, 'inventory export failed');
      body.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply
      .type(CONTENT_TYPES[format])
      .header(
        'content-disposition',
        `attachment; filename="${inventoryFileName(customer.customerNumber, info.generatedAt, format)}"`,
      )
      .send(body);
  };
}

/** The inventory list of a customer for admins, with the filters of the machines screen. */
export const inventoryExportRoutes: FastifyPluginAsyncZod<{ db: Db; company: Company }> = async (app, opts) => {
  const sendInventory = createInventorySender(opts);
  app.get(
    '/api/customers/:customerId/machines/export',
    {
      config: { access: 'customers.manage' },
      schema: { params: z.object({ customerId: idField() }), querystring: InventoryExportQuerySchema },
    },
    (req, reply) => sendInventory(req, reply, req.params.customerId, req.query),
  );
};
