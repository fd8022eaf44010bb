import { and, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { EMPLOYEE_ROLES } from '@keurwijzer/shared/permissions';
import type { UserListParams } from '@keurwijzer/shared/users';
import type { Db, Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { userTokens, users } from '../../db/schema/users';
import { allOf, likePattern, orderBy, pageMeta, totalOf } from '../../lib/list-query';
import type { UserRow } from '../auth/session-store';

const columns = { ...getTableColumns(users), customerName: customers.name };

const SORT_COLUMNS = {
  last_name: users.lastName,
  first_name: users.firstName,
  email: users.email,
  role: users.role,
  created_at: users.createdAt,
};

export type NewUser = typeof users.$inferInsert;

/**
 * The list search: the user's name and e-mail (the trigram-indexed `search_text`) or the name of
 * the customer a customer user belongs to. The customer ids come from a sub-select turned into an
 * array, so PostgreSQL can OR two index scans instead of joining and filtering every row.
 */
function searchUsers(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    sql`${users.searchText} like lower(${pattern})`,
    sql`${users.customerId} = any(array(select ${customers.id} from ${customers} where ${customers.name} ilike ${pattern}))`,
  );
}

export function createUsersRepository(db: Db) {
  const selectUsers = (tx: Executor = db) =>
    tx.select(columns).from(users).leftJoin(customers, eq(customers.id, users.customerId));

  return {
    async list(query: UserListParams) {
      const where = allOf(
        query.archived ? isNotNull(users.archivedAt) : isNull(users.archivedAt),
        query.employees === undefined
          ? undefined
          : query.employees
            ? inArray(users.role, [...EMPLOYEE_ROLES])
            : eq(users.role, 'customer'),
        query.customer_id === undefined ? undefined : eq(users.customerId, query.customer_id),
        searchUsers(query.search),
      );
      // One statement, the total as a sub-select: one round trip and one connection per page.
      const pageRows = (limit: number, offset: number) =>
        db
          .select({ ...columns, total: sql<number>`(select count(*) from ${users} where ${where})`.mapWith(Number) })
          .from(users)
          .leftJoin(customers, eq(customers.id, users.customerId))
          .where(where)
          .orderBy(...orderBy(query.sortKey, query.sortOrder, SORT_COLUMNS, users.id))
          .limit(limit)
          .offset(offset);
      const rows = await pageRows(query.itemsPerPage, (query.page - 1) * query.itemsPerPage);
      const total = await totalOf(rows, query.page, () => pageRows(1, 0));
      return { data: rows.map(({ total: _total, ...user }) => user), meta: pageMeta(total, query) };
    },

    async findById(id: number, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await selectUsers(tx).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await selectUsers().where(eq(users.email, email)).limit(1);
      return row;
    },

    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      const n = await db.$count(users, and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined));
      return n > 0;
    },

    async insert(values: NewUser, tx: Executor = db): Promise<number> {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      return row!.id;
    },

    async update(id: number, values: Partial<NewUser>, tx: Executor = db): Promise<void> {
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    /** Replaces any earlier token of this type (a resend kills the previous link). */
    async replaceToken(
      userId: number,
      type: 'invitation' | 'password_reset',
      tokenHash: string,
      expiresAt: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.type, type)));
      await tx.insert(userTokens).values({ userId, type, tokenHash, expiresAt });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
