import { expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import { TasklistSchema, type Tasklist, type TasklistDetail } from '@keurwijzer/shared/tasklists';
import { machineQuestionnaires } from '../../db/schema/machines';
import { reportAnswers, reportCategories, reportQuestions, reports, tasklists } from '../../db/schema/tasklists';
import type { TestClient } from '../../test/client';
import { createMachine, createQuestionnaire, type PlacementChain } from '../../test/factories';
import type { TestContext } from '../../test/use-test-app';

/**
 * What the tasklists-*.test.ts files share: paths, a valid body, a machine with a questionnaire,
 * the API calls made over and over, and a snapshot of every task list table ("nothing changed").
 */
export const MISSING = 999_999;
export const JUNK_IDS = [MISSING, 0, -1, 'abc', '1.5', '99999999999'] as const;
export type Json = Record<string, unknown>;
export type Id = number | string;

export const C = '/api/tasklists';
export const item = (id: Id) => `${C}/${id}`;

/** A valid create/update body for the chain's location. */
export const tasklistBody = (c: PlacementChain, overrides: Json = {}): Json => ({
  customer_id: c.customer.id,
  location_id: c.location.id,
  inspection_type: 'inspection',
  planned_date: '2026-12-01',
  remarks: 'Achteringang gebruiken',
  ...overrides,
});

export function tasklistsApi(t: TestContext) {
  /** Creates a task list through the API (201), as the mechanic unless told. */
  async function create(c: PlacementChain, overrides: Json = {}, client: TestClient = t.mechanic) {
    const res = await client.post(C, { body: tasklistBody(c, overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: TasklistDetail }).data;
  }

  /** Plans machines (200) and returns the task list as answered. */
  async function plan(id: number, machineIds: number[], client: TestClient = t.mechanic) {
    const res = await client.post(`${item(id)}/machines`, { body: { machine_ids: machineIds } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TasklistDetail }).data;
  }

  async function read(id: number, client: TestClient = t.mechanic) {
    const res = await client.get(item(id));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TasklistDetail }).data;
  }

  /**
   * A machine at `place` with a questionnaire of `type` (`categories` x `questions`); `null`
   * questionnaire: none of that type.
   */
  async function machineWith(
    place: PlacementChain,
    opts: { type?: InspectionType; categories?: number; questions?: number; values?: Json } = {},
  ) {
    const machine = await createMachine(t.db, place, opts.values ?? {});
    const built = await createQuestionnaire(t.db, {
      inspectionType: opts.type ?? 'inspection',
      categories: opts.categories ?? 2,
      questions: opts.questions ?? 3,
    });
    await t.db.insert(machineQuestionnaires).values({
      machineId: machine.id,
      inspectionType: built.questionnaire.inspectionType,
      questionnaireId: built.questionnaire.id,
    });
    return { machine, built };
  }

  /** Every row of the task list tables, in id order. */
  const snapshot = async () => ({
    tasklists: await t.db.select().from(tasklists).orderBy(asc(tasklists.id)),
    reports: await t.db.select().from(reports).orderBy(asc(reports.id)),
    categories: await t.db.select().from(reportCategories).orderBy(asc(reportCategories.id)),
    questions: await t.db.select().from(reportQuestions).orderBy(asc(reportQuestions.id)),
    answers: await t.db.select().from(reportAnswers).orderBy(asc(reportAnswers.id)),
  });

  /** One page of the overview as `client` (the mechanic unless told) sees it, each row checked strictly. */
  async function page(query: string, client: TestClient = t.mechanic) {
    const res = await client.get(`${C}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: unknown[]; meta: { total: number; lastPage: number } };
    return { rows: body.data.map((x) => TasklistSchema.strict().parse(x)), meta: body.meta };
  }

  return { create, plan, read, machineWith, snapshot, page };
}

/** The ids of an overview page's rows, in order. */
export const idsOf = (rows: Tasklist[]) => rows.map((r) => r.id);

/** Answers the first question of a report straight in the database (the answer API comes later). */
export async function answerFirstQuestion(t: TestContext, reportId: number) {
  const [q] = await t.db
    .select()
    .from(reportQuestions)
    .where(eq(reportQuestions.reportId, reportId))
    .orderBy(asc(reportQuestions.id))
    .limit(1);
  await t.db.insert(reportAnswers).values({ reportId, reportQuestionId: q!.id, option: 1, answeredAt: new Date() });
}

/** The copy of a report as stored: its row, its categories in order, each with its questions in order. */
export async function storedCopy(t: TestContext, reportId: number) {
  const [report] = await t.db.select().from(reports).where(eq(reports.id, reportId));
  const cats = await t.db
    .select()
    .from(reportCategories)
    .where(eq(reportCategories.reportId, reportId))
    .orderBy(asc(reportCategories.position));
  const qs = await t.db
    .select()
    .from(reportQuestions)
    .where(eq(reportQuestions.reportId, reportId))
    .orderBy(asc(reportQuestions.position));
  return {
    report: report!,
    categories: cats.map((c) => ({ ...c, questions: qs.filter((q) => q.reportCategoryId === c.id) })),
  };
}

/**
 * A report ready to be filled in: a machine at `place` with a questionnaire of `type`
 * (`categories` x `questions`), planned on a new task list of the mechanic (through the API).
 */
export async function plannedReport(
  t: TestContext,
  place: PlacementChain,
  opts: { type?: InspectionType; categories?: number; questions?: number; values?: Json } = {},
) {
  const api = tasklistsApi(t);
  const { machine, built } = await api.machineWith(place, opts);
  const list = await api.create(place, { inspection_type: opts.type ?? 'inspection' });
  const planned = await api.plan(list.id, [machine.id]);
  const report = planned.machines.find((m) => m.machine_id === machine.id)!;
  return { list, machine, built, reportId: report.report_id };
}
