import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';

/** The queries of the session store (session-store.ts). */
export function createSessionsRepository(db: Db) {
  // Every /api request with a cookie runs this: built once, not per request.
  const liveStatement = db
    .select({
      session: sessions,
      user: users,
      customerName: customers.name,
      customerArchivedAt: customers.archivedAt,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('session_load');

  return {
    /**
     * The session with this (stored) id if it has not expired by `now` nor been idle since
     * `idleSince`, with its user (archived or not), the user's customer name and when that
     * customer was archived (null: not archived, or no customer).
     */
    async findLive(id: string, now: Date, idleSince: Date) {
      const [row] = await liveStatement.execute({ id, now: now.toISOString(), idleSince: idleSince.toISOString() });
      return row;
    },

    async insert(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    async touch(id: string, lastSeenAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Every session of the user, except `keepId`. */
    async deleteForUser(userId: number, keepId?: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined));
    },

    /** Every session of the users of a customer. */
    async deleteForCustomer(customerId: number): Promise<void> {
      await db
        .delete(sessions)
        .where(
          inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId))),
        );
    },

    /** Sessions expired by `now` or idle since `idleSince`. */
    async deleteDead(now: Date, idleSince: Date): Promise<void> {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
    },

    async countAnonymous(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(isNull(sessions.userId));
      return row?.n ?? 0;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
