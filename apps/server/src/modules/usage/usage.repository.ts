import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { machineImages, machines } from '../../db/schema/machines';
import { malfunctionPhotos, malfunctions } from '../../db/schema/malfunctions';
import { usageCounters } from '../../db/schema/usage';

export type UsageKind = (typeof usageCounters.kind.enumValues)[number];

/** The usage counters (per user and hour) and a customer's stored bytes. */
export function createUsageRepository(db: Db) {
  return {
    /**
     * Adds one to the user's counter of `kind` and returns the new count and the seconds left in
     * its window, in one statement: a new window of `windowMs` when there is none or it ended.
     * INSERT ... ON CONFLICT DO UPDATE locks the row, so parallel requests (in any process) each
     * get their own count. Times are the database's.
     */
    async increment(userId: number, kind: UsageKind, windowMs: number): Promise<{ count: number; retryAfter: number }> {
      const expired = sql`${usageCounters.resetAt} <= now()`;
      const [row] = await db
        .insert(usageCounters)
        .values({ userId, kind, count: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
        .onConflictDoUpdate({
          target: [usageCounters.userId, usageCounters.kind],
          set: {
            count: sql`case when ${expired} then 1 else ${usageCounters.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${usageCounters.resetAt} end`,
          },
        })
        .returning({
          count: usageCounters.count,
          retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${usageCounters.resetAt} - now())))::int`,
        });
      return { count: row!.count, retryAfter: Number(row!.retryAfter) };
    },

    /**
     * Bytes of the customer's stored files (machine images of its machines, photos of its
     * malfunctions) in one query over the sizes stored with each file.
     */
    async storedBytes(customerId: number): Promise<number> {
      const images = sql`(select coalesce(sum(${machineImages.size}), 0) from ${machineImages}
        join ${machines} on ${machines.id} = ${machineImages.machineId} where ${machines.customerId} = ${customerId})`;
      const photos = sql`(select coalesce(sum(${malfunctionPhotos.size}), 0) from ${malfunctionPhotos}
        join ${malfunctions} on ${malfunctions.id} = ${malfunctionPhotos.malfunctionId}
        where ${malfunctions.customerId} = ${customerId})`;
      // The photos of its reports' answers.
      const reportPhotos = sql`(select coalesce(sum(rp.size), 0) from report_photos rp
        join reports rr on rr.id = rp.report_id join tasklists rt on rt.id = rr.tasklist_id
        where rt.customer_id = ${customerId})`;
      const [row] = await db
        .select({ bytes: sql<string>`(${images} + ${photos} + ${reportPhotos})::bigint` })
        .from(customers)
        .where(eq(customers.id, customerId));
      return Number(row?.bytes ?? 0);
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
