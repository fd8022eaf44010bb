import { expect } from 'vitest';
import type { ReportAnswerState, ReportDetail } from '@keurwijzer/shared/reports';
import type { TestClient } from '../../test/client';
import type { TestContext } from '../../test/use-test-app';

/**
 * What the reports-*.test.ts files share: paths and the API calls made over and over. A report to
 * fill in comes from `plannedReport` in tasklists.test-helpers.ts (planning makes the report).
 */
export type Json = Record<string, unknown>;
export type Id = number | string;
export const MISSING = 999_999;
export const JUNK_IDS = [MISSING, 0, -1, 'abc', '1.5', '99999999999'] as const;

export const R = '/api/reports';
export const reportPath = (id: Id) => `${R}/${id}`;
export const answerPath = (id: Id, questionId: Id) => `${R}/${id}/answers/${questionId}`;
export const categoryPath = (id: Id, categoryId: Id) => `${R}/${id}/categories/${categoryId}`;
export const submitPath = (id: Id) => `${R}/${id}/submit`;

/** A moment `minutesAgo` minutes before now, as a device sends it. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function reportsApi(t: TestContext) {
  /** The report as the mechanic (unless told) reads it (200). */
  async function read(id: number, client: TestClient = t.mechanic): Promise<ReportDetail> {
    const res = await client.get(reportPath(id));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: ReportDetail }).data;
  }

  /** Saves one answer (200) and returns the state the server answered. */
  async function answer(id: number, questionId: number, body: Json, client: TestClient = t.mechanic) {
    const res = await client.put(answerPath(id, questionId), { body: { answered_at: minutesAgo(1), ...body } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: ReportAnswerState }).data;
  }

  /** Answers every question of every category that is not skipped with its first option. */
  async function answerAll(id: number, client: TestClient = t.mechanic) {
    const report = await read(id, client);
    for (const c of report.categories.filter((c) => !c.skipped)) {
      for (const q of c.questions) await answer(id, q.id, { option: 1 }, client);
    }
    return read(id, client);
  }

  /** Skips a category (or takes it back) (200). */
  async function skip(id: number, categoryId: number, skipped: boolean, client: TestClient = t.mechanic) {
    const res = await client.put(categoryPath(id, categoryId), { body: { skipped: skipped ? '1' : '0' }, as: 'form' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { id: number; skipped: boolean }; message: string };
  }

  /** Submits the report (200). */
  async function submit(id: number, client: TestClient = t.mechanic): Promise<ReportDetail> {
    const res = await client.post(submitPath(id));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: ReportDetail }).data;
  }

  return { read, answer, answerAll, skip, submit };
}
