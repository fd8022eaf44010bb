import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { sharp } from '../../../test-support/images';
import { sql } from 'drizzle-orm';
import { LABEL_TOKEN_PATTERN, formatMonthYear, labelPath } from '@keurwijzer/shared/labels';
import { dutchToday } from '@keurwijzer/shared/format';
import type { LightMyRequestResponse } from 'fastify';
import { rowsOf } from '../../db/sql-json';
import { createLocation, createMachine, createMachines } from '../../test/factories';
import { expectWhole, pdfRawText } from '../../test/pdf-text';
import { useTestApp } from '../../test/use-test-app';
import { reportsApi } from '../reports/reports.test-helpers';
import { plannedReport } from '../tasklists/tasklists.test-helpers';
import { pdfPages, pdfText, visitorFrom } from './labels.test-helpers';

/**
 * The label PDFs as a printer gets them: rendered with poppler (pdftoppm), each QR code decoded
 * from the pixels (jsQR over sharp's raw RGBA) to the label URL whose code opens the machine's
 * public page; the texts read back with pdftotext.
 */
const t = useTestApp();

const DPI = 200;
const px = (mm: number) => Math.round((mm / 25.4) * DPI);

/** The PDF body of a download (200, application/pdf). */
function pdfOf(res: LightMyRequestResponse): Buffer {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

/** The QR code's text in a region of a page image (the whole page without `region`), or null. */
async function qrIn(page: Buffer, region?: { left: number; top: number; width: number; height: number }) {
  let image = sharp(page);
  if (region) image = image.extract(region);
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return found?.data ?? null;
}

/** The sticker at `slot` (0-based, row by row) of an A4 3 x 8 sheet page. */
const sticker = (slot: number) => ({
  left: px((slot % 3) * 70),
  top: px(0.5 + Math.floor(slot / 3) * 37),
  width: px(70) - 2,
  height: px(37) - 2,
});

/** The code of a label URL, checked to be `${APP_URL}/m/<code>`. */
function codeOf(url: string | null): string {
  expect(url).not.toBeNull();
  const prefix = `${t.config.appUrl}${labelPath('')}`;
  expect(url!.startsWith(prefix), url!).toBe(true);
  const code = url!.slice(prefix.length);
  expect(code).toMatch(LABEL_TOKEN_PATTERN);
  return code;
}

async function publicName(code: string): Promise<string> {
  const res = await (await visitorFrom(t)).get(`/api/public/labels/${code}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.name as string;
}

describe('label PDFs', () => {
  it('prints a sheet of the location: every active machine, its QR code opening its public page, names and dates', async () => {
    const chain = t.customerA.chain;
    const location = await createLocation(t.db, chain.customer.id);
    const place = { ...chain, location };
    // Inspected in March 2026 (a submitted report, its day moved back), next in March 2027.
    const { machine: first, reportId } = await plannedReport(t, place, {
      categories: 1,
      questions: 1,
      values: { name: 'A Kolomboormachine', inventoryNumber: 'KB-001' },
    });
    await reportsApi(t).answerAll(reportId);
    await reportsApi(t).submit(reportId);
    await t.db.execute(sql`update reports set submitted_at = '2026-03-12 10:00+01' where id = ${reportId}`);
    const [second, third] = await createMachines(t.db, place, [
      { name: 'B Lintzaag met een heel lange naam die niet op één regel past', inventoryNumber: 'LZ-002' },
      { name: 'C Vlakbank', inventoryNumber: 'VB-003' },
    ]);
    await createMachine(t.db, place, { name: 'D Niet actief', status: 'inactive' });
    await createMachine(t.db, place, { name: 'E Gearchiveerd', archivedAt: new Date() });
    await createMachine(t.db, chain, { name: 'F Elders' });
    // The due date the triggers keep, as a given.
    await t.db.execute(sql`insert into machine_due (machine_id, inspection_type, customer_id, location_id,
        interval_months, interval_source, last_date, due_date)
      values (${first.id}, 'inspection', ${chain.customer.id}, ${location.id}, 12, 'machine_type', '2026-03-12', '2027-03-12')`);

    const pdf = pdfOf(await t.admin.get(`/api/customers/${chain.customer.id}/locations/${location.id}/labels`));
    const text = pdfText(pdf);
    for (const m of [first, third!]) {
      expect(text).toContain(m.name);
      expect(text).toContain(m.inventoryNumber);
    }
    // The company and a long name wrap within the sticker, whole.
    const raw = pdfRawText(pdf);
    expectWhole(raw, t.config.company.name);
    expectWhole(raw, second!.name);
    expect(text).toContain('LZ-002');
    expect(text).toContain('Gekeurd maart 2026');
    expect(text).toContain('Volgende keuring maart 2027');
    // Only one machine was ever inspected: one date line of each.
    expect(text.match(/Gekeurd /g)).toHaveLength(1);
    for (const name of ['D Niet actief', 'E Gearchiveerd', 'F Elders']) expect(text).not.toContain(name);

    const pages = pdfPages(pdf, DPI);
    expect(pages).toHaveLength(1);
    const meta = await sharp(pages[0]!).metadata();
    expect(Math.abs(meta.width! - px(210))).toBeLessThanOrEqual(1);
    const names = [];
    for (const slot of [0, 1, 2]) names.push(await publicName(codeOf(await qrIn(pages[0]!, sticker(slot)))));
    expect(names).toEqual([first.name, second!.name, third!.name]);
    // The rest of the sheet is empty.
    expect(await qrIn(pages[0]!, sticker(3))).toBeNull();

    // A reprint holds the same codes.
    const again = pdfPages(
      pdfOf(await t.admin.get(`/api/customers/${chain.customer.id}/locations/${location.id}/labels`)),
      DPI,
    );
    expect(await qrIn(again[0]!, sticker(1))).toBe(await qrIn(pages[0]!, sticker(1)));
  });

  it('prints one machine on the 62 mm label printer, and a new code after "Nieuwe code"', async () => {
    const chain = t.customerA.chain;
    const machine = await createMachine(t.db, chain, { name: 'Persbank', inventoryNumber: 'PB-62' });
    const url = `/api/customers/${chain.customer.id}/machines/${machine.id}/label`;
    const pdf = pdfOf(await t.admin.get(url, { query: { layout: 'label-62mm' } }));
    const text = pdfText(pdf);
    expect(text).toContain('Persbank');
    expect(text).toContain('PB-62');
    expect(text).not.toContain('Gekeurd');
    const [page] = pdfPages(pdf, DPI);
    const meta = await sharp(page!).metadata();
    expect(Math.abs(meta.width! - px(62))).toBeLessThanOrEqual(1);
    const code = codeOf(await qrIn(page!));
    expect(await publicName(code)).toBe('Persbank');

    expect((await t.admin.post(`${url}/renew`)).statusCode).toBe(200);
    const [renewed] = pdfPages(pdfOf(await t.admin.get(url, { query: { layout: 'label-62mm' } })), DPI);
    const newCode = codeOf(await qrIn(renewed!));
    expect(newCode).not.toBe(code);
    expect(await publicName(newCode)).toBe('Persbank');
    expect((await (await visitorFrom(t)).get(`/api/public/labels/${code}`)).statusCode).toBe(404);
  });

  it('prints "Gekeurd <maand jaar>" of an inspected machine without an interval, on both layouts', async () => {
    const chain = t.customerA.chain;
    const location = await createLocation(t.db, chain.customer.id);
    const place = { ...chain, location };
    // A machine type without any interval: the machine has no due rows, only its submitted report.
    const { machine, reportId } = await plannedReport(t, place, { categories: 1, questions: 1 });
    await reportsApi(t).answerAll(reportId);
    await reportsApi(t).submit(reportId);
    const [due] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from machine_due where machine_id = ${machine.id}`,
    );
    expect(due!.n).toBe(0);

    const inspected = `Gekeurd ${formatMonthYear(dutchToday())}`;
    const single = pdfText(
      pdfOf(
        await t.admin.get(`/api/customers/${chain.customer.id}/machines/${machine.id}/label`, {
          query: { layout: 'label-62mm' },
        }),
      ),
    );
    expect(single).toContain(inspected);
    expect(single).not.toContain('Volgende keuring');
    const sheet = pdfText(
      pdfOf(await t.admin.get(`/api/customers/${chain.customer.id}/locations/${location.id}/labels`)),
    );
    expect(sheet).toContain(inspected);
    expect(sheet).not.toContain('Volgende keuring');
  });

  it('fills a second sheet after 24 stickers', async () => {
    const chain = t.customerB.chain;
    const location = await createLocation(t.db, chain.customer.id);
    await createMachines(
      t.db,
      { customer: chain.customer, location },
      Array.from({ length: 25 }, (_, i) => ({ name: `Machine ${String(i + 1).padStart(2, '0')}` })),
    );
    const pdf = pdfOf(await t.admin.get(`/api/customers/${chain.customer.id}/locations/${location.id}/labels`));
    const pages = pdfPages(pdf, 100);
    expect(pages).toHaveLength(2);
    const text = pdfText(pdf);
    expect(text).toContain('Machine 01');
    expect(text).toContain('Machine 25');
  });
});
