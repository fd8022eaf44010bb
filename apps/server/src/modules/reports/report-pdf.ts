import type { Writable } from 'node:stream';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import { dutchDateTime } from '../../lib/dutch-time';
import { FONT } from '../../lib/pdf';
import { createPdfPages, drawCompanyBand } from '../../lib/pdf-pages';
import { writeCategories, writeSignatures } from './report-pdf-answers';
import { GREY, MARGIN, type ReportCursor, type ReportPdfInfo } from './report-pdf-layout';
import { drawPhotoPages, hasPhotoPage } from './report-pdf-photos';
import { writeFacts, writeMeasurements, writeVerdict } from './report-pdf-summary';

// A4 portrait: the company header, what was inspected, then every category with its questions,
// answers and memos; "Pagina x van y" on every page (the pages are buffered until the count is
// known: a report is a few pages, never a stream of thousands of rows).

export type { ReportPdfInfo } from './report-pdf-layout';
export { CONCEPT_STATUS } from './report-pdf-summary';

/** "rapport-12-INV-001.pdf": only safe characters in a file name. */
export function reportFileName(r: Pick<ReportDetail, 'id' | 'machine'>): string {
  const inventory =
    r.machine.inventory_number
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'machine';
  return `rapport-${r.id}-${inventory}.pdf`;
}

/** Writes the report as a PDF into `out` and resolves when it is complete. */
export async function writeReportPdf(report: ReportDetail, out: Writable, info: ReportPdfInfo): Promise<void> {
  const typeLabel = INSPECTION_TYPE_LABELS[report.inspection_type];
  const m = report.machine;
  const pages = createPdfPages(out, {
    margin: MARGIN,
    buffered: true,
    title: `Rapport ${typeLabel.toLowerCase()} ${m.name}`,
    author: info.company.name,
    createdAt: info.generatedAt,
    footer: `${info.company.name} · Rapport ${report.id} · ${m.name}`,
  });
  const { doc, width, bottom } = pages;
  const title = `Rapport ${typeLabel.toLowerCase()} · ${m.name} (${m.inventory_number})`;
  const cursor: ReportCursor = {
    doc,
    report,
    info,
    width,
    bottom,
    y: 0,
    newPage() {
      cursor.y = pages.addPage(title, 7);
    },
    room(height) {
      if (cursor.y + height > bottom) cursor.newPage();
    },
  };

  drawCompanyBand(pages, info.company);
  doc.fillColor('black').font(FONT.bold).fontSize(15).text(`Rapport ${typeLabel.toLowerCase()}`, MARGIN, 72);
  doc.font(FONT.regular).fontSize(8).fillColor(GREY);
  doc.text(`Rapportnummer ${report.id} · afgedrukt op ${dutchDateTime(info.generatedAt)}`, MARGIN, doc.y + 2);
  cursor.y = doc.y + 10;

  writeVerdict(cursor);
  writeFacts(cursor);
  writeMeasurements(cursor);
  writeCategories(cursor);
  writeSignatures(cursor);
  // Many photos: a photo page at the end, each photo larger with its question.
  if (hasPhotoPage(report)) {
    const photoPage = () => {
      cursor.newPage();
      return cursor.y;
    };
    drawPhotoPages(doc, report, info.photos, { x: MARGIN, width, bottom, newPage: photoPage });
  }
  await pages.finish();
}
