import type { Writable } from 'node:stream';
import type { InventoryFormat } from '@keurwijzer/shared/machines';
import type { Company } from '../../config';
import { notFound } from '../../lib/errors';
import type { Download } from '../../lib/stream-download';
import { writeInventoryPdf } from './inventory-pdf';
import { describeSelection, inventoryFileName, type InventoryInfo } from './inventory.presenter';
import type { InventoryRepository } from './inventory.repository';
import { writeInventoryXlsx } from './inventory-xlsx';
import type { InventoryRow, MachineSelection, MachinesRepository } from './machines.repository';

type Writer = (batches: AsyncIterable<InventoryRow[]>, out: Writable, info: InventoryInfo) => Promise<void>;

const FORMATS: Record<InventoryFormat, { contentType: string; write: Writer }> = {
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', write: writeInventoryXlsx },
  pdf: { contentType: 'application/pdf', write: writeInventoryPdf },
};

type Deps = {
  inventory: InventoryRepository;
  machines: Pick<MachinesRepository, 'inventory'>;
  company: Company;
};

/**
 * The inventory list of a customer as a file. Who may export which customer's machines, and
 * which of them, is decided by the caller (the machines routes) before it asks for the file.
 */
export function createInventoryService({ inventory, machines, company }: Deps) {
  return {
    /**
     * The inventory list of `customerId` with the given selection, ready to stream: 404 for a
     * customer that does not exist. The machines are read in batches while the file is written.
     */
    async download(
      customerId: number,
      { format, ...selection }: MachineSelection & { format: InventoryFormat },
    ): Promise<Download> {
      const customer = await inventory.customer(customerId);
      if (!customer) throw notFound();
      const info: InventoryInfo = {
        company,
        customer,
        selection: describeSelection(selection, await inventory.selectionNames(customerId, selection)),
        generatedAt: new Date(),
      };
      const { contentType, write } = FORMATS[format];
      return {
        contentType,
        fileName: inventoryFileName(customer.customerNumber, info.generatedAt, format),
        write: (out) => write(machines.inventory(selection, customerId), out, info),
      };
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
