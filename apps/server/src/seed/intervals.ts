import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customerIntervals, machineIntervals } from '../db/schema/compliance';
import { rowsOf } from '../db/sql-json';

/**
 * The demo's interval overrides (the machine types' own are in master-data-rows.ts DEMO_INTERVALS):
 * the building company has its electric hand tools inspected every 6 months (they go to building
 * sites), and one heavily used compressor of the first customer is serviced every 3 months. Set
 * before the history is submitted, so the triggers compute every due date with them.
 */
export async function seedIntervals(tx: Executor, customerIds: number[]): Promise<void> {
  const [tools] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from machine_types where name = 'Handgereedschap elektrisch'`,
  );
  await tx
    .insert(customerIntervals)
    .values({ customerId: customerIds[2]!, machineTypeId: tools!.id, inspectionType: 'inspection', months: 6 });
  const [compressor] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from machines where inventory_number = 'INV-01001' and customer_id = ${customerIds[0]!}`,
  );
  await tx.insert(machineIntervals).values({ machineId: compressor!.id, inspectionType: 'maintenance', months: 3 });
}
