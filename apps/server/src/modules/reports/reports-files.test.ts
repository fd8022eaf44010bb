import fs from 'node:fs';
import path from 'node:path';
import { sharp, solidImage } from '../../../test-support/images';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reportQuestions } from '../../db/schema/tasklists';
import { createPlacementChain, uniqueName } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { CONCEPT_STATUS } from './report-pdf';
import { reportPath, reportsApi } from './reports.test-helpers';

/**
 * GET /api/reports/:id/pdf, read back with a real PDF text extractor (pdf.js via unpdf), and
 * GET /api/reports/:id/image, the machine's first image for the report screen.
 */
const t = useTestApp();
const api = reportsApi(t);

/** Without whitespace: a long value wraps (at a space or after a hyphen) where the page width says. */
const flat = (text: string) => text.replace(/\s+/g, '');

const textOf = async (payload: Buffer) => {
  const pdf = await getDocumentProxy(new Uint8Array(payload));
  const { text } = await extractText(pdf);
  const all = text.join('\n');
  return { pages: text, all, flat: flat(all), count: pdf.numPages };
};

/** A 60-question report (6 categories of 10): answered, one memo under a custom title, one category skipped. */
async function filledReport() {
  const c = await createPlacementChain(t.db, uniqueName('Metaalwerken'));
  const planned = await plannedReport(t, c, {
    categories: 6,
    questions: 10,
    values: { name: 'Kantbank 3000', inventoryNumber: 'INV 7/12 "oud"', departmentId: c.department.id },
  });
  const report = await api.read(planned.reportId);
  const first = report.categories[0]!.questions[0]!;
  await t.db
    .update(reportQuestions)
    .set({ answerOptions: ['Goedgekeurd', 'Afgekeurd', 'Reparatie nodig'], memoTitle: 'Toelichting monteur' })
    .where(eq(reportQuestions.id, first.id));
  await api.skip(planned.reportId, report.categories[5]!.id, true);
  await api.answerAll(planned.reportId);
  await api.answer(planned.reportId, first.id, { option: 3, memo: 'Hydraulische slang lekt' });
  await t.mechanic.put(reportPath(planned.reportId), { body: { not_at_location: true } });
  return { ...planned, c, report: await api.read(planned.reportId) };
}

describe('GET /api/reports/:id/pdf', () => {
  it('prints the company, customer, machine, every category with its answers and memos, the skipped one marked', async () => {
    const { reportId, c, report, built } = await filledReport();
    const res = await t.mechanic.get(`${reportPath(reportId)}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rapport-${reportId}-INV-7-12-oud.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.REPORT_PDF_OUT) fs.writeFileSync(process.env.REPORT_PDF_OUT, res.rawPayload);
    const { all, pages, count, flat: flatText } = await textOf(res.rawPayload);
    for (const text of [
      t.config.company.name,
      'Rapport keuring',
      c.customer.name,
      c.location.name,
      c.department.name,
      'Kantbank 3000',
      'INV 7/12 "oud"',
      built.questionnaire.name,
      '01-12-2026',
      CONCEPT_STATUS,
      'Deze machine staat niet op de aangegeven plaats.',
      'Reparatie nodig',
      'Toelichting monteur: Hydraulische slang lekt',
      'Overgeslagen',
      'Beantwoord: 50 van 50 vragen',
    ]) {
      expect(flatText, text).toContain(flat(text));
    }
    // Every question of the categories that are not skipped, none of the skipped one.
    for (const cat of report.categories.slice(0, 5)) {
      for (const q of cat.questions) expect(flatText).toContain(flat(q.name));
    }
    for (const q of report.categories[5]!.questions) expect(flatText).not.toContain(flat(q.name));
    expect(flatText).toContain(flat(report.categories[5]!.name));
    expect(all).toContain('Overgeslagen');
    expect(count).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Pagina ${i + 1} van ${count}`));
  });

  it('prints a submitted report of 60 questions with its date and mechanic', async () => {
    const c = await createPlacementChain(t.db);
    const { reportId } = await plannedReport(t, c, { categories: 6, questions: 10 });
    await api.answerAll(reportId);
    const submitted = await api.submit(reportId);
    const res = await t.admin.get(`${reportPath(reportId)}/pdf`);
    expect(res.statusCode).toBe(200);
    const { all, flat: flatText } = await textOf(res.rawPayload);
    expect(all).toContain('Ingediend');
    expect(all).not.toContain(CONCEPT_STATUS);
    expect(all).toContain(submitted.filled_in_by_name!);
    expect(all).toMatch(/Ingediend op\s+\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    // Every one of the 60 questions is printed (how fast is the bench's business, not a test's).
    const questions = submitted.categories.flatMap((category) => category.questions);
    expect(questions).toHaveLength(60);
    for (const q of questions) expect(flatText, q.name).toContain(flat(q.name));
  });

  it('answers 404 for a report that does not exist', async () => {
    expect((await t.mechanic.get(`${reportPath(999_999)}/pdf`)).statusCode).toBe(404);
  });
});

describe('GET /api/reports/:id/image', () => {
  it("serves the thumbnail of the machine's first image to the mechanic; the read model links it", async () => {
    const c = await createPlacementChain(t.db);
    const { reportId, machine } = await plannedReport(t, c, { categories: 1, questions: 1 });
    expect((await api.read(reportId)).machine.image_url).toBeNull();
    expect((await t.mechanic.get(`${reportPath(reportId)}/image`)).statusCode).toBe(404);

    const base = `/api/customers/${c.customer.id}/machines/${machine.id}/images`;
    for (const color of [
      { r: 10, g: 200, b: 10 },
      { r: 200, g: 10, b: 10 },
    ]) {
      const data = await solidImage(640, 480, color).jpeg().toBuffer();
      const up = await t.admin.upload(base, 'image', { name: 'foto.jpg', type: 'image/jpeg', data });
      expect(up.statusCode, up.body).toBe(201);
    }
    const [first] = (await t.admin.get(base)).json().data as { id: number }[];

    const report = await api.read(reportId);
    expect(report.machine.image_url).toBe(`/api/reports/${reportId}/image`);
    const res = await t.mechanic.get(report.machine.image_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="machine-${machine.id}-${first!.id}-klein.webp"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(320);
    const { dominant } = await sharp(res.rawPayload).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });

  it('answers 404 when the image file is gone and for a report that does not exist', async () => {
    const c = await createPlacementChain(t.db);
    const { reportId, machine } = await plannedReport(t, c, { categories: 1, questions: 1 });
    const data = await solidImage(64, 64, '#888').png().toBuffer();
    const base = `/api/customers/${c.customer.id}/machines/${machine.id}/images`;
    expect((await t.admin.upload(base, 'image', { name: 'a.png', type: 'image/png', data })).statusCode).toBe(201);
    expect((await t.mechanic.get(`${reportPath(reportId)}/image`)).statusCode).toBe(200);
    fs.rmSync(path.join(t.uploadDir, 'machines', String(machine.id)), { recursive: true, force: true });
    expect((await t.mechanic.get(`${reportPath(reportId)}/image`)).statusCode).toBe(404);
    expect((await t.mechanic.get(`${reportPath(999_999)}/image`)).statusCode).toBe(404);
  });
});
