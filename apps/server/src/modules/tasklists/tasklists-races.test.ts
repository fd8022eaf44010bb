import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { reportQuestions, reports, tasklists } from '../../db/schema/tasklists';
import { createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { item, tasklistsApi } from './tasklists.test-helpers';

/**
 * Task list changes under concurrency, as races.test.ts does for the other state changes: ten
 * identical requests at once (a double click, a retrying proxy). Exactly one changes the state,
 * the others get what the same request gets right after it, never a 500 and never a second
 * report. Meant for PostgreSQL (server-pg), where the requests really overlap.
 */
const t = useTestApp();
const api = tasklistsApi(t);
const TEN = 10;

const tenAtOnce = (call: () => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: TEN }, () => call()));
const statuses = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode).sort();
const oneThen = (first: number, rest: number) => [first, ...Array<number>(TEN - 1).fill(rest)].sort();

describe('ten at once', () => {
  it('plans a machine once: ten 200s, one report with one copy', async () => {
    const c = await createPlacementChain(t.db);
    const { machine } = await api.machineWith(c, { categories: 2, questions: 3 });
    const list = await api.create(c);
    const answers = await tenAtOnce(() =>
      t.mechanic.post(`${item(list.id)}/machines`, { body: { machine_ids: [machine.id] } }),
    );
    expect(statuses(answers)).toEqual(Array<number>(TEN).fill(200));
    expect(answers.filter((r) => r.json().message === '1 machine ingepland')).toHaveLength(1);
    const rows = await t.db.select().from(reports).where(eq(reports.tasklistId, list.id));
    expect(rows).toHaveLength(1);
    expect(await t.db.$count(reportQuestions, eq(reportQuestions.reportId, rows[0]!.id))).toBe(6);
  });

  it('takes a machine off once: one 200, nine 404', async () => {
    const c = await createPlacementChain(t.db);
    const { machine } = await api.machineWith(c);
    const list = await api.create(c);
    await api.plan(list.id, [machine.id]);
    const answers = await tenAtOnce(() => t.mechanic.delete(`${item(list.id)}/machines/${machine.id}`));
    expect(statuses(answers)).toEqual(oneThen(200, 404));
  });

  it('deletes a task list once: one 200, nine 404', async () => {
    const c = await createPlacementChain(t.db);
    const { machine } = await api.machineWith(c);
    const list = await api.create(c);
    await api.plan(list.id, [machine.id]);
    const answers = await tenAtOnce(() => t.mechanic.delete(item(list.id)));
    expect(statuses(answers)).toEqual(oneThen(200, 404));
    expect(await t.db.$count(tasklists, eq(tasklists.id, list.id))).toBe(0);
  });

  it('plans and deletes at once: either the plan comes first (and the delete still wins) or it finds no list', async () => {
    const c = await createPlacementChain(t.db);
    const { machine } = await api.machineWith(c);
    const list = await api.create(c);
    const [plan, del] = await Promise.all([
      t.mechanic.post(`${item(list.id)}/machines`, { body: { machine_ids: [machine.id] } }),
      t.mechanic.delete(item(list.id)),
    ]);
    expect(del.statusCode, del.body).toBe(200);
    expect([200, 404], plan.body).toContain(plan.statusCode);
    expect(await t.db.$count(reports, eq(reports.tasklistId, list.id))).toBe(0);
  });
});
