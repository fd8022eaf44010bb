import { sql, type SQL } from 'drizzle-orm';
import { MAX_SUGGESTIONS, NAME_SIMILARITY_MIN, type WaitingAccountsParams } from '@keurwijzer/shared/users';
import { PUBLIC_MAIL_DOMAINS } from '@keurwijzer/shared/registration';
import type { Db, Executor } from '../../db/client';
import { jsonObject, rowsOf } from '../../db/sql-json';
import { likePattern, pageMeta } from '../../lib/list-query';
import type { JsonPage } from '../../lib/responses';
import { userFields, type UserSource } from './users.repository';

type Params = WaitingAccountsParams;

const SORT_SQL: Record<Params['sortKey'], string> = {
  last_name: 'u.last_name',
  first_name: 'u.first_name',
  email: 'u.email',
  role: 'u.role',
  created_at: 'u.created_at',
};

/** The columns of the users row `u` (a waiting account has no customer: its name is null). */
const col = (name: string) => sql.raw(`u.${name}`);
const WAITING_USER: UserSource = {
  id: col('id'),
  firstName: col('first_name'),
  preposition: col('preposition'),
  lastName: col('last_name'),
  email: col('email'),
  image: col('image'),
  role: col('role'),
  customerId: col('customer_id'),
  customerName: sql`null::text`,
  customerAdmin: col('customer_admin'),
  archivedAt: col('archived_at'),
  activatedAt: col('activated_at'),
  createdAt: col('created_at'),
};

/** The public mail providers as an SQL list of literals (constants of the code, never input). */
const PUBLIC_DOMAINS = sql.raw(PUBLIC_MAIL_DOMAINS.map((d) => `'${d}'`).join(', '));

/**
 * The suggested customers of the waiting account `u`, as a JSON array (correlated: part of the
 * page's one statement, no query per row). Three sources, each customer once with its strongest
 * reason, strongest first, at most MAX_SUGGESTIONS:
 * 1. `customer_number`: the customer number the user gave (as typed, or upper-cased), exactly;
 * 2. `email_domain`: a customer with a user (not archived) of the same e-mail domain, unless the
 *    domain is a public provider's (PUBLIC_MAIL_DOMAINS); the trigram index of `search_text`
 *    (which ends with the e-mail) finds them, split_part decides;
 * 3. `name`: pg_trgm similarity of lower(name) and lower(company name), at least
 *    NAME_SIMILARITY_MIN, best first (`%` lets customers_name_trgm_idx find them).
 * Archived customers are never suggested.
 */
const SUGGESTIONS = sql`coalesce((
  select json_agg(json_build_object(
    'customer_id', best.id, 'customer_name', best.name, 'customer_number', best.customer_number, 'reason', best.reason
  ) order by best.rank, best.score desc, best.name, best.id)
  from (
    select * from (
      select distinct on (c.id) c.id, c.name, c.customer_number, m.reason, m.rank, m.score
      from (
        select c1.id, 'customer_number' as reason, 1 as rank, 1::real as score
          from customers c1
          where u.given_customer_number is not null
            and c1.customer_number in (u.given_customer_number, upper(u.given_customer_number))
        union all
        select o.customer_id, 'email_domain', 2, 1::real
          from users o
          where split_part(u.email, '@', 2) not in (${PUBLIC_DOMAINS})
            and o.search_text like '%@' || replace(replace(split_part(u.email, '@', 2), '%', '\\%'), '_', '\\_')
            and split_part(o.email, '@', 2) = split_part(u.email, '@', 2)
            and o.customer_id is not null and o.archived_at is null
        union all
        (select c3.id, 'name', 3, similarity(lower(c3.name), lower(u.company_name))
          from customers c3
          where u.company_name is not null
            and lower(c3.name) % lower(u.company_name)
            and similarity(lower(c3.name), lower(u.company_name)) >= ${sql.raw(String(NAME_SIMILARITY_MIN))}
            and c3.archived_at is null
          order by 4 desc, c3.id
          limit ${sql.raw(String(MAX_SUGGESTIONS))})
      ) m
      join customers c on c.id = m.id and c.archived_at is null
      order by c.id, m.rank, m.score desc
    ) per_customer
    order by rank, score desc, name, id
    limit ${sql.raw(String(MAX_SUGGESTIONS))}
  ) best
), '[]'::json)`;

/** A waiting account as its API JSON (WaitingAccountSchema), built by PostgreSQL. */
const WAITING_JSON = jsonObject({
  ...userFields(WAITING_USER),
  company_name: col('company_name'),
  given_customer_number: col('given_customer_number'),
  suggestions: SUGGESTIONS,
});

/** The waiting accounts: self-registered customer users without a customer, not archived. */
const WAITING = sql`u.role = 'customer' and u.customer_id is null and u.archived_at is null`;

/** The waiting accounts and their suggested customers (GET /api/users/waiting). */
export function createWaitingAccountsRepository(db: Db) {
  return {
    /** One page as JSON text and the meta: one statement, the total a sub-select of it. */
    async list(query: Params, tx: Executor = db): Promise<JsonPage> {
      const search: SQL = query.search ? sql`and u.search_text like lower(${likePattern(query.search)})` : sql``;
      const dir = sql.raw(query.sortOrder === 'desc' ? 'desc' : 'asc');
      const order = sql`${sql.raw(SORT_SQL[query.sortKey])} ${dir}, u.id ${dir}`;
      const rows = await rowsOf<{ json: string; total: string | number }>(
        tx,
        sql`select ${WAITING_JSON}::text as json, (select count(*) from users u where ${WAITING} ${search}) as total
          from (select u.id from users u where ${WAITING} ${search} order by ${order}
                limit ${query.itemsPerPage} offset ${(query.page - 1) * query.itemsPerPage}) page
          join users u on u.id = page.id
          order by ${order}`,
      );
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && query.page > 1) {
        const [count] = await rowsOf<{ n: string | number }>(
          tx,
          sql`select count(*) as n from users u where ${WAITING} ${search}`,
        );
        total = Number(count?.n ?? 0);
      }
      return { dataJson: `[${rows.map((r) => r.json).join(',')}]`, meta: pageMeta(total, query) };
    },

    /**
     * Links the waiting account `id` to the (not archived) customer: one conditional statement,
     * so of two links at once one wins (the loser's update finds `customer_id` set: not_waiting).
     * `not_waiting`: the account waits no more (linked, archived, not a customer user);
     * `no_customer`: the customer is archived or gone.
     */
    async link(id: number, customerId: number, tx: Executor = db): Promise<'linked' | 'not_waiting' | 'no_customer'> {
      const [row] = await rowsOf<{ linked: boolean; waiting: boolean; customer: boolean }>(
        tx,
        sql`with target as (select u.id from users u where u.id = ${id} and ${WAITING}),
                 customer as (select c.id from customers c where c.id = ${customerId} and c.archived_at is null),
                 done as (update users set customer_id = (select id from customer), updated_at = now()
                          where id = (select id from target) and exists (select 1 from customer)
                            and customer_id is null
                          returning id)
            select exists (select 1 from done) as linked, exists (select 1 from target) as waiting,
                   exists (select 1 from customer) as customer`,
      );
      if (row?.linked) return 'linked';
      if (row?.waiting && !row.customer) return 'no_customer';
      return 'not_waiting';
    },
  };
}

export type WaitingAccountsRepository = ReturnType<typeof createWaitingAccountsRepository>;
