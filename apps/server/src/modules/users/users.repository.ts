import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EMPLOYEE_ROLES, ROLES, permissionsFor, userPermissions, type Role } from '@keurwijzer/shared/permissions';
import type { User, UserListParams } from '@keurwijzer/shared/users';
import type { Db, Executor } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';
import { customers } from '../../db/schema/customers';
import { userTokens, users, type UserRow } from '../../db/schema/users';
import { allOf, likePattern, orderBy, pageMeta, totalOf } from '../../lib/list-query';
import type { JsonPage } from '../../lib/responses';
import { isoOf, jsonObject } from '../../db/sql-json';

const columns = { ...getTableColumns(users), customerName: customers.name };

const SORT_COLUMNS = {
  last_name: users.lastName,
  first_name: users.firstName,
  email: users.email,
  role: users.role,
  created_at: users.createdAt,
};
/** The same sort keys as fields of a selected row (the list's page). */
const SORT_FIELDS = {
  last_name: 'lastName',
  first_name: 'firstName',
  email: 'email',
  role: 'role',
  created_at: 'createdAt',
} as const satisfies Record<keyof typeof SORT_COLUMNS, keyof UserSource>;

export type NewUser = typeof users.$inferInsert;

/** The columns a user's JSON is made of: the users table's (with the customer's name) or a page's. */
export type UserSource = Record<
  | 'id'
  | 'firstName'
  | 'preposition'
  | 'lastName'
  | 'email'
  | 'image'
  | 'role'
  | 'customerId'
  | 'customerName'
  | 'customerAdmin'
  | 'archivedAt'
  | 'activatedAt'
  | 'createdAt',
  SQLWrapper
>;

/** A JSON constant per role, chosen by the role column (`[role]`, its permissions as toUser has them). */
const perRole = (role: SQLWrapper, of: (role: Role) => unknown) =>
  sql`(case ${role} ${sql.join(
    ROLES.map((r) => sql.raw(`when '${r}' then '${JSON.stringify(of(r))}'::json`)),
    sql` `,
  )} end)`;

/*
 * The users list leaves the database as its API JSON, like the machines list (MACHINE_JSON):
 * a page is one JSON text per row for Node to join, instead of 16 columns a row to map, present
 * (toUser), check against UserSchema and serialize again. `userFields` is the list's presenter
 * of a user: typed against `User`, so a field added to the contract does not compile until it is
 * mapped here; toUser stays the presenter of a single user, and the API tests compare the two.
 */
export const userFields = (u: UserSource): Record<keyof User, SQL> => ({
  id: sql`${u.id}`,
  first_name: sql`${u.firstName}`,
  preposition: sql`${u.preposition}`,
  last_name: sql`${u.lastName}`,
  email: sql`${u.email}`,
  // As imageUrlOf (users.presenter.ts): the photo's URL, versioned by the file's name.
  image: sql`case when ${u.image} is null then null else '/api/users/' || ${u.id} || '/image?v=' || regexp_replace(${u.image}, '^.*/|[.][^.]*$', '', 'g') end`,
  role: sql`${u.role}`,
  roles: perRole(u.role, (role) => [role]),
  // A customer's own administrator holds more than the role (only customer users carry the flag).
  permissions: sql`(case when ${u.customerAdmin} then ${sql.raw(`'${JSON.stringify(userPermissions('customer', true))}'::json`)} else ${perRole(u.role, (role) => permissionsFor([role]))} end)`,
  customer_id: sql`${u.customerId}`,
  customer_name: sql`${u.customerName}`,
  customer_admin: sql`${u.customerAdmin}`,
  archived_at: isoOf(u.archivedAt),
  activated_at: isoOf(u.activatedAt),
  created_at: isoOf(u.createdAt),
});
/** What a list page picks of a user: the columns of its JSON (never the password hash). */
const PAGE_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  preposition: users.preposition,
  lastName: users.lastName,
  email: users.email,
  image: users.image,
  role: users.role,
  customerId: users.customerId,
  customerName: sql<string | null>`${customers.name}`.as('customer_name'),
  customerAdmin: users.customerAdmin,
  archivedAt: users.archivedAt,
  activatedAt: users.activatedAt,
  createdAt: users.createdAt,
} satisfies UserSource;

/** A user as its API JSON text. */
const userJson = (u: UserSource) => sql<string>`${jsonObject(userFields(u))}::text`;

/**
 * The JSON of a user of the list's page (the derived table "page" of PAGE_COLUMNS), rendered to
 * SQL text once: it has no parameters, and Drizzle would otherwise walk its ~100 pieces again
 * for every request (that cost as much Node time as presenting the rows did).
 */
const PAGE_USER_JSON = sql<string>`${sql.raw(
  new PgDialect().sqlToQuery(
    userJson(
      Object.fromEntries(
        Object.entries(PAGE_COLUMNS).map(([key, c]) => [
          key,
          sql`${sql.identifier('page')}.${sql.identifier(c instanceof SQL.Aliased ? c.fieldAlias : c.name)}`,
        ]),
      ) as Record<keyof typeof PAGE_COLUMNS, SQL>,
    ),
  ).sql,
)}`;

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
        // "Zonder klant": self-registered customer users waiting to be linked to their customer.
        query.without_customer ? and(eq(users.role, 'customer'), isNull(users.customerId)) : undefined,
        searchUsers(query.search),
      );
      // One statement, the total as a sub-select: one round trip and one connection per page. The
      // page's rows are picked in a derived table and only those become JSON: PostgreSQL computes a
      // select list before OFFSET skips a row (page 300 would build 3,000 users' JSON to throw
      // away), and `id in (page ids)` let PGlite's planner scan all users for a search.
      const pageRows = (limit: number, offset: number) => {
        const page = db
          .select({
            ...PAGE_COLUMNS,
            total: sql<number>`(select count(*) from ${users} where ${where})`.as('total'),
          })
          .from(users)
          .leftJoin(customers, eq(customers.id, users.customerId))
          .where(where)
          .orderBy(...orderBy(query.sortKey, query.sortOrder, SORT_COLUMNS, users.id))
          .limit(limit)
          .offset(offset)
          .as('page');
        const dir = query.sortOrder === 'desc' ? desc : asc;
        return db
          .select({ json: PAGE_USER_JSON, total: sql<number>`${page.total}`.mapWith(Number) })
          .from(page)
          .orderBy(dir(sql`${page[SORT_FIELDS[query.sortKey]]}`), dir(sql`${page.id}`));
      };
      const rows = await pageRows(query.itemsPerPage, (query.page - 1) * query.itemsPerPage);
      const total = await totalOf(rows, query.page, () => pageRows(1, 0));
      return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, meta: pageMeta(total, query) };
    },

    async findById(id: number, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await selectUsers(tx).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * The user, locked (FOR NO KEY UPDATE: a login can still add a session) until the transaction
     * ends: archive, restore, edit and resend of one user run one after the other, each deciding
     * on the row the one before left. Lock order: the user, then its tokens (also on activation).
     */
    async lockById(id: number, tx: Executor): Promise<UserRow | undefined> {
      const [row] = await selectUsers(tx).where(eq(users.id, id)).for('no key update', { of: users }).limit(1);
      return row;
    },

    /** The user with this e-mail, and when its customer was archived (null: not archived, or none). */
    async findByEmail(email: string): Promise<(UserRow & { customerArchivedAt: Date | null }) | undefined> {
      const [row] = await db
        .select({ ...columns, customerArchivedAt: customers.archivedAt })
        .from(users)
        .leftJoin(customers, eq(customers.id, users.customerId))
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    async emailTaken(email: string, exceptId?: number, tx: Executor = db): Promise<boolean> {
      const n = await tx.$count(users, and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined));
      return n > 0;
    },

    /** Whether the customer exists and is not archived (a customer user's customer). */
    async activeCustomerExists(customerId: number, tx: Executor = db): Promise<boolean> {
      const n = await tx.$count(customers, and(eq(customers.id, customerId), isNull(customers.archivedAt)));
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

    /**
     * Revokes the user's live API tokens (archiving: revoked, not just refused while archived, so
     * a restore does not bring them back). Run under the lock on the user's row, which a new
     * token's insert takes too (api-tokens.repository.ts).
     */
    async revokeApiTokens(userId: number, at: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(apiTokens)
        .set({ revokedAt: at, revokedReason: 'archived' })
        .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, at)));
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
