import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { reportAnswers, reports } from '../../db/schema/tasklists';
import { createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport, tasklistsApi } from '../tasklists/tasklists.test-helpers';
import { answerPath, categoryPath, minutesAgo, reportsApi, submitPath } from './reports.test-helpers';

/**
 * Report changes under concurrency, as races.test.ts does for the other state changes. Meant for
 * PostgreSQL (server-pg), where the requests really overlap; on PGlite they run in turn and must
 * answer the same. Never a 500, never a second submit, never an answer after the submit.
 */
const t = useTestApp();
const api = reportsApi(t);
const lists = tasklistsApi(t);
const TEN = 10;

const tenAtOnce = (call: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: TEN }, (_, i) => call(i)));
const statuses = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode).sort();
const bodies = (answers: LightMyRequestResponse[]) =>
  answers
    .filter((r) => r.statusCode >= 500)
    .map((r) => r.body)
    .join('\n');

async function fresh(categories = 2, questions = 3) {
  const c = await createPlacementChain(t.db);
  const planned = await plannedReport(t, c, { categories, questions });
  return { ...planned, report: await api.read(planned.reportId) };
}

describe('at once', () => {
  it('submits a report once: one 200, nine 409', async () => {
    const { reportId } = await fresh();
    await api.answerAll(reportId);
    const answers = await tenAtOnce(() => t.mechanic.post(submitPath(reportId)));
    expect(statuses(answers), bodies(answers)).toEqual([200, ...Array<number>(TEN - 1).fill(409)]);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row!.status).toBe('submitted');
    expect((await lists.read(row!.tasklistId)).status).toBe('completed');
  });

  it('saves ten answers of one question at once: one row, the latest answered_at wins', async () => {
    const { reportId, report } = await fresh();
    const q = report.categories[0]!.questions[0]!;
    const times = Array.from({ length: TEN }, (_, i) => minutesAgo(20 - i));
    const answers = await tenAtOnce((i) =>
      t.mechanic.put(answerPath(reportId, q.id), {
        body: { option: (i % 2) + 1, memo: `m${i}`, answered_at: times[i] },
      }),
    );
    expect(statuses(answers), bodies(answers)).toEqual(Array<number>(TEN).fill(200));
    const rows = await t.db.select().from(reportAnswers).where(eq(reportAnswers.reportId, reportId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ memo: 'm9', option: 2 });
    expect(rows[0]!.answeredAt.toISOString()).toBe(times[TEN - 1]);
  });

  it('answers every question of a report at once: every answer lands, the first ones of the list too', async () => {
    const { reportId, report, list } = await fresh(2, 5);
    const qs = report.categories.flatMap((c) => c.questions);
    const answers = await Promise.all(
      qs.map((q) => t.mechanic.put(answerPath(reportId, q.id), { body: { option: 1, answered_at: minutesAgo(1) } })),
    );
    expect(statuses(answers), bodies(answers)).toEqual(Array<number>(qs.length).fill(200));
    expect((await api.read(reportId)).answered_count).toBe(qs.length);
    expect((await lists.read(list.id)).status).toBe('in_progress');
  });

  it('answers and submits at once: an answer lands before the submit (200) or is refused after it (409)', async () => {
    for (let round = 0; round < 5; round++) {
      const { reportId, report } = await fresh(1, 3);
      await api.answerAll(reportId);
      const q = report.categories[0]!.questions[0]!;
      const at = minutesAgo(0.1);
      const [submit, ...changes] = await Promise.all([
        t.mechanic.post(submitPath(reportId)),
        ...Array.from({ length: 4 }, () =>
          t.mechanic.put(answerPath(reportId, q.id), { body: { option: 2, memo: 'laat', answered_at: at } }),
        ),
        t.mechanic.put(categoryPath(reportId, report.categories[0]!.id), { body: { skipped: true } }),
      ]);
      const all = [submit!, ...changes];
      expect(
        all.every((r) => r.statusCode < 500),
        bodies(all),
      ).toBe(true);
      const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
      const [answer] = await t.db.select().from(reportAnswers).where(eq(reportAnswers.reportQuestionId, q.id));
      if (submit!.statusCode === 200) {
        // Whatever landed, landed before the submit: the submitted report shows it.
        const shown = submit!.json().data.categories[0].questions[0].answer;
        expect(shown.option).toBe(answer!.option);
        expect(shown.memo).toBe(answer!.memo);
        for (const r of changes) expect([200, 409]).toContain(r.statusCode);
        const landed = changes.slice(0, 4).some((r) => r.statusCode === 200);
        expect(answer!.memo === 'laat').toBe(landed);
        expect(row!.submittedAt!.getTime()).toBeGreaterThanOrEqual(answer!.updatedAt.getTime());
      } else {
        // The skip came first: the submit then needs nothing of that category, so it did not fail on answers.
        expect(submit!.statusCode, submit!.body).toBe(200);
      }
    }
  });

  it('removes an answer and submits at once: the submit never goes through without the answer', async () => {
    for (let round = 0; round < 5; round++) {
      const { reportId, report } = await fresh(1, 2);
      await api.answerAll(reportId);
      const q = report.categories[0]!.questions[0]!;
      const [submit, removal] = await Promise.all([
        t.mechanic.post(submitPath(reportId)),
        t.mechanic.put(answerPath(reportId, q.id), { body: { option: '', memo: '', answered_at: minutesAgo(0.1) } }),
      ]);
      const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
      const stored = await t.db.select().from(reportAnswers).where(eq(reportAnswers.reportQuestionId, q.id));
      if (removal!.statusCode === 200) {
        // The removal came first: the submit found the question open.
        expect(submit!.statusCode, submit!.body).toBe(422);
        expect(row!.status).toBe('open');
        expect(stored).toEqual([]);
      } else {
        expect(removal!.statusCode, removal!.body).toBe(409);
        expect(submit!.statusCode, submit!.body).toBe(200);
        expect(stored).toHaveLength(1);
      }
    }
  });
});
