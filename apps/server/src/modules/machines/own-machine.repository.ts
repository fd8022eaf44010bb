import { and, eq, sql } from 'drizzle-orm';
import type { OwnMachineDetail } from '@keurwijzer/shared/portal';
import { DUE_SOON_DAYS } from '@keurwijzer/shared/compliance';
import type { Db } from '../../db/client';
import { seenByCustomer } from '../../db/shared-facts';
import { clockParams, dueClock } from '../../lib/due-state';
import { machines } from '../../db/schema/machines';
import { machineJsonWith } from './machines.presenter';
import { OWN_MACHINE_DETAIL_FIELDS } from './own-machine.presenter';

/**
 * The customer portal's machine screen: the machine of the customer, in use, with its images,
 * latest report per type, malfunctions (newest first, with their photos) and due state per type, as one JSON text
 * built by PostgreSQL in one prepared statement. No row: not there, not the customer's, archived
 * or concept, all one 404 for the caller.
 */
export function createOwnMachineRepository(db: Db, options: { dueSoonDays?: number } = {}) {
  const soonDays = options.dueSoonDays ?? DUE_SOON_DAYS;
  const detail = db
    .select({ json: sql<string>`${machineJsonWith<OwnMachineDetail>(OWN_MACHINE_DETAIL_FIELDS)}::text` })
    .from(machines)
    .where(
      and(
        eq(machines.id, sql.placeholder('id')),
        eq(machines.customerId, sql.placeholder('customerId')),
        seenByCustomer('machines'),
      ),
    )
    .prepare('own_machine_detail');

  return {
    /** The machine's OwnMachineDetail as JSON text (sent as it is), or undefined outside the scope. */
    async detail(id: number, customerId: number): Promise<string | undefined> {
      const [row] = await detail.execute({ id, customerId, ...clockParams(dueClock(soonDays)) });
      return row?.json;
    },
  };
}

export type OwnMachineRepository = ReturnType<typeof createOwnMachineRepository>;
