import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import { createPlacementChain, createUser, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { C, idsOf, tasklistsApi } from './tasklists.test-helpers';

/**
 * The overview's totals: the number of all lists and of a user's own lists are kept by
 * triggers (kept_counts, migration 0021), Afgerond is that number minus the unfinished lists;
 * every total is exact at once, also beyond the 10,000 lists where the total used to be
 * PostgreSQL's estimate of the table (stale until the next ANALYZE).
 */
const t = useTestApp();
const api = tasklistsApi(t);

const page = api.page;
const ids = idsOf;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const countWhere = async (where: ReturnType<typeof sql>) =>
  (await rowsOf<{ n: number }>(sql`select count(*)::int as n from tasklists where ${where}`))[0]!.n;

/** What kept_counts says against what a count of the tables says, per key. */
async function keptAndCounted() {
  const kept = await rowsOf<{ key: string; n: number }>(
    sql`select key, n from kept_counts where n <> 0 or key not like 'tasklists:%' order by key`,
  );
  const counted = await rowsOf<{ key: string; n: number }>(sql`
    select key, n from (
      select 'tasklists' as key, count(*)::int as n from tasklists
      union all
      select 'tasklists:created_by:' || created_by, count(*)::int from tasklists where created_by is not null group by created_by
      union all
      select 'malfunctions:' || s, (select count(*)::int from malfunctions where status = s)
      from unnest(array['in_progress', 'open', 'resolved']) s
      union all
      select 'followups:' || s, (select count(*)::int from followups where status = s)
      from unnest(array['done', 'open']) s
    ) c order by key`);
  return { kept, counted };
}

/** `n` lists at the chain's location, straight into the table: concept, or finished (figures 1 of 1). */
async function insertLists(
  chain: { customer: { id: number }; location: { id: number } },
  n: number,
  o: {
    createdBy: number | null;
    finished: boolean;
    plannedDate: string;
  },
) {
  await t.db.execute(sql`insert into tasklists (customer_id, location_id, inspection_type, planned_date, created_by,
      planned_count, submitted_count)
    select ${chain.customer.id}, ${chain.location.id}, 'inspection', ${o.plannedDate}::date, ${o.createdBy}::int,
      ${o.finished ? 1 : 0}, ${o.finished ? 1 : 0}
    from generate_series(1, ${n})`);
}

describe('the task list overview totals', () => {
  it('are exact at once beyond 10,000 lists: all, Afgerond, mine and the mechanic default page', async () => {
    const chain = await createPlacementChain(t.db, uniqueName('Totalen'));
    const own = await api.create(chain, { planned_date: '2026-05-01' });
    const mechanicId = own.created_by!;
    await insertLists(chain, 6_000, { createdBy: mechanicId, finished: true, plannedDate: '2025-01-01' });
    await insertLists(chain, 4_500, { createdBy: null, finished: true, plannedDate: '2025-02-01' });
    await insertLists(chain, 30, { createdBy: mechanicId, finished: false, plannedDate: '2026-06-01' });
    // PostgreSQL's figure of the table is now right; the lists added after it are what an
    // estimate would miss until the next ANALYZE.
    await t.db.execute(sql`analyze tasklists`);
    await api.create(chain, { planned_date: '2026-05-02' });
    await api.create(chain, { planned_date: '2026-05-03' }, t.admin);
    await insertLists(chain, 7, { createdBy: mechanicId, finished: true, plannedDate: '2025-03-01' });

    const all = await countWhere(sql`true`);
    expect(all).toBeGreaterThan(10_000);
    expect((await page('')).meta.total).toBe(all);
    expect((await page('status=completed')).meta.total).toBe(await countWhere(sql`status = 'completed'`));
    expect((await page('status=concept')).meta.total).toBe(await countWhere(sql`status = 'concept'`));
    const mine = sql`created_by = ${mechanicId}`;
    expect((await page('mine=1')).meta.total).toBe(await countWhere(mine));
    expect((await page('mine=1&status=completed')).meta.total).toBe(
      await countWhere(sql`${mine} and status = 'completed'`),
    );
    expect((await page('mine=1&sortKey=today_first&sortOrder=asc')).meta.total).toBe(await countWhere(mine));
    // The admin's own lists are another count.
    expect((await page('mine=1', t.admin)).meta.total).toBe(1);

    // A deleted list leaves the totals at once.
    expect((await t.mechanic.delete(`${C}/${own.id}`)).statusCode).toBe(200);
    expect((await page('')).meta.total).toBe(all - 1);
    expect((await page('mine=1')).meta.total).toBe(await countWhere(mine));
    // Past the last page the total is still given.
    const { rows, meta } = await page('status=completed&itemsPerPage=100&page=1000');
    expect(rows).toEqual([]);
    expect(meta.total).toBe(await countWhere(sql`status = 'completed'`));
  });

  it('kept_counts follows inserts, deletes, a creator removed (SET NULL) and a TRUNCATE', async () => {
    const chain = await createPlacementChain(t.db, uniqueName('Bijhouden'));
    const leaver = await createUser(t.db, 'mechanic');
    await insertLists(chain, 5, { createdBy: leaver.id, finished: false, plannedDate: '2026-01-01' });
    await insertLists(chain, 3, { createdBy: null, finished: true, plannedDate: '2026-01-02' });
    let state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);

    await t.db.execute(
      sql`delete from tasklists where id in (select id from tasklists where created_by = ${leaver.id} limit 2)`,
    );
    await t.db.delete(users).where(eq(users.id, leaver.id));
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    const [gone] = await rowsOf<{ n: number }>(
      sql`select n from kept_counts where key = ${`tasklists:created_by:${leaver.id}`}`,
    );
    expect(gone?.n ?? 0).toBe(0);

    await t.db.execute(sql`truncate tasklists cascade`);
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    expect((await page('')).meta.total).toBe(0);
    await insertLists(chain, 2, { createdBy: null, finished: false, plannedDate: '2026-01-03' });
    expect((await page('')).meta.total).toBe(2);
  });

  it("pages the mechanic's order (today_first) through finished lists of one day as the search does", async () => {
    const chain = await createPlacementChain(t.db, uniqueName('Gelijke dag'));
    const own = await api.create(chain, { planned_date: '2026-05-01' });
    await insertLists(chain, 9, { createdBy: own.created_by, finished: true, plannedDate: '2025-06-01' });
    await insertLists(chain, 4, { createdBy: own.created_by, finished: true, plannedDate: '2025-07-01' });
    await insertLists(chain, 3, { createdBy: own.created_by, finished: false, plannedDate: '2025-06-01' });
    const only = `customer_id=${chain.customer.id}`;
    const search = `search=${encodeURIComponent(chain.customer.name)}`;
    for (const dir of ['asc', 'desc']) {
      // The search takes the statement that sorts every named row by the key: the reference.
      const expected = ids((await page(`${search}&sortKey=today_first&sortOrder=${dir}&itemsPerPage=100`)).rows);
      expect(expected).toHaveLength(17);
      // The list's own columns (the statement that reads the finished lists in their order), paged.
      for (const filter of [only, `${only}&mine=1`]) {
        const paged: number[] = [];
        for (let p = 1; p <= 6; p++)
          paged.push(
            ...ids((await page(`${filter}&sortKey=today_first&sortOrder=${dir}&itemsPerPage=3&page=${p}`)).rows),
          );
        expect(paged, `${filter} ${dir}`).toEqual(expected);
      }
    }
  });
});
