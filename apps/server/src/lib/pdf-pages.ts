import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { BRAND } from '@keurwijzer/shared/brand';
import type { DueState } from '@keurwijzer/shared/compliance';
import type { Company } from './company';
import { FONT, createPdfDocument, textHeight, wrappedText } from './pdf';

// The page set-up every A4 document of the product shares (report, inventory list,
// Keuringsoverzicht): margins, the company band on the first page, a running title on every
// further page, and a footer with the page number. The label sheets have their own sizes and
// no pages to number.

/** The colours the documents print in (AA on white and on a row stripe). */
export const PDF_COLOURS = {
  red: BRAND.red,
  grey: '#666666',
  green: '#1E6B2E',
  amber: '#8A5300',
} as const;

/** The colour of a due state's text. */
export const DUE_STATE_COLOURS: Record<DueState, string> = {
  rejected: PDF_COLOURS.red,
  overdue: PDF_COLOURS.red,
  due_soon: PDF_COLOURS.amber,
  up_to_date: PDF_COLOURS.green,
  none: PDF_COLOURS.grey,
};

/** The bottom margin: the footer sits below the content's own limit without pdfkit starting a new page for it. */
const FOOTER = 20;
/** The footer's text leaves this much room at its right for the page number. */
const NUMBER_ROOM = 80;

export type PdfPageSetup = {
  layout?: 'portrait' | 'landscape';
  /** The top, left and right margin. */
  margin: number;
  /** The document's title in its properties. */
  title: string;
  author: string;
  createdAt: Date;
  /** The footer, the same on every page but its number (a long one wraps upwards). */
  footer: string;
  /**
   * Buffered pages are numbered "Pagina x van y" at the end (a report: a few pages); otherwise each
   * page gets "Pagina x" as it is left and is written out then (a list of thousands of rows).
   */
  buffered?: boolean;
};

export type PdfPages = {
  doc: PDFKit.PDFDocument;
  margin: number;
  /** The width between the margins. */
  width: number;
  /** The lowest y content may end at (above the footer). */
  bottom: number;
  /** Starts a new page with `title` at its top and returns the y under it (`gap` below the title). */
  addPage(title: string, gap: number): number;
  /** Numbers the pages, ends the document and resolves when `out` has it all. */
  finish(): Promise<void>;
};

/** An A4 document piped into `out`, with the product's margins, footer and page numbers. */
export function createPdfPages(out: Writable, setup: PdfPageSetup): PdfPages {
  const { margin } = setup;
  const doc = createPdfDocument({
    size: 'A4',
    ...(setup.layout ? { layout: setup.layout } : {}),
    ...(setup.buffered ? { bufferPages: true } : {}),
    margins: { top: margin, left: margin, right: margin, bottom: FOOTER },
    info: { Title: setup.title, Author: setup.author, CreationDate: setup.createdAt },
  });
  const done = finished(out);
  doc.pipe(out);

  const width = doc.page.width - 2 * margin;
  doc.font(FONT.regular).fontSize(7);
  const footerExtra = textHeight(doc, setup.footer, width - NUMBER_ROOM) - doc.currentLineHeight(true);
  const bottom = doc.page.height - margin - 6 - footerExtra;
  let pageNumber = 1;

  const footer = (number: string) => {
    doc.font(FONT.regular).fontSize(7).fillColor(PDF_COLOURS.grey);
    const top = doc.page.height - FOOTER - 14 - footerExtra;
    wrappedText(doc, setup.footer, margin, top, width - NUMBER_ROOM);
    doc.text(number, margin, top, { width, align: 'right', lineBreak: false });
    doc.fillColor('black');
  };

  return {
    doc,
    margin,
    width,
    bottom,
    addPage(title, gap) {
      if (!setup.buffered) footer(`Pagina ${pageNumber}`);
      doc.addPage();
      pageNumber += 1;
      doc.font(FONT.bold).fontSize(9).fillColor('black');
      wrappedText(doc, title, margin, margin, width);
      return margin + textHeight(doc, title, width) + gap;
    },
    async finish() {
      if (setup.buffered) {
        const { start, count } = doc.bufferedPageRange();
        for (let i = start; i < start + count; i++) {
          doc.switchToPage(i);
          footer(`Pagina ${i - start + 1} van ${count}`);
        }
        doc.flushPages();
      } else {
        footer(`Pagina ${pageNumber}`);
      }
      doc.end();
      await done;
    },
  };
}

/** The company's band across the top of a first page: its name left, its address and contact right. */
export function drawCompanyBand(pages: Pick<PdfPages, 'doc' | 'margin' | 'width'>, company: Company): void {
  const { doc, margin, width } = pages;
  doc.rect(0, 0, doc.page.width, 56).fill(PDF_COLOURS.red);
  doc.fillColor('white').font(FONT.bold).fontSize(16).text(company.name, margin, 20, { lineBreak: false });
  doc.font(FONT.regular).fontSize(8);
  doc.text(company.address, margin, 16, { width, align: 'right' });
  doc.text(company.contact, margin, 28, { width, align: 'right' });
}
