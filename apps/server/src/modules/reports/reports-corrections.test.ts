import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REPORT_VERSION_TEXT } from '@keurwijzer/shared/report-versions';
import { ReportDetailSchema, type ReportDetail } from '@keurwijzer/shared/reports';
import { MSG } from '@keurwijzer/shared/validation';
import { followups, inspectionIntervals, machineDue } from '../../db/schema/compliance';
import { reports } from '../../db/schema/tasklists';
import { createMachineType } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import type { TestClient } from '../../test/client';
import { useTestApp } from '../../test/use-test-app';
import { dutchDate as formatDate } from '../../lib/dutch-time';
import { pdfText } from '../certificates/certificates.test-helpers';
import { plannedReport, tasklistsApi } from '../tasklists/tasklists.test-helpers';
import { JUNK_IDS, reportPath, reportsApi } from './reports.test-helpers';

/**
 * POST /api/reports/:id/corrections: the office reopens a submitted report as
 * its next version with a reason. The copy, who may, what is refused, and what "replaced" means
 * for the lists, the due dates, the follow-ups and the customer portal once the new version is in.
 */
const t = useTestApp();
const api = reportsApi(t);
const lists = tasklistsApi(t);
const correctionsPath = (id: number | string) => `${reportPath(id)}/corrections`;
const REASON = 'Verkeerde meetwaarde ingevuld';

const correct = (
  id: number | string,
  body: Record<string, unknown> = { reason: REASON },
  client: TestClient = t.admin,
) => client.post(correctionsPath(id), { body });

/**
 * A submitted report of customer A's machine (12-month inspection interval): category 1 answered
 * "Goed" with a memo on its first question, category 2 answered "Slecht" on its first question
 * (a follow-up) and category 3 skipped.
 */
async function submittedReport() {
  const type = await createMachineType(t.db);
  await t.db.insert(inspectionIntervals).values({ machineTypeId: type.id, inspectionType: 'inspection', months: 12 });
  const planned = await plannedReport(t, t.customerA.chain, {
    categories: 3,
    questions: 2,
    values: { machineTypeId: type.id },
  });
  const fresh = await api.read(planned.reportId);
  const [c1, c2, c3] = fresh.categories;
  await api.answer(planned.reportId, c1!.questions[0]!.id, { option: 1, memo: 'Kabel nagelopen' });
  await api.answer(planned.reportId, c1!.questions[1]!.id, { option: 1 });
  await api.answer(planned.reportId, c2!.questions[0]!.id, { option: 2 });
  await api.answer(planned.reportId, c2!.questions[1]!.id, { option: 1 });
  await api.skip(planned.reportId, c3!.id, true);
  const report = await api.submit(planned.reportId);
  return { ...planned, report };
}

const versionOf = async (id: number) => (await t.db.select().from(reports).where(eq(reports.id, id)))[0]!;

describe('POST /api/reports/:id/corrections', () => {
  it('refuses without a session (401), without the CSRF token (419), to mechanics and customers (403)', async () => {
    const { reportId } = await submittedReport();
    expect((await correct(reportId, { reason: REASON }, t.visitor)).statusCode).toBe(401);
    expect((await t.admin.post(correctionsPath(reportId), { body: { reason: REASON }, csrf: false })).statusCode).toBe(
      419,
    );
    expect((await correct(reportId, { reason: REASON }, t.mechanic)).statusCode).toBe(403);
    expect((await correct(reportId, { reason: REASON }, t.customerA.client)).statusCode).toBe(403);
    expect((await correct(reportId, { reason: REASON }, t.customerB.client)).statusCode).toBe(403);
    // Nothing was made.
    expect((await t.db.select().from(reports).where(eq(reports.replacesReportId, reportId))).length).toBe(0);
  });

  it('asks for a reason (422 with the errors map, never a 500)', async () => {
    const { reportId } = await submittedReport();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 12 }, { reason: 'x'.repeat(256) }]) {
      const res = await correct(reportId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(res).reason, JSON.stringify(body)).toBeDefined();
    }
    expect(errorsOf(await correct(reportId, { reason: '' })).reason).toEqual([MSG.required]);
    expect((await t.db.select().from(reports).where(eq(reports.replacesReportId, reportId))).length).toBe(0);
  });

  it('answers 404 for a report that does not exist', async () => {
    for (const id of JUNK_IDS) expect((await correct(id)).statusCode, `${id}`).toBe(404);
  });

  it('refuses an open report (409)', async () => {
    const { reportId } = await plannedReport(t, t.customerA.chain);
    const res = await correct(reportId);
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toBe(REPORT_VERSION_TEXT.notSubmitted);
  });

  it('reopens a submitted report as version 2: the copy, its answers and skips, no photos or signatures', async () => {
    const { reportId, list, report: v1 } = await submittedReport();
    const res = await correct(reportId);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { data: ReportDetail; message: string };
    expect(body.message).toBe(REPORT_VERSION_TEXT.correctionStarted);
    const v2 = ReportDetailSchema.strict().parse(body.data);
    expect(v2).toMatchObject({
      status: 'open',
      tasklist_id: list.id,
      version: 2,
      replaces: { id: reportId, version: 1, submitted_at: v1.submitted_at },
      replaced_by: null,
      correction_reason: REASON,
      submitted_at: null,
      verdict: null,
      signatures: [],
      questions_count: v1.questions_count,
      answered_count: v1.answered_count,
      derived_verdict: 'rejected',
    });
    expect(v2.id).not.toBe(reportId);
    expect(v2.machine.id).toBe(v1.machine.id);
    // The same copy (names, order, skips, options, judgements) with the same answers.
    const shape = (r: ReportDetail) =>
      r.categories.map((c) => ({
        name: c.name,
        skipped: c.skipped,
        questions: c.questions.map((q) => ({
          name: q.name,
          kind: q.kind,
          answer_options: q.answer_options,
          answer_judgements: q.answer_judgements,
          photos: q.photos,
          answer: q.answer && {
            option: q.answer.option,
            value: q.answer.value,
            memo: q.answer.memo,
            judgement: q.answer.judgement,
          },
        })),
      }));
    expect(shape(v2)).toEqual(shape(v1));
    expect(v2.categories.flatMap((c) => c.questions.map((q) => q.id))).not.toContain(
      v1.categories[0]!.questions[0]!.id,
    );

    // The old version is unchanged and still the machine's report while the correction is open.
    expect(await api.read(reportId)).toEqual(v1);
    // The list is open again (one more report to submit), with both versions while the new one is open.
    const reopened = await lists.read(list.id);
    expect(reopened.status).toBe('in_progress');
    expect(reopened.machines.map((m) => m.report_id).sort()).toEqual([reportId, v2.id].sort());

    // Only the current version can be corrected: the old one again, or the open new one.
    const again = await correct(reportId);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toBe(REPORT_VERSION_TEXT.alreadyCorrected);
    expect((await correct(v2.id)).statusCode).toBe(409);
  });

  it('once the new version is submitted it is the report: lists, due dates, follow-ups and the portal', async () => {
    const { reportId, list, machine, report: v1 } = await submittedReport();
    const v1Followups = await t.db.select().from(followups).where(eq(followups.reportId, reportId));
    expect(v1Followups.map((f) => f.status)).toEqual(['open']);
    const v2 = ((await correct(reportId)).json() as { data: ReportDetail }).data;
    // The correction: the Slecht answer becomes Goed.
    await api.answer(v2.id, v2.categories[1]!.questions[0]!.id, { option: 1 });
    const submitted = await api.submit(v2.id);
    expect(submitted).toMatchObject({ status: 'submitted', verdict: 'approved', version: 2, replaced_by: null });

    // The old version: readable, unchanged but for the reference to its replacement.
    const old = ReportDetailSchema.strict().parse(await api.read(reportId, t.admin));
    expect(old).toEqual({ ...v1, replaced_by: { id: v2.id, version: 2, submitted_at: submitted.submitted_at } });
    // The PDFs say which version replaces which.
    const text = async (id: number) => {
      const res = await t.admin.get(`${reportPath(id)}/pdf`);
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    };
    const day = (iso: string | null) => formatDate(new Date(iso!));
    expect(await text(reportId)).toContain(`Vervangen door versie 2 van ${day(submitted.submitted_at)}`);
    expect(await text(v2.id)).toContain(`Versie 2, vervangt versie 1 van ${day(v1.submitted_at)}. Reden: ${REASON}`);

    // Its open follow-up is closed by the new version.
    const [closed] = await t.db.select().from(followups).where(eq(followups.reportId, reportId));
    expect(closed).toMatchObject({ status: 'done', doneNote: 'Vervangen door versie 2' });

    // The list is completed again and counts the machine once.
    const tasklist = await lists.read(list.id);
    expect(tasklist.status).toBe('completed');
    expect(tasklist.machines.map((m) => m.report_id)).toEqual([v2.id]);
    const [figures] = await t.db
      .execute<{ planned_count: number; submitted_count: number }>(
        sql`select planned_count, submitted_count from tasklists where id = ${list.id}`,
      )
      .then((r) => (r as unknown as { rows: { planned_count: number; submitted_count: number }[] }).rows);
    expect(figures).toEqual({ planned_count: 1, submitted_count: 1 });

    // The completed reports: only the current version.
    const completed = await t.admin.get(
      `/api/completed-reports?customer_id=${t.customerA.chain.customer.id}&itemsPerPage=100`,
    );
    expect(completed.statusCode).toBe(200);
    const page = completed.json() as { data: { id: number }[]; meta: { total: number } };
    const ids = page.data.map((r) => r.id);
    expect(ids).toContain(v2.id);
    expect(ids).not.toContain(reportId);
    expect(page.meta.total).toBe(page.data.length);

    // The due date follows the new version, even when the old one would be the later one.
    const due = async () =>
      (await t.db.select().from(machineDue).where(eq(machineDue.machineId, machine.id))).find(
        (d) => d.inspectionType === 'inspection',
      );
    expect(await due()).toMatchObject({ lastReportId: v2.id, lastVerdict: 'approved', rejected: false });
    await t.db
      .update(reports)
      .set({ submittedAt: sql`${reports.submittedAt} + interval '1 day'` })
      .where(eq(reports.id, reportId));
    await t.db.execute(sql`select refresh_machine_due(array[${machine.id}]::int[])`);
    expect((await due())!.lastReportId).toBe(v2.id);

    // The customer portal: its machine's reports list the current version; both versions read.
    const own = await t.customerA.client.get(`/api/machines/${machine.id}/reports`);
    expect(own.statusCode).toBe(200);
    const ownIds = (own.json() as { data: { id: number }[] }).data.map((r) => r.id);
    expect(ownIds).toEqual([v2.id]);
    const portalOld = await t.customerA.client.get(`/api/machines/${machine.id}/reports/${reportId}`);
    expect(portalOld.statusCode).toBe(200);
    expect((portalOld.json() as { data: ReportDetail }).data.replaced_by).toEqual({
      id: v2.id,
      version: 2,
      submitted_at: submitted.submitted_at,
    });
    const portalNew = await t.customerA.client.get(`/api/machines/${machine.id}/reports/${v2.id}`);
    expect((portalNew.json() as { data: ReportDetail }).data).toMatchObject({
      version: 2,
      // (its submitted_at was moved a day on above)
      replaces: { id: reportId, version: 1, submitted_at: expect.any(String) as string },
      correction_reason: REASON,
    });
    // Another customer sees neither version.
    for (const id of [reportId, v2.id]) {
      expect((await t.customerB.client.get(`/api/machines/${machine.id}/reports/${id}`)).statusCode).toBe(404);
    }
    expect((await t.customerB.client.get(`/api/machines/${machine.id}/reports`)).statusCode).toBe(404);

    // The new version is current and can be corrected in its turn (a super admin too).
    const v3 = await correct(v2.id, { reason: 'Nog een fout' }, t.superAdmin);
    expect(v3.statusCode, v3.body).toBe(201);
    expect((v3.json() as { data: ReportDetail }).data).toMatchObject({
      version: 3,
      replaces: { id: v2.id, version: 2, submitted_at: submitted.submitted_at },
    });
    expect((await versionOf(v2.id)).version).toBe(2);
  });

  it('makes one new version of two corrections at once (one 201, one 409)', async () => {
    const { reportId } = await submittedReport();
    const answers = await Promise.all([correct(reportId), correct(reportId, { reason: 'Tweede' }, t.superAdmin)]);
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([201, 409]);
    expect((await t.db.select().from(reports).where(eq(reports.replacesReportId, reportId))).length).toBe(1);
  });
});
