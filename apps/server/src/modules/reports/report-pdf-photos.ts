import { PHOTO_TEXT, type ReportDetail, type ReportQuestion } from '@keurwijzer/shared/reports';
import { FONT, textHeight, wrappedText } from '../../lib/pdf';
import { photosOf } from './reports-photos.presenter';

/*
 * The answers' photos in the report PDF, drawn by report-pdf.ts: a strip of thumbnails
 * under each answer that has photos, and with more than PHOTO_PAGE_AFTER photos a photo page
 * ("Foto's") at the end with each photo larger, captioned with its number and question.
 */

/** A photo's images as JPEG (reports-photos.service.ts `forPdf`): the thumbnail, and the photo page's. */
export type PdfPhotoImages = Map<string, { thumb: Buffer; large: Buffer | null }>;

/** With more photos than this the report gets a photo page. */
export const PHOTO_PAGE_AFTER = 8;

/** The thumbnails' size (points) and the gap between them. */
const THUMB = 50;
const GAP = 5;
const GREY = '#666666';

/** The photos of `q` whose images were read (a file gone from the storage prints nothing). */
const printable = (q: ReportQuestion, images: PdfPhotoImages | undefined) =>
  images ? q.photos.filter((p) => images.has(p.id)) : [];

/** The height the question's thumbnail strip takes (0 without photos). */
export const photoStripHeight = (q: ReportQuestion, images: PdfPhotoImages | undefined) =>
  printable(q, images).length > 0 ? THUMB + 6 : 0;

/** Draws the question's thumbnails side by side from (x, y), at most `width` wide. */
export function drawPhotoStrip(
  doc: PDFKit.PDFDocument,
  q: ReportQuestion,
  images: PdfPhotoImages | undefined,
  x: number,
  y: number,
  width: number,
): void {
  const perRow = Math.max(1, Math.floor((width + GAP) / (THUMB + GAP)));
  printable(q, images)
    .slice(0, perRow)
    .forEach((p, i) => {
      const left = x + i * (THUMB + GAP);
      doc.rect(left, y, THUMB, THUMB).lineWidth(0.5).strokeColor('#CCCCCC').stroke();
      doc.image(images!.get(p.id)!.thumb, left + 1, y + 1, {
        fit: [THUMB - 2, THUMB - 2],
        align: 'center',
        valign: 'center',
      });
    });
}

/** Whether the report gets a photo page. */
export const hasPhotoPage = (report: ReportDetail) => photosOf(report).length > PHOTO_PAGE_AFTER;

/**
 * The photo page(s): "Foto's", then every photo in report order, two per row, each captioned
 * "Foto n · <category>. <question>". `newPage` starts a page and gives the y to begin at.
 */
export function drawPhotoPages(
  doc: PDFKit.PDFDocument,
  report: ReportDetail,
  images: PdfPhotoImages | undefined,
  frame: { x: number; width: number; bottom: number; newPage: () => number },
): void {
  const all = photosOf(report).filter(({ photo }) => images?.get(photo.id)?.large);
  if (all.length === 0) return;
  const column = (frame.width - 16) / 2;
  const imageHeight = 190;
  let y = frame.newPage();
  doc.fillColor('black').font(FONT.bold).fontSize(13).text(PHOTO_TEXT.title, frame.x, y, { lineBreak: false });
  y += 22;
  const captions = all.map(
    ({ category, question }, i) => `Foto ${i + 1} · ${category.position}. ${category.name} · ${question.name}`,
  );
  // Two photos a row; a row is as high as its longer caption (wrapped, never cut).
  doc.font(FONT.regular).fontSize(8);
  for (let i = 0; i < all.length; i += 2) {
    const pair = [i, i + 1].filter((n) => n < all.length);
    const cell = imageHeight + 4 + Math.max(...pair.map((n) => textHeight(doc, captions[n]!, column))) + 10;
    if (i > 0 && y + cell > frame.bottom) y = frame.newPage();
    pair.forEach((n, col) => {
      const x = frame.x + col * (column + 16);
      doc.rect(x, y, column, imageHeight).lineWidth(0.5).strokeColor('#CCCCCC').stroke();
      doc.image(images!.get(all[n]!.photo.id)!.large!, x + 2, y + 2, {
        fit: [column - 4, imageHeight - 4],
        align: 'center',
        valign: 'center',
      });
      doc.fillColor(GREY).font(FONT.regular).fontSize(8);
      wrappedText(doc, captions[n]!, x, y + imageHeight + 4, column);
    });
    y += cell;
  }
}
