import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addMonths } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import {
  followups,
  inspectionIntervals,
  machineDue,
  machineIntervals,
  customerIntervals,
} from '../../db/schema/compliance';
import { machines } from '../../db/schema/machines';
import { rowsOf } from '../../db/sql-json';
import { reportAnswers, reportQuestions, reports } from '../../db/schema/tasklists';
import { createMachineType, createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';

/**
 * Migration 0022's triggers: an answer's judgement, a report's verdict and next due date, the
 * follow-ups of a rejected answer, and the machine's due rows after a submit, a re-type and an
 * interval change, whatever path writes them (here: plain SQL beside the API).
 */
const t = useTestApp();
const api = reportsApi(t);

async function typedReport(months: number | null) {
  const c = await createPlacementChain(t.db);
  const type = await createMachineType(t.db);
  if (months !== null) {
    await t.db.insert(inspectionIntervals).values({ machineTypeId: type.id, inspectionType: 'inspection', months });
  }
  const planned = await plannedReport(t, c, { categories: 1, questions: 2, values: { machineTypeId: type.id } });
  return { c, type, ...planned };
}

const dueOf = (machineId: number) =>
  t.db.select().from(machineDue).where(eq(machineDue.machineId, machineId)).orderBy(machineDue.inspectionType);

describe('compliance triggers (migration 0022)', () => {
  it('a never inspected machine with an interval is due at once; none without an interval', async () => {
    const { machine } = await typedReport(12);
    const [due] = await dueOf(machine.id);
    expect(due).toMatchObject({
      inspectionType: 'inspection',
      intervalMonths: 12,
      intervalSource: 'machine_type',
      lastReportId: null,
    });
    expect(due!.dueDate <= dutchToday()).toBe(true);
    const { machine: other } = await typedReport(null);
    expect(await dueOf(other.id)).toEqual([]);
  });

  it('judges answers by their option, derives the verdict, writes follow-ups and the due date', async () => {
    const { machine, reportId } = await typedReport(12);
    const report = await api.read(reportId);
    const [q1, q2] = report.categories[0]!.questions;
    // Option 1 "Goed" (good), option 2 "Slecht" (reject) by the default judgements.
    await api.answer(reportId, q1!.id, { option: 1 });
    await api.answer(reportId, q2!.id, { option: 2, memo: 'Kabel beschadigd' });
    const answers = await t.db.select().from(reportAnswers).where(eq(reportAnswers.reportId, reportId));
    expect(answers.map((a) => a.judgement).sort()).toEqual(['good', 'reject']);

    await api.submit(reportId);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({ verdict: 'rejected', derivedVerdict: 'rejected', verdictReason: null });
    expect(row!.nextDueDate).toBe(addMonths(dutchToday(), 12));
    const [due] = await dueOf(machine.id);
    expect(due).toMatchObject({
      lastReportId: reportId,
      lastVerdict: 'rejected',
      rejected: true,
      dueDate: addMonths(dutchToday(), 12),
    });
    const [m] = await t.db.select().from(machines).where(eq(machines.id, machine.id));
    expect(m).toMatchObject({ dueRejected: true, nextDueDate: addMonths(dutchToday(), 12) });
    const fus = await t.db.select().from(followups).where(eq(followups.reportId, reportId));
    expect(fus).toHaveLength(1);
    expect(fus[0]).toMatchObject({ reportQuestionId: q2!.id, status: 'open', machineId: machine.id });
  });

  it('a measurement is judged by its limits, both inclusive', async () => {
    const { reportId } = await typedReport(12);
    const report = await api.read(reportId);
    const q = report.categories[0]!.questions[0]!;
    await t.db
      .update(reportQuestions)
      .set({ kind: 'measurement', unit: 'Ohm', maxValue: '0.30' })
      .where(eq(reportQuestions.id, q.id));
    const judge = async (value: string) => {
      await t.db
        .insert(reportAnswers)
        .values({ reportId, reportQuestionId: q.id, value, answeredAt: new Date() })
        .onConflictDoUpdate({ target: reportAnswers.reportQuestionId, set: { value } });
      const [a] = await t.db.select().from(reportAnswers).where(eq(reportAnswers.reportQuestionId, q.id));
      return a!.judgement;
    };
    expect(await judge('0.30')).toBe('good');
    expect(await judge('0.3')).toBe('good');
    expect(await judge('0.3001')).toBe('reject');
    await t.db.update(reportQuestions).set({ minValue: '1.0', maxValue: null }).where(eq(reportQuestions.id, q.id));
    expect(await judge('1')).toBe('good');
    expect(await judge('0.99')).toBe('reject');
  });

  it('a passing re-inspection closes the rejected state and the open follow-ups', async () => {
    const { c, machine, reportId, type } = await typedReport(6);
    const report = await api.read(reportId);
    for (const q of report.categories[0]!.questions) await api.answer(reportId, q.id, { option: 2 });
    await api.submit(reportId);
    expect((await dueOf(machine.id))[0]).toMatchObject({ rejected: true });

    const again = await plannedReport(t, c, { categories: 1, questions: 1, values: { machineTypeId: type.id } });
    // The second machine is a new one; plan the first machine on a new list by SQL-free API path.
    expect(again.machine.id).not.toBe(machine.id);
    await t.db.update(reports).set({ machineId: machine.id }).where(eq(reports.id, again.reportId));
    await api.answerAll(again.reportId);
    await api.submit(again.reportId);
    expect((await dueOf(machine.id))[0]).toMatchObject({ rejected: false, lastReportId: again.reportId });
    const open = await t.db
      .select()
      .from(followups)
      .where(and(eq(followups.machineId, machine.id), eq(followups.status, 'open')));
    expect(open).toEqual([]);
  });

  it('customer and machine intervals override the machine type; month ends are calendar-correct', async () => {
    const { c, machine, type } = await typedReport(12);
    await t.db
      .insert(customerIntervals)
      .values({ customerId: c.customer.id, machineTypeId: type.id, inspectionType: 'inspection', months: 6 });
    expect((await dueOf(machine.id))[0]).toMatchObject({ intervalMonths: 6, intervalSource: 'customer' });
    await t.db.insert(machineIntervals).values({ machineId: machine.id, inspectionType: 'inspection', months: 1 });
    expect((await dueOf(machine.id))[0]).toMatchObject({ intervalMonths: 1, intervalSource: 'machine' });
    const [r] = await rowsOf<{ a: string; b: string; c: string }>(
      t.db,
      sql`select to_char(('2025-01-31'::date + make_interval(months => 1))::date, 'YYYY-MM-DD') as a,
                 to_char(('2024-01-31'::date + make_interval(months => 1))::date, 'YYYY-MM-DD') as b,
                 to_char(('2024-02-29'::date + make_interval(months => 12))::date, 'YYYY-MM-DD') as c`,
    );
    if (!r) throw new Error('no row');
    expect(r).toEqual({ a: '2025-02-28', b: '2024-02-29', c: '2025-02-28' });
    expect([addMonths('2025-01-31', 1), addMonths('2024-01-31', 1), addMonths('2024-02-29', 12)]).toEqual([
      r.a,
      r.b,
      r.c,
    ]);
    // Archiving removes its rows.
    await t.db.update(machines).set({ archivedAt: new Date() }).where(eq(machines.id, machine.id));
    expect(await dueOf(machine.id)).toEqual([]);
  });
});
