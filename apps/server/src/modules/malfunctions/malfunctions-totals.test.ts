import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MalfunctionStatus } from '@keurwijzer/shared/malfunctions';
import { malfunctions } from '../../db/schema/malfunctions';
import { createMachine, createMalfunction, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

/**
 * The office list's totals: the number of malfunctions per status is kept by triggers
 * (kept_counts, migration 0021), so the whole list and a status filter read it instead of
 * counting; exact at once, also beyond the 10,000 where the whole list's total used to be
 * PostgreSQL's estimate of the table (stale until the next ANALYZE). A customer is counted.
 */
const t = useTestApp();
const M = '/api/malfunctions';

async function total(query: string) {
  const res = await t.admin.get(`${M}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { meta: { total: number } }).meta.total;
}
const counted = async (status?: MalfunctionStatus) => {
  const [row] = (
    (await t.db.execute(
      sql`select count(*)::int as n from malfunctions where ${status ? sql`status = ${status}` : sql`true`}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  return row!.n;
};
const allTotals = async () => ({
  all: await total(''),
  open: await total('status=open'),
  in_progress: await total('status=in_progress'),
  resolved: await total('status=resolved'),
});
const allCounted = async () => ({
  all: await counted(),
  open: await counted('open'),
  in_progress: await counted('in_progress'),
  resolved: await counted('resolved'),
});

describe('GET /api/malfunctions totals', () => {
  it('are exact at once beyond 10,000: the whole list and every status, through reports, handling and deletes', async () => {
    const { chain } = t.customerA;
    const machine = await createMachine(t.db, chain, { name: uniqueName('Pers') });
    await t.db.execute(sql`insert into malfunctions (customer_id, machine_id, description, status)
      select ${chain.customer.id}, ${machine.id}, 'Storing ' || g,
        (array['open', 'in_progress', 'resolved'])[1 + g % 3]
      from generate_series(1, 10050) g`);
    await t.db.execute(sql`analyze malfunctions`);
    // Added after the statistics: what an estimate of the table would miss until the next ANALYZE.
    const added = await createMalfunction(t.db, { id: machine.id, customerId: chain.customer.id });
    await createMalfunction(t.db, { id: machine.id, customerId: chain.customer.id }, { status: 'resolved' });
    expect(await counted()).toBeGreaterThan(10_000);
    expect(await allTotals()).toEqual(await allCounted());

    // The office handles one: Open -> In behandeling.
    const res = await t.admin.put(`${M}/${added.id}`, { body: { status: 'in_progress' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await allTotals()).toEqual(await allCounted());

    // Deleted rows (a statement of many) leave the totals at once.
    await t.db.execute(
      sql`delete from malfunction_events where malfunction_id in (select id from malfunctions where id % 7 = 0)`,
    );
    await t.db.execute(
      sql`delete from malfunction_photos where malfunction_id in (select id from malfunctions where id % 7 = 0)`,
    );
    await t.db.execute(sql`delete from malfunctions where id % 7 = 0`);
    expect(await allTotals()).toEqual(await allCounted());

    // A customer filter is counted; with a search too.
    const ofCustomer = await total(`customer_id=${chain.customer.id}&status=open`);
    expect(ofCustomer).toBe(
      await t.db.$count(malfunctions, sql`${malfunctions.customerId} = ${chain.customer.id} and status = 'open'`),
    );
    const [one] = await t.db.select().from(malfunctions).where(eq(malfunctions.id, added.id));
    expect(await total(`search=${encodeURIComponent(one!.description)}`)).toBe(1);
  });
});
