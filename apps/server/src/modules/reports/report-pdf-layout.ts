import type { Judgement, Verdict } from '@keurwijzer/shared/compliance';
import type { ReportDetail, SignatureRole } from '@keurwijzer/shared/reports';
import type { Company } from '../../config';
import { PDF_COLOURS } from '../../lib/pdf-pages';
import type { PdfPhotoImages } from './report-pdf-photos';

// What the report's section writers share: the page they write on and its measures.

/** What the PDF says besides the report. */
export type ReportPdfInfo = {
  company: Company;
  generatedAt: Date;
  /** The answers' photos as JPEG (reports-photos.service.ts `forPdf`; a photo missing here prints nothing). */
  photos?: PdfPhotoImages;
  /** The images (PNG) of the report's signatures, by role (a missing one prints no image). */
  signatures?: { role: SignatureRole; image: Buffer }[];
};

/** Where a section writes: `y` is the top of what comes next; `room` starts a new page unless `height` fits below it. */
export type ReportCursor = {
  doc: PDFKit.PDFDocument;
  report: ReportDetail;
  info: ReportPdfInfo;
  width: number;
  bottom: number;
  y: number;
  newPage(): void;
  room(height: number): void;
};

export const RED = PDF_COLOURS.red;
export const GREY = PDF_COLOURS.grey;
export const MARGIN = 40;

/** The colours of judgements and verdicts (AA on white). */
export const JUDGEMENT_COLOURS: Record<Judgement, string> = {
  good: PDF_COLOURS.green,
  remark: PDF_COLOURS.amber,
  reject: RED,
  na: GREY,
};
export const VERDICT_COLOURS: Record<Verdict, string> = {
  approved: PDF_COLOURS.green,
  approved_with_remarks: PDF_COLOURS.amber,
  rejected: RED,
};

/** A thin grey rule across the page at `y`. */
export function rule(c: ReportCursor, y: number): void {
  c.doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + c.width, y)
    .lineWidth(0.5)
    .strokeColor('#DDDDDD')
    .stroke();
}
