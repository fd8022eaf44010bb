import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dutchToday } from '@keurwijzer/shared/format';
import { MSG } from '@keurwijzer/shared/validation';
import { reports } from '../../db/schema/tasklists';
import { createPlacementChain, uniqueName } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { C, answerFirstQuestion, idsOf, tasklistsApi } from './tasklists.test-helpers';

/**
 * The mechanic's order of the overview: sort key `today_first` puts today's lists
 * first, then the overdue unfinished ones, then the coming ones, the finished ones last. "Today"
 * is the Dutch day, in the database as in this test.
 */
const t = useTestApp();
const api = tasklistsApi(t);

/** The Dutch day `days` from today as "YYYY-MM-DD". */
function day(days: number): string {
  const d = new Date(`${dutchToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const page = api.page;
const ids = idsOf;

/** One customer with lists on several days, some finished, all the mechanic's. */
async function listsOnSeveralDays() {
  const c = await createPlacementChain(t.db, uniqueName('Werkvolgorde'));
  const { machine } = await api.machineWith(c);
  const make = async (days: number, state: 'concept' | 'planned' | 'in_progress' | 'completed') => {
    const list = await api.create(c, { planned_date: day(days) });
    if (state === 'concept') return list;
    const planned = await api.plan(list.id, [machine.id]);
    if (state === 'in_progress') await answerFirstQuestion(t, planned.machines[0]!.report_id);
    if (state === 'completed') {
      await t.db
        .update(reports)
        .set({ status: 'submitted', submittedAt: new Date() })
        .where(eq(reports.tasklistId, list.id));
    }
    return list;
  };
  // Made in a jumbled order, so neither the id nor the date alone gives the expected order.
  const farFuture = await make(60, 'planned');
  const doneLongAgo = await make(-60, 'completed');
  const todayDone = await make(0, 'completed');
  const overdueLong = await make(-10, 'in_progress');
  const tomorrow = await make(1, 'planned');
  const doneRecently = await make(-5, 'completed');
  const today = await make(0, 'planned');
  const yesterday = await make(-1, 'concept');
  const todayConcept = await make(0, 'concept');
  const comingDone = await make(3, 'completed');
  return {
    c,
    expected: [
      // Today's: unfinished first (by id), then finished.
      today.id,
      todayConcept.id,
      todayDone.id,
      // Overdue and not finished: the latest first.
      yesterday.id,
      overdueLong.id,
      // Coming: the soonest first.
      tomorrow.id,
      farFuture.id,
      // Finished: the newest first.
      comingDone.id,
      doneRecently.id,
      doneLongAgo.id,
    ],
  };
}

describe("GET /api/tasklists?sortKey=today_first (a mechanic's order)", () => {
  it('lists today first, then overdue unfinished, then coming by date, finished last; paging and search keep it', async () => {
    const { c, expected } = await listsOnSeveralDays();
    const only = `customer_id=${c.customer.id}`;
    const { rows, meta } = await page(`${only}&sortKey=today_first&sortOrder=asc`);
    expect(ids(rows)).toEqual(expected);
    expect(meta.total).toBe(expected.length);
    expect(rows.slice(0, 3).every((r) => r.planned_date === dutchToday())).toBe(true);

    // Paged (the list's own columns: ids from the index path), the pages add up to the same order.
    const paged: number[] = [];
    for (let p = 1; p <= 4; p++)
      paged.push(...ids((await page(`${only}&sortKey=today_first&sortOrder=asc&itemsPerPage=3&page=${p}`)).rows));
    expect(paged).toEqual(expected);
    // Descending is the exact reverse.
    expect(ids((await page(`${only}&sortKey=today_first&sortOrder=desc`)).rows)).toEqual([...expected].reverse());
    // A search takes the other statement (named rows): the same order.
    const search = encodeURIComponent(c.customer.name);
    expect(ids((await page(`search=${search}&sortKey=today_first&sortOrder=asc`)).rows)).toEqual(expected);
    // The mechanic's own lists (the screen's default filter) and the office see the same order.
    expect(ids((await page(`${only}&mine=1&sortKey=today_first&sortOrder=asc`)).rows)).toEqual(expected);
    expect(ids((await page(`${only}&sortKey=today_first&sortOrder=asc`, t.admin)).rows)).toEqual(expected);
    // The office's default stays the newest planned date first.
    const office = (await page(only, t.admin)).rows;
    expect(office.map((r) => r.planned_date)).toEqual(
      office
        .map((r) => r.planned_date)
        .sort()
        .reverse(),
    );
  });

  it('refuses an unknown sort key (422), a visitor (401) and a customer user (403)', async () => {
    const bad = await t.mechanic.get(`${C}?sortKey=werkvolgorde`);
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ sortKey: [MSG.invalidChoice] });
    expect((await t.visitor.get(`${C}?sortKey=today_first`)).statusCode).toBe(401);
    expect((await t.customerA.client.get(`${C}?sortKey=today_first`)).statusCode).toBe(403);
  });
});
