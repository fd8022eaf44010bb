import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { reportQuestions } from '../db/schema/tasklists';
import { createMachine, createPlacementChain, uniqueName } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { reportPath, reportsApi } from '../modules/reports/reports.test-helpers';
import { plannedReport } from '../modules/tasklists/tasklists.test-helpers';

/**
 * Every PDF the product makes embeds one Unicode font (lib/pdf.ts): text outside Latin-1 (Ω, ≥,
 * Ł, ğ, €) comes back out of the report PDF and the inventory PDF unchanged, read back with
 * poppler's pdftotext, in the regular, bold and italic faces.
 */
const t = useTestApp();
const api = reportsApi(t);

const SYMBOLS = 'Ω ≥ ≤ µ ± ° Ł ś ç ğ €';
const LONG_DUTCH_NAME = 'Coöperatieve Zuivelfabriek Noordoost-Friesland en Ĳsselmonde (Łukasz Świątek, Çağlar Öztürk)';
const QUESTION = 'Weerstand beschermingsleiding < 0,3 Ω en isolatieweerstand ≥ 1 MΩ';

/**
 * Without whitespace (a long name wraps where the page width says), and with the micro sign as
 * one character: a font may map µ (U+00B5) and the Greek μ (U+03BC) to one glyph.
 */
const flat = (text: string) => text.replace(/\s+/g, '').replaceAll('\u00b5', '\u03bc');

/** The PDF's text as poppler's pdftotext reads it (Debian's poppler-utils; `npm test` installs it). */
function textOf(pdf: Buffer): string {
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'pdftotext is missing: run `node scripts/ensure-debian-tools.mjs` (or apt-get install poppler-utils)',
      );
    }
    throw error;
  }
}

/** The PDF embeds DejaVu Sans (a subset: "ABCDEF+DejaVuSans") and none of pdfkit's built-in fonts. */
function expectEmbeddedFontOnly(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  const baseFonts = [...raw.matchAll(/\/BaseFont\s*\/([^\s/>]+)/g)].map((m) => m[1]!);
  expect(baseFonts.length).toBeGreaterThan(0);
  for (const name of baseFonts) expect(name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
  expect(raw).toContain('/FontFile2');
  expect(raw).not.toMatch(/Helvetica|WinAnsiEncoding/);
}

describe('PDFs print every character (an embedded Unicode font)', () => {
  it('the report PDF: question, answer, memo, customer and machine names outside Latin-1', async () => {
    const c = await createPlacementChain(t.db, `${uniqueName('Klant')} ${SYMBOLS}`);
    const planned = await plannedReport(t, c, {
      categories: 1,
      questions: 2,
      values: { name: LONG_DUTCH_NAME, inventoryNumber: 'INV-Ω-1' },
    });
    const report = await api.read(planned.reportId);
    const first = report.categories[0]!.questions[0]!;
    await t.db
      .update(reportQuestions)
      .set({ name: QUESTION, answerOptions: ['Goed (≤ 0,3 Ω)', 'Afgekeurd ± 5 °C'], memoTitle: 'Opmerking µ' })
      .where(eq(reportQuestions.id, first.id));
    await api.answer(planned.reportId, first.id, { option: 2, memo: `Gemeten: ${SYMBOLS}` });

    const res = await t.mechanic.get(`${reportPath(planned.reportId)}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const text = flat(textOf(res.rawPayload));
    for (const expected of [
      c.customer.name, // regular
      LONG_DUTCH_NAME, // regular, wrapped over lines
      QUESTION, // regular
      'Afgekeurd ± 5 °C', // bold
      `Opmerking µ: Gemeten: ${SYMBOLS}`, // italic
    ]) {
      expect(text, expected).toContain(flat(expected));
    }
    expectEmbeddedFontOnly(res.rawPayload);
  });

  it('the inventory PDF: customer and machine names outside Latin-1', async () => {
    const c = await createPlacementChain(t.db, `${LONG_DUTCH_NAME} ${SYMBOLS}`);
    await createMachine(t.db, c, { name: 'Łaśç ğ Ω≥', inventoryNumber: 'INV-€-1' });
    const res = await t.admin.get(`/api/customers/${c.customer.id}/machines/export?format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const text = flat(textOf(res.rawPayload));
    expect(text).toContain(flat(`Inventarislijst ${c.customer.name}`)); // bold
    expect(text).toContain(flat(`${c.customer.name} (klantnummer`)); // regular
    expect(text).toContain('ŁaśçğΩ≥');
    expect(text).toContain('INV-€-1');
    expectEmbeddedFontOnly(res.rawPayload);
  });
});
