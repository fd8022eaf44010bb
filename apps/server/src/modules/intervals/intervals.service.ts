import type { MachineDue } from '@keurwijzer/shared/compliance';
import type {
  CustomerIntervalRow,
  CustomerIntervalsInput,
  IntervalSet,
  IntervalSetInput,
  MachineIntervals,
} from '@keurwijzer/shared/intervals';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ACCESS } from '@keurwijzer/shared/permissions';
import { accessPolicy, type Actor } from '../../lib/actor';
import { dueClock } from '../../lib/due-state';
import { fieldError, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { IntervalsRepository } from './intervals.repository';

/**
 * Intervals per machine type (master data), per customer and machine type, and per machine
 * (customers), and a machine's due state per type. Every method checks the actor's
 * permission again (the routes declare it too); writes are one transaction, and the interval
 * tables' triggers refresh the due dates of the machines they apply to in it.
 */
export function createIntervalsService({
  db,
  config,
  repo,
}: {
  db: Db;
  config: Pick<Config, 'dueSoonDays'>;
  repo: IntervalsRepository;
}) {
  const masterData = accessPolicy(ACCESS.masterData);
  const customers = accessPolicy(ACCESS.customers);

  async function machineTypeOr404(id: number, tx = db) {
    if (!(await repo.machineTypeExists(id, tx))) throw notFound();
  }
  async function customerOr404(id: number, tx = db) {
    if (!(await repo.customerExists(id, tx))) throw notFound();
  }
  async function machineOr404(customerId: number, id: number, tx = db) {
    if (!(await repo.machineExists(customerId, id, tx))) throw notFound();
  }

  /** A write that lost a race with a delete of what it refers to: the 404 the request would now get. */
  async function guarded<T>(work: () => Promise<T>, recheck: () => Promise<unknown>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isForeignKeyViolation(err)) await recheck();
      throw err;
    }
  }

  async function machineIntervals(customerId: number, machineId: number): Promise<MachineIntervals> {
    const found = await repo.machineIntervals(customerId, machineId);
    if (!found) throw notFound();
    return found;
  }

  return {
    async typeIntervals(actor: Actor, machineTypeId: number): Promise<IntervalSet> {
      masterData.assertRead(actor);
      await machineTypeOr404(machineTypeId);
      return repo.typeIntervals(machineTypeId);
    },

    async setTypeIntervals(actor: Actor, machineTypeId: number, input: IntervalSetInput): Promise<IntervalSet> {
      masterData.assertWrite(actor);
      return guarded(
        () =>
          db.transaction(async (tx) => {
            await machineTypeOr404(machineTypeId, tx);
            await repo.setTypeIntervals(machineTypeId, input, tx);
            return repo.typeIntervals(machineTypeId, tx);
          }),
        () => machineTypeOr404(machineTypeId),
      );
    },

    async customerIntervals(actor: Actor, customerId: number): Promise<CustomerIntervalRow[]> {
      customers.assertRead(actor);
      await customerOr404(customerId);
      return repo.customerRows(customerId);
    },

    async setCustomerIntervals(
      actor: Actor,
      customerId: number,
      input: CustomerIntervalsInput,
    ): Promise<CustomerIntervalRow[]> {
      customers.assertWrite(actor);
      const check = async (tx = db) => {
        await customerOr404(customerId, tx);
        const known = await repo.existingMachineTypes(
          input.intervals.map((r) => r.machine_type_id),
          tx,
        );
        input.intervals.forEach((r, i) => {
          if (!known.has(r.machine_type_id))
            throw fieldError(`intervals.${i}.machine_type_id`, 'Dit machinetype bestaat niet (meer)');
        });
      };
      return guarded(
        () =>
          db.transaction(async (tx) => {
            await check(tx);
            for (const row of input.intervals) {
              await repo.setCustomerIntervals(customerId, row.machine_type_id, row, tx);
            }
            return repo.customerRows(customerId, tx);
          }),
        () => check(),
      );
    },

    async machineIntervals(actor: Actor, customerId: number, machineId: number): Promise<MachineIntervals> {
      customers.assertRead(actor);
      return machineIntervals(customerId, machineId);
    },

    async setMachineIntervals(
      actor: Actor,
      customerId: number,
      machineId: number,
      input: IntervalSetInput,
    ): Promise<MachineIntervals> {
      customers.assertWrite(actor);
      await guarded(
        () =>
          db.transaction(async (tx) => {
            await machineOr404(customerId, machineId, tx);
            await repo.setMachineIntervals(machineId, input, tx);
          }),
        () => machineOr404(customerId, machineId),
      );
      return machineIntervals(customerId, machineId);
    },

    /** The machine's due state per type with an interval (office). */
    async machineDue(actor: Actor, customerId: number, machineId: number): Promise<MachineDue[]> {
      customers.assertRead(actor);
      const due = await repo.machineDue(customerId, machineId, dueClock(config.dueSoonDays));
      if (!due) throw notFound();
      return due;
    },
  };
}
export type IntervalsService = ReturnType<typeof createIntervalsService>;
