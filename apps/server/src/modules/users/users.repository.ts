import {
  and,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { EMPLOYEE_ROLES, ROLES, permissionsFor } from '@keurwijzer/shared/permissions';
import type { User, UserListParams } from '@keurwijzer/shared/users';
import type { Db, Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { userTokens, users } from '../../db/schema/users';
import { allOf, likePattern, orderBy, pageMeta, totalOf } from '../../lib/list-query';
import type { JsonPage } from '../../lib/responses';
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

/** A timestamp as `Date.toISOString()` writes it (UTC, milliseconds); null stays null. */
const isoOf = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `[role]` and the role's permissions as JSON, one constant per role (permissionsFor, as toUser). */
const ROLE_JSON = (of: (role: (typeof ROLES)[number]) => unknown) =>
  sql`(case ${users.role} ${sql.join(
    ROLES.map((role) => sql.raw(`when '${role}' then '${JSON.stringify(of(role))}'::json`)),
    sql` `,
  )} end)`;

/*
 * The users list leaves the database as its API JSON, like the machines list (MACHINE_JSON):
 * a page is one JSON text per row for Node to join, instead of 16 columns a row to map, present
 * (toUser), check against UserSchema and serialize again. `USER_FIELDS` is the list's presenter
 * of a user: typed against `User`, so a field added to the contract does not compile until it is
 * mapped here; toUser stays the presenter of a single user, and the API tests compare the two.
 */
const USER_FIELDS: Record<keyof User, SQL> = {
  id: sql`${users.id}`,
  first_name: sql`${users.firstName}`,
  preposition: sql`${users.preposition}`,
  last_name: sql`${users.lastName}`,
  email: sql`${users.email}`,
  image: sql`${users.image}`,
  role: sql`${users.role}`,
  roles: ROLE_JSON((role) => [role]),
  permissions: ROLE_JSON((role) => permissionsFor([role])),
  customer_id: sql`${users.customerId}`,
  customer_name: sql`${customers.name}`,
  archived_at: isoOf(users.archivedAt),
  activated_at: isoOf(users.activatedAt),
  created_at: isoOf(users.createdAt),
};
/** The user of the current row (users left join customers) as its API JSON text. */
const USER_JSON = sql<string>`json_build_object(${sql.join(
  Object.entries(USER_FIELDS).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
  sql`, `,
)})::text`;

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
    /** One page: the users as one JSON array text (sent as it is, see USER_JSON) and the meta. */
    async list(query: UserListParams): Promise<JsonPage> {
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
          .select({
            json: USER_JSON,
            total: sql<number>`(select count(*) from ${users} where ${where})`.mapWith(Number),
          })
          .from(users)
          .leftJoin(customers, eq(customers.id, users.customerId))
          .where(where)
          .orderBy(...orderBy(query.sortKey, query.sortOrder, SORT_COLUMNS, users.id))
          .limit(limit)
          .offset(offset);
      const rows = await pageRows(query.itemsPerPage, (query.page - 1) * query.itemsPerPage);
      const total = await totalOf(rows, query.page, () => pageRows(1, 0));
      return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, meta: pageMeta(total, query) };
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
