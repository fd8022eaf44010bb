import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CompletedReportSchema } from '@keurwijzer/shared/reports';
import { reportQuestions } from '../../db/schema/tasklists';
import { createPlacementChain, uniqueName, type PlacementChain } from '../../test/factories';
import { errorsOf } from '../../test/helpers';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi, submitPath } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';

/**
 * The verdict in the completed reports: the verdict column and filter of the list, and the xlsx's
 * "Oordeel" column and "Metingen" sheet (one row per measurement, values as numbers that keep
 * their decimals), with reports filled in and submitted through the API.
 */
const t = useTestApp();
const api = reportsApi(t);
const C = '/api/completed-reports';

/**
 * A submitted report of a new machine at `place`: a choice question (option 1 "Goed") and a
 * measurement "Isolatieweerstand" (min. 1,0 MOhm) with `value` as typed; `override` submits
 * another verdict with a reason.
 */
async function measured(place: PlacementChain, value: string, override?: { verdict: string; verdict_reason: string }) {
  const planned = await plannedReport(t, place, { categories: 1, questions: 2 });
  const report = await api.read(planned.reportId);
  const [choice, measurement] = report.categories[0]!.questions;
  await t.db
    .update(reportQuestions)
    .set({ name: 'Isolatieweerstand', kind: 'measurement', unit: 'MOhm', minValue: '1.0' })
    .where(eq(reportQuestions.id, measurement!.id));
  await api.answer(planned.reportId, choice!.id, { option: 1 });
  await api.answer(planned.reportId, measurement!.id, { value });
  const res = await t.mechanic.post(submitPath(planned.reportId), { body: override ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return planned;
}

let fixture: ReturnType<typeof build> | undefined;
async function build() {
  const place = await createPlacementChain(t.db, uniqueName('Meetklant'));
  const approved = await measured(place, '2,50');
  const rejected = await measured(place, '0,75');
  const remarks = await measured(place, '1', { verdict: 'approved_with_remarks', verdict_reason: 'Opnieuw meten' });
  return { place, approved, rejected, remarks };
}
const setup = () => (fixture ??= build());

async function sheets(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rowsOf = (name: string) => {
    const sheet = workbook.getWorksheet(name);
    expect(sheet, name).toBeDefined();
    const rows: unknown[][] = [];
    sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { sheet: sheet!, rows };
  };
  return { reports: rowsOf('Afgeronde rapporten'), measurements: rowsOf('Metingen') };
}

describe('completed reports: verdict', () => {
  it('lists the verdict of every report and filters on it', async () => {
    const s = await setup();
    const list = async (q: string) => {
      const res = await t.admin.get(`${C}?customer_id=${s.place.customer.id}&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: unknown[]; meta: { total: number } };
      return { rows: body.data.map((r) => CompletedReportSchema.strict().parse(r)), total: body.meta.total };
    };
    const all = await list('sortOrder=asc');
    expect(all.rows.map((r) => [r.id, r.verdict])).toEqual([
      [s.approved.reportId, 'approved'],
      [s.rejected.reportId, 'rejected'],
      [s.remarks.reportId, 'approved_with_remarks'],
    ]);
    for (const [verdict, id] of [
      ['approved', s.approved.reportId],
      ['rejected', s.rejected.reportId],
      ['approved_with_remarks', s.remarks.reportId],
    ] as const) {
      const one = await list(`verdict=${verdict}`);
      expect(
        one.rows.map((r) => r.id),
        verdict,
      ).toEqual([id]);
      expect(one.total, verdict).toBe(1);
    }
    // Another customer's reports never come along with the verdict filter.
    const other = await t.admin.get(`${C}?customer_id=${t.customerB.chain.customer.id}&verdict=rejected`);
    expect((other.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('answers 422 with the errors map for an unknown verdict, on the list and the export', async () => {
    for (const url of [C, `${C}/export`]) {
      const res = await t.admin.get(`${url}?verdict=goed`);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['verdict']);
    }
  });

  it('exports the verdict column and a "Metingen" sheet with one row per measurement', async () => {
    const s = await setup();
    const res = await t.admin.get(`${C}/export?customer_id=${s.place.customer.id}&sortOrder=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const { reports, measurements } = await sheets(res.rawPayload);
    const verdictAt = reports.rows[0]!.indexOf('Oordeel');
    expect(verdictAt).toBeGreaterThan(0);
    expect(reports.rows.slice(1).map((r) => r[verdictAt])).toEqual([
      'Goedgekeurd',
      'Afgekeurd',
      'Goedgekeurd met opmerkingen',
    ]);

    expect(measurements.rows[0]).toEqual([
      'Rapport',
      'Ingediend op',
      'Klant',
      'Vestiging',
      'Machine',
      'Inventarisnummer',
      'Meting',
      'Waarde',
      'Eenheid',
      'Minimum',
      'Maximum',
      'Oordeel',
    ]);
    const rows = measurements.rows.slice(1);
    expect(rows.map((r) => r[0])).toEqual([s.approved.reportId, s.rejected.reportId, s.remarks.reportId]);
    const [ok, low, one] = rows;
    expect(ok!.slice(2, 12)).toEqual([
      s.place.customer.name,
      s.place.location.name,
      s.approved.machine.name,
      s.approved.machine.inventoryNumber,
      'Isolatieweerstand',
      2.5,
      'MOhm',
      1,
      undefined,
      'Goed',
    ]);
    expect(ok![1]).toBeInstanceOf(Date);
    expect(low!.slice(6, 12)).toEqual(['Isolatieweerstand', 0.75, 'MOhm', 1, undefined, 'Afkeur']);
    expect(one!.slice(7, 12)).toEqual([1, 'MOhm', 1, undefined, 'Goed']);
    // Values keep the decimals they were typed with ("2,50" shows as 2,50 in a Dutch Excel).
    expect(measurements.sheet.getCell('H2').numFmt).toBe('0.00');
    expect(measurements.sheet.getCell('H3').numFmt).toBe('0.00');
    expect(measurements.sheet.getCell('J2').numFmt).toBe('0.0');
  });

  it('exports only the measurements of the filtered reports', async () => {
    const s = await setup();
    const res = await t.admin.get(`${C}/export?customer_id=${s.place.customer.id}&verdict=rejected`);
    const { reports, measurements } = await sheets(res.rawPayload);
    expect(reports.rows).toHaveLength(2);
    expect(measurements.rows.slice(1).map((r) => [r[0], r[7]])).toEqual([[s.rejected.reportId, 0.75]]);
  });
});
