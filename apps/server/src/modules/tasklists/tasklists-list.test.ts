import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@keurwijzer/shared/validation';
import { reports } from '../../db/schema/tasklists';
import { createPlacementChain, uniqueName } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { C, answerFirstQuestion, idsOf, tasklistsApi } from './tasklists.test-helpers';

/** The task list overview: search, filters, sort, paging, and no query per row. */
const t = useTestApp();
const api = tasklistsApi(t);

const page = api.page;
const ids = idsOf;

/** A customer with one task list in each status, made by `t.mechanic` except the concept one. */
async function customerInEveryStatus() {
  const c = await createPlacementChain(t.db, uniqueName('Zoekklant'));
  const { machine } = await api.machineWith(c);
  const concept = await api.create(c, { planned_date: '2026-01-01' }, t.admin);
  const planned = await api.create(c, { planned_date: '2026-02-01', inspection_type: 'inspection' });
  await api.plan(planned.id, [machine.id]);
  const inProgress = await api.create(c, { planned_date: '2026-03-01' });
  await answerFirstQuestion(t, (await api.plan(inProgress.id, [machine.id])).machines[0]!.report_id);
  const completed = await api.create(c, { planned_date: '2026-04-01' });
  await api.plan(completed.id, [machine.id]);
  await t.db
    .update(reports)
    .set({ status: 'submitted', submittedAt: new Date() })
    .where(eq(reports.tasklistId, completed.id));
  return { c, concept, planned, inProgress, completed };
}

describe('GET /api/tasklists', () => {
  it('filters by status, type, customer and mine, searches, sorts and pages', async () => {
    const s = await customerInEveryStatus();
    const only = `customer_id=${s.c.customer.id}`;
    // Newest planned date first by default.
    expect(ids((await page(only)).rows)).toEqual([s.completed.id, s.inProgress.id, s.planned.id, s.concept.id]);
    expect(ids((await page(`${only}&sortOrder=asc`)).rows)).toEqual([
      s.concept.id,
      s.planned.id,
      s.inProgress.id,
      s.completed.id,
    ]);
    for (const [status, list] of [
      ['concept', s.concept],
      ['planned', s.planned],
      ['in_progress', s.inProgress],
      ['completed', s.completed],
    ] as const) {
      const { rows, meta } = await page(`${only}&status=${status}`);
      expect(ids(rows), status).toEqual([list.id]);
      expect(meta.total).toBe(1);
      expect(rows[0]!.status).toBe(status);
    }
    expect(ids((await page(`${only}&sortKey=status&sortOrder=asc`)).rows)).toEqual([
      s.concept.id,
      s.planned.id,
      s.inProgress.id,
      s.completed.id,
    ]);
    // Mine: the mechanic's three, not the admin's concept list.
    expect(ids((await page(`${only}&mine=1&sortOrder=asc`)).rows)).toEqual([
      s.planned.id,
      s.inProgress.id,
      s.completed.id,
    ]);
    expect((await page(`${only}&mine=1`, t.admin)).rows.map((r) => r.id)).toEqual([s.concept.id]);
    // Type, search (customer name, location name) and paging.
    expect((await page(`${only}&inspection_type=safety`)).meta.total).toBe(0);
    const searched = await page(`search=${encodeURIComponent(s.c.customer.name)}&itemsPerPage=3&page=2`);
    expect(searched.meta).toMatchObject({ total: 4, lastPage: 2 });
    expect(ids(searched.rows)).toEqual([s.concept.id]);
    expect((await page(`search=${encodeURIComponent(s.c.location.name)}`)).meta.total).toBe(4);
    // Past the last page: no rows, the total still right.
    const past = await page(`${only}&page=9`);
    expect(past.rows).toEqual([]);
    expect(past.meta.total).toBe(4);
    // Every row as the contract says, the progress figures right.
    expect((await page(`${only}&status=completed`)).rows[0]).toMatchObject({
      machines_count: 1,
      submitted_count: 1,
      questions_count: 6,
    });
  });

  it('sorts by customer, location and creator names', async () => {
    const tag = uniqueName('Sorteer').replace(/\W/g, '');
    const a = await createPlacementChain(t.db, `${tag} A`);
    const b = await createPlacementChain(t.db, `${tag} B`);
    const la = await api.create(a);
    const lb = await api.create(b);
    expect(ids((await page(`search=${tag}&sortKey=customer&sortOrder=asc`)).rows)).toEqual([la.id, lb.id]);
    expect(ids((await page(`search=${tag}&sortKey=customer&sortOrder=desc`)).rows)).toEqual([lb.id, la.id]);
    for (const sortKey of ['location', 'created_by', 'inspection_type', 'created_at']) {
      expect((await page(`search=${tag}&sortKey=${sortKey}`)).meta.total, sortKey).toBe(2);
      expect((await page(`customer_id=${a.customer.id}&sortKey=${sortKey}`)).rows.map((r) => r.id)).toEqual([la.id]);
    }
  });

  it('answers 422 for unknown filters, sort keys and paging', async () => {
    for (const query of ['status=klaar', 'sortKey=password', 'inspection_type=x', 'customer_id=abc', 'page=0']) {
      const res = await t.mechanic.get(`${C}?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
    }
    const res = await t.mechanic.get(`${C}?status=klaar`);
    expect(errorsOf(res)).toEqual({ status: [MSG.invalidChoice] });
  });

  it('sends as many statements for a page of 25 task lists as for a page of 1', async () => {
    const one = await createPlacementChain(t.db);
    const { machine } = await api.machineWith(one);
    await api.plan((await api.create(one)).id, [machine.id]);
    const many = await createPlacementChain(t.db);
    const machines = await Promise.all([1, 2, 3].map(() => api.machineWith(many)));
    for (let i = 0; i < 25; i++) {
      const list = await api.create(many);
      if (i % 2 === 0)
        await api.plan(
          list.id,
          machines.map((m) => m.machine.id),
        );
    }
    const statements = await t.expectConstantStatements(
      `${C}?customer_id=${one.customer.id}&itemsPerPage=25`,
      `${C}?customer_id=${many.customer.id}&itemsPerPage=25`,
      2,
    );
    expect(statements.length).toBe(2); // the session, the page
    await t.expectConstantStatements(
      `${C}?customer_id=${one.customer.id}&status=planned&search=a&sortKey=status`,
      `${C}?customer_id=${many.customer.id}&status=planned&search=a&sortKey=status`,
      2,
    );
    // One task list with its machines, and its candidates: constant too.
    const [small] = (await page(`customer_id=${one.customer.id}`)).rows;
    const [big] = (await page(`customer_id=${many.customer.id}&status=planned`)).rows;
    await t.expectConstantStatements(`${C}/${small!.id}`, `${C}/${big!.id}`, 3);
    await t.expectConstantStatements(`${C}/${small!.id}/candidates`, `${C}/${big!.id}/candidates`, 3);
  });
});
