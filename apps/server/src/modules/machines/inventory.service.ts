import type { Writable } from 'node:stream';
import { DUE_SOON_DAYS } from '@keurwijzer/shared/compliance';
import type { InventoryFormat } from '@keurwijzer/shared/machines';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import type { Company } from '../../config';
import type { Actor } from '../../lib/actor';
import { createKeyedLimit } from '../../lib/concurrency';
import { dueClock, type DueClock } from '../../lib/due-state';
import { AppError, notFound } from '../../lib/errors';
import type { Download } from '../../lib/stream-download';
import { writeInventoryPdf } from './inventory-pdf';
import {
  describeSelection,
  inventoryFileName,
  type InventoryExportRow,
  type InventoryInfo,
} from './inventory.presenter';
import type { InventoryRepository } from './inventory.repository';
import { writeInventoryXlsx } from './inventory-xlsx';
import type { InventoryRow, MachinesRepository } from './machines.repository';
import { machinesPolicy, type AskedSelection } from './machines.policy';

type Writer = (batches: AsyncIterable<InventoryExportRow[]>, out: Writable, info: InventoryInfo) => Promise<void>;

const FORMATS: Record<InventoryFormat, { contentType: string; write: Writer }> = {
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', write: writeInventoryXlsx },
  pdf: { contentType: 'application/pdf', write: writeInventoryPdf },
};

type Deps = {
  inventory: InventoryRepository;
  machines: Pick<MachinesRepository, 'inventory'>;
  company: Company;
  /** Days before the due date a machine counts as "due soon" (config.dueSoonDays; default 30). */
  dueSoonDays?: number;
  /** Exports one user may run at once in this process (default 2). */
  exportsPerUser?: number;
};

/**
 * The inventory list of a customer as a file. Who may export which customer's machines, and
 * which of them, is the machines policy's (`exportScope`), asked before anything else.
 * A user runs at most `exportsPerUser` exports at once (429 beyond): an export holds a database
 * connection and CPU while it streams. The count is per process, in memory (lib/concurrency.ts).
 */
export function createInventoryService({
  inventory,
  machines,
  company,
  dueSoonDays = DUE_SOON_DAYS,
  exportsPerUser = 2,
}: Deps) {
  const running = createKeyedLimit(exportsPerUser);
  /** Each batch of machines with its due dates and states (one statement per batch). */
  async function* withDue(batches: AsyncIterable<InventoryRow[]>, clock: DueClock) {
    for await (const rows of batches) {
      const due = await inventory.dueOf(
        rows.map((r) => r.id),
        clock,
      );
      yield rows.map((r): InventoryExportRow => ({ ...r, due: due.get(r.id) ?? {} }));
    }
  }
  return {
    /**
     * The inventory list of the customer the actor may export (see `exportScope`) with the given
     * selection, ready to stream: 404 for a customer that does not exist, 429 when the actor
     * already runs its exports. The machines are
     * read in batches while the file is written; the slot is free again when the writing ends
     * (done, failed or cancelled), so `write` must be called (lib/stream-download.ts does).
     */
    async download(
      actor: Actor,
      { format, ...query }: AskedSelection & { format: InventoryFormat },
      askedCustomerId?: number,
    ): Promise<Download> {
      const { customerId, selection } = machinesPolicy.exportScope(actor, query, askedCustomerId);
      const release = running.tryAcquire(actor.id);
      if (!release) throw new AppError(429, LIMIT_TEXT.tooManyExports);
      try {
        const customer = await inventory.customer(customerId);
        if (!customer) throw notFound();
        const generatedAt = new Date();
        const clock = dueClock(dueSoonDays, generatedAt);
        const info: InventoryInfo = {
          company,
          customer,
          selection: describeSelection(selection, await inventory.selectionNames(customerId, selection)),
          generatedAt,
          today: clock.today,
        };
        const { contentType, write } = FORMATS[format];
        return {
          contentType,
          fileName: inventoryFileName(customer.customerNumber, info.generatedAt, format),
          write: (out) => write(withDue(machines.inventory(selection, customerId), clock), out, info).finally(release),
        };
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
