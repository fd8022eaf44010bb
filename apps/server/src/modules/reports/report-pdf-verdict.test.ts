import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths } from '@keurwijzer/shared/compliance';
import { dutchToday } from '@keurwijzer/shared/format';
import { inspectionIntervals } from '../../db/schema/compliance';
import { reportQuestions } from '../../db/schema/tasklists';
import { createMachineType, createPlacementChain } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { pdfText } from '../certificates/certificates.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { reportPath, reportsApi, submitPath } from './reports.test-helpers';

/**
 * The report PDF: the verdict on top (and the mechanic's reason when overridden), a
 * table of the measurements with their values (decimal comma), limits and judgements, the
 * judgement of every answer, and "Volgende keuring vóór", read back with pdftotext.
 */
const t = useTestApp();
const api = reportsApi(t);
const dutch = (day: string) => day.split('-').reverse().join('-');

/** A report with a choice question and a measurement (max. 0,30 Ohm), of a type with a 12-month interval. */
async function measuredReport() {
  const c = await createPlacementChain(t.db);
  const type = await createMachineType(t.db);
  await t.db.insert(inspectionIntervals).values({ machineTypeId: type.id, inspectionType: 'inspection', months: 12 });
  const planned = await plannedReport(t, c, { categories: 1, questions: 2, values: { machineTypeId: type.id } });
  const report = await api.read(planned.reportId);
  const [choice, measurement] = report.categories[0]!.questions;
  await t.db
    .update(reportQuestions)
    .set({ name: 'Beschermingsleidingweerstand', kind: 'measurement', unit: 'Ohm', maxValue: '0.30' })
    .where(eq(reportQuestions.id, measurement!.id));
  return { ...planned, choice: choice!, measurement: measurement! };
}

const pdfOf = async (reportId: number) => {
  const res = await t.mechanic.get(`${reportPath(reportId)}/pdf`);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};
const lineWith = (text: string, part: string) => text.split('\n').find((l) => l.includes(part)) ?? '';

describe('report PDF: verdict, measurements and next due date', () => {
  it('prints the verdict on top, the measurement out of limits and the next due date', async () => {
    const { reportId, choice, measurement } = await measuredReport();
    await api.answer(reportId, choice.id, { option: 1 });
    await api.answer(reportId, measurement.id, { value: '0,35' });
    // While open: the answers' own verdict, as a concept.
    const open = await pdfOf(reportId);
    expect(open).toContain('Oordeel (voorlopig): Afgekeurd');
    expect(open).not.toContain('Volgende keuring vóór');

    const res = await t.mechanic.post(submitPath(reportId), { body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfOf(reportId);
    // The verdict comes before what was inspected.
    expect(text.indexOf('Oordeel: Afgekeurd')).toBeGreaterThan(-1);
    expect(text.indexOf('Oordeel: Afgekeurd')).toBeLessThan(text.indexOf('Inventarisnummer'));
    expect(text).not.toContain('Oordeel gewijzigd door de monteur');
    expect(text).toContain(`Volgende keuring vóór ${dutch(addMonths(dutchToday(), 12))}`);
    // The measurements table: question, value with a comma, limits, judgement.
    expect(text).toContain('Metingen');
    expect(lineWith(text, 'Beschermingsleidingweerstand ')).toMatch(/0,35 Ohm\s+max\. 0,30 Ohm\s+Afkeur/);
    // Every answer line shows its judgement.
    expect(lineWith(text, choice.name)).toMatch(/Goed\s+Goed\s*$/);
    expect(lineWith(text, 'Beschermingsleidingweerstand (max. 0,30 Ohm)')).toMatch(/Afkeur\s+0,35 Ohm\s*$/);
  });

  it("prints the mechanic's reason when the verdict was overridden", async () => {
    const { reportId, choice, measurement } = await measuredReport();
    await api.answer(reportId, choice.id, { option: 1 });
    await api.answer(reportId, measurement.id, { value: '0,30' });
    const res = await t.mechanic.post(submitPath(reportId), {
      body: { verdict: 'approved_with_remarks', verdict_reason: 'Kabel ter plekke vervangen' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfOf(reportId);
    expect(text).toContain('Oordeel: Goedgekeurd met opmerkingen');
    expect(text).toContain('Oordeel gewijzigd door de monteur: Kabel ter plekke vervangen');
    expect(text).toContain('Oordeel volgens de antwoorden: Goedgekeurd');
    // 0,30 is within "max. 0,30" (inclusive).
    expect(lineWith(text, 'Beschermingsleidingweerstand ')).toMatch(/0,30 Ohm\s+max\. 0,30 Ohm\s+Goed/);
  });
});
