import { expect } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';
import type { TasklistDetail } from '@keurwijzer/shared/tasklists';
import { machineQuestionnaires, type machines } from '../../db/schema/machines';
import { reportCategories, reports } from '../../db/schema/tasklists';
import { createMachine, createQuestionnaire, type MachinePlace } from '../../test/factories';
import type { TestContext } from '../../test/use-test-app';

/**
 * Reports as the tests of completed reports, a machine's reports and the inventory export need
 * them: planned through the API (so each has its copy of the questionnaire) and then marked
 * submitted straight in the database (what the submit endpoint of the reports module leaves
 * behind: status, submitted_at, who filled it in, the flag, skipped categories).
 */
export type ReportOptions = {
  type?: InspectionType;
  /** Leave it open (planned, not submitted). */
  open?: boolean;
  submittedAt?: Date;
  /** Who filled it in (a user id), or null. */
  mechanicId?: number | null;
  notAtLocation?: boolean;
  /** Skip the first n categories. */
  skip?: number;
  /** The values of the new machine. */
  machine?: Partial<typeof machines.$inferInsert>;
  /** An existing machine instead of a new one. */
  machineId?: number;
  plannedDate?: string;
};

/** A report of a machine at `place` (a new machine unless given), submitted unless `open`. */
export async function makeReport(t: TestContext, place: MachinePlace, opts: ReportOptions = {}) {
  const type = opts.type ?? 'inspection';
  const machine = opts.machineId ? { id: opts.machineId } : await createMachine(t.db, place, opts.machine ?? {});
  const existing = await t.db
    .select()
    .from(machineQuestionnaires)
    .where(and(eq(machineQuestionnaires.machineId, machine.id), eq(machineQuestionnaires.inspectionType, type)));
  if (existing.length === 0) {
    const built = await createQuestionnaire(t.db, { inspectionType: type, categories: 3, questions: 2 });
    await t.db
      .insert(machineQuestionnaires)
      .values({ machineId: machine.id, inspectionType: type, questionnaireId: built.questionnaire.id });
  }
  const created = await t.admin.post('/api/tasklists', {
    body: {
      customer_id: place.customer.id,
      location_id: place.location.id,
      inspection_type: type,
      planned_date: opts.plannedDate ?? '2026-06-01',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const tasklistId = (created.json() as { data: TasklistDetail }).data.id;
  const planned = await t.admin.post(`/api/tasklists/${tasklistId}/machines`, { body: { machine_ids: [machine.id] } });
  expect(planned.statusCode, planned.body).toBe(200);
  const reportId = (planned.json() as { data: TasklistDetail }).data.machines[0]!.report_id;
  const cats = await t.db
    .select()
    .from(reportCategories)
    .where(eq(reportCategories.reportId, reportId))
    .orderBy(asc(reportCategories.position));
  const skipped = cats.slice(0, opts.skip ?? 0);
  if (skipped.length > 0)
    await t.db
      .update(reportCategories)
      .set({ skipped: true })
      .where(
        inArray(
          reportCategories.id,
          skipped.map((c) => c.id),
        ),
      );
  if (!opts.open) {
    await t.db
      .update(reports)
      .set({
        status: 'submitted',
        submittedAt: opts.submittedAt ?? new Date(),
        filledInBy: opts.mechanicId ?? null,
        notAtLocation: opts.notAtLocation ?? false,
      })
      .where(eq(reports.id, reportId));
  }
  return { machineId: machine.id, tasklistId, reportId, skippedNames: skipped.map((c) => c.name) };
}

/** Every report row, for "nothing changed" checks. */
export const reportRows = (t: TestContext) =>
  t.db
    .select()
    .from(reports)
    .orderBy(sql`id`);
