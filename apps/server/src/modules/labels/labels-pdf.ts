import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import QRCode from 'qrcode';
import { LABEL_TEXT, formatMonthYear, type LabelLayout } from '@keurwijzer/shared/labels';
import { FONT, createPdfDocument } from '../../lib/pdf';

/*
 * The label PDFs (issue 21 §5): per machine the inspection company's name, the machine's name and
 * inventory number, its QR code (the label URL, drawn as vector squares: sharp at any printer
 * resolution) and, once it was inspected, "Gekeurd <maand jaar>" / "Volgende keuring <maand jaar>".
 * Two layouts:
 * - 'a4-3x8': an A4 sheet of 3 x 8 stickers of 70 x 37 mm (the common sticker sheets, no gaps,
 *   0.5 mm above and below), the QR code left, the texts right; more machines, more sheets.
 * - 'label-62mm': one label per page of 62 x 84 mm for a label printer's 62 mm roll (Brother QL
 *   and the like), the QR code in the middle under the company name.
 */

const MM = 72 / 25.4;

/** One label as printed. */
export type PrintedLabel = {
  name: string;
  inventoryNumber: string;
  /** The label URL the QR code holds. */
  url: string;
  lastDate: string | null;
  nextDue: string | null;
};

/** Draws the QR code of `text` as filled squares, `size` points wide, top left at (x, y) (quiet zone included). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + 2 * quiet);
  doc.save().fillColor('black');
  for (let row = 0; row < count; row++) {
    // A run of dark modules in a row is one rectangle (fewer, cleaner paths).
    let start = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && qr.modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fill();
  doc.restore();
}

/** The text lines of a label's dates: none before its first inspection. */
export function dateLines(label: Pick<PrintedLabel, 'lastDate' | 'nextDue'>): string[] {
  if (!label.lastDate) return [];
  return [
    LABEL_TEXT.inspected(formatMonthYear(label.lastDate)),
    ...(label.nextDue ? [LABEL_TEXT.nextInspection(formatMonthYear(label.nextDue))] : []),
  ];
}

/** `text` cut to fit `width` at the current font, with an ellipsis. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

type Box = { x: number; y: number; width: number; height: number };

/** A 70 x 37 mm sticker: QR left, texts right. */
function drawSticker(doc: PDFKit.PDFDocument, label: PrintedLabel, company: string, box: Box) {
  const pad = 2.5 * MM;
  // The QR code with its quiet zone fills the height; its quiet zone is the sticker's margin.
  const qrSize = box.height - 2 * pad + 1 * MM;
  drawQr(doc, label.url, box.x + pad - 1 * MM, box.y + pad - 0.5 * MM, qrSize);
  const textX = box.x + pad + qrSize - 0.5 * MM;
  const width = box.x + box.width - pad - textX;
  let y = box.y + pad;
  doc.font(FONT.bold).fontSize(6).fillColor('#333333');
  doc.text(fit(doc, company, width), textX, y, { width, lineBreak: false });
  y += 9;
  doc.font(FONT.bold).fontSize(8.5).fillColor('black');
  doc.text(label.name, textX, y, { width, height: 2 * 10.5, ellipsis: true });
  y += Math.min(doc.heightOfString(label.name, { width }), 2 * 10.5) + 1.5;
  doc.font(FONT.regular).fontSize(8);
  doc.text(fit(doc, label.inventoryNumber, width), textX, y, { width, lineBreak: false });
  const lines = dateLines(label);
  doc.font(FONT.regular).fontSize(6.5);
  let dy = box.y + box.height - pad - lines.length * 8;
  for (const line of lines) {
    doc.text(fit(doc, line, width), textX, dy, { width, lineBreak: false });
    dy += 8;
  }
}

/** A 62 x 84 mm label-printer label: company, QR, name, inventory number, dates. */
function drawRollLabel(doc: PDFKit.PDFDocument, label: PrintedLabel, company: string) {
  const pad = 3 * MM;
  const width = doc.page.width - 2 * pad;
  let y = pad;
  doc.font(FONT.bold).fontSize(9).fillColor('#333333');
  doc.text(fit(doc, company, width), pad, y, { width, align: 'center', lineBreak: false });
  y += 13;
  const qrSize = 44 * MM;
  drawQr(doc, label.url, (doc.page.width - qrSize) / 2, y, qrSize);
  y += qrSize + 2;
  doc.font(FONT.bold).fontSize(11).fillColor('black');
  doc.text(label.name, pad, y, { width, align: 'center', height: 2 * 13.5, ellipsis: true });
  y += Math.min(doc.heightOfString(label.name, { width }), 2 * 13.5) + 2;
  doc.font(FONT.regular).fontSize(10);
  doc.text(fit(doc, label.inventoryNumber, width), pad, y, { width, align: 'center', lineBreak: false });
  y += 15;
  doc.fontSize(8.5);
  for (const line of dateLines(label)) {
    doc.text(fit(doc, line, width), pad, y, { width, align: 'center', lineBreak: false });
    y += 11;
  }
}

export const STICKER = { columns: 3, rows: 8, width: 70 * MM, height: 37 * MM, top: 0.5 * MM } as const;
export const ROLL = { width: 62 * MM, height: 84 * MM } as const;

/** Writes the labels as a PDF of `layout` into `out` (at least one page, even without labels). */
export async function writeLabelsPdf(
  labels: PrintedLabel[],
  out: Writable,
  info: { layout: LabelLayout; company: string; title: string },
): Promise<void> {
  const roll = info.layout === 'label-62mm';
  const doc = createPdfDocument({
    size: roll ? [ROLL.width, ROLL.height] : 'A4',
    margin: 0,
    autoFirstPage: true,
    info: { Title: info.title, Author: info.company },
  });
  const done = finished(out);
  doc.pipe(out);
  const perPage = STICKER.columns * STICKER.rows;
  labels.forEach((label, i) => {
    if (roll) {
      if (i > 0) doc.addPage({ size: [ROLL.width, ROLL.height], margin: 0 });
      drawRollLabel(doc, label, info.company);
      return;
    }
    const slot = i % perPage;
    if (i > 0 && slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = (slot % STICKER.columns) * STICKER.width;
    const y = STICKER.top + Math.floor(slot / STICKER.columns) * STICKER.height;
    drawSticker(doc, label, info.company, { x, y, width: STICKER.width, height: STICKER.height });
  });
  doc.end();
  await done;
}
