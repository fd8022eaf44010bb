import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import QRCode from 'qrcode';
import { LABEL_TEXT, formatMonthYear, type LabelLayout } from '@keurwijzer/shared/labels';
import { FONT, createPdfDocument, textHeight, wrappedText } from '../../lib/pdf';

/*
 * The label PDFs: per machine the inspection company's name, the machine's name and
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

/**
 * A text of a label: its face, its largest size, its colour and the space after it (at that size).
 * Every text is wrapped within the label, never cut: on a sticker space is physical, so when the
 * texts do not fit at their sizes they all shrink a step at a time (`fitScale`).
 */
type Block = { text: string; font: string; size: number; colour: string; after: number };

/** The smallest scale the texts shrink to (4 pt for the sticker's inventory number). */
const MIN_SCALE = 0.5;
const SCALE_STEP = 0.05;

/** The height of `blocks` wrapped within `width` at `scale` (the spaces after them included). */
function heightOf(doc: PDFKit.PDFDocument, blocks: Block[], width: number, scale: number): number {
  return blocks.reduce((h, b) => {
    doc.font(b.font).fontSize(b.size * scale);
    return h + textHeight(doc, b.text, width) + b.after * scale;
  }, 0);
}

/**
 * The largest scale (1, 0.95, … MIN_SCALE) at which `height(scale)` is at most `room`; MIN_SCALE
 * when none is (a text that long still prints whole, reaching further down).
 */
function fitScale(room: number, height: (scale: number) => number): number {
  const steps = Math.round((1 - MIN_SCALE) / SCALE_STEP);
  for (let step = 0; step < steps; step++) {
    const scale = 1 - step * SCALE_STEP;
    if (height(scale) <= room) return scale;
  }
  return MIN_SCALE;
}

/** Draws `blocks` from `y` down at `scale`, wrapped within `width`; returns the y below them. */
function drawBlocks(
  doc: PDFKit.PDFDocument,
  blocks: Block[],
  x: number,
  y: number,
  width: number,
  scale: number,
  align: 'left' | 'center' = 'left',
): number {
  for (const b of blocks) {
    doc
      .font(b.font)
      .fontSize(b.size * scale)
      .fillColor(b.colour);
    wrappedText(doc, b.text, x, y, width, { align });
    y += textHeight(doc, b.text, width) + b.after * scale;
  }
  return y;
}

const dateBlocks = (label: PrintedLabel, size: number, after: number): Block[] =>
  dateLines(label).map((text) => ({ text, font: FONT.regular, size, colour: 'black', after }));

type Box = { x: number; y: number; width: number; height: number };

/** A 70 x 37 mm sticker: QR left, texts right (company, name, inventory number at the top, dates at the bottom). */
function drawSticker(doc: PDFKit.PDFDocument, label: PrintedLabel, company: string, box: Box) {
  const pad = 2.5 * MM;
  // The QR code with its quiet zone fills the height; its quiet zone is the sticker's margin.
  const qrSize = box.height - 2 * pad + 1 * MM;
  drawQr(doc, label.url, box.x + pad - 1 * MM, box.y + pad - 0.5 * MM, qrSize);
  const textX = box.x + pad + qrSize - 0.5 * MM;
  const width = box.x + box.width - pad - textX;
  const top: Block[] = [
    { text: company, font: FONT.bold, size: 6, colour: '#333333', after: 2 },
    { text: label.name, font: FONT.bold, size: 8.5, colour: 'black', after: 1.5 },
    { text: label.inventoryNumber, font: FONT.regular, size: 8, colour: 'black', after: 0 },
  ];
  const dates = dateBlocks(label, 6.5, 0.4);
  const room = box.height - 2 * pad - 2;
  const scale = fitScale(room, (s) => heightOf(doc, top, width, s) + heightOf(doc, dates, width, s));
  drawBlocks(doc, top, textX, box.y + pad, width, scale);
  drawBlocks(doc, dates, textX, box.y + box.height - pad - heightOf(doc, dates, width, scale), width, scale);
}

/** A 62 x 84 mm label-printer label: company, QR, name, inventory number, dates. */
function drawRollLabel(doc: PDFKit.PDFDocument, label: PrintedLabel, company: string) {
  const pad = 3 * MM;
  const width = doc.page.width - 2 * pad;
  const qrSize = 44 * MM;
  const head: Block[] = [{ text: company, font: FONT.bold, size: 9, colour: '#333333', after: 2.5 }];
  const rest: Block[] = [
    { text: label.name, font: FONT.bold, size: 11, colour: 'black', after: 2 },
    { text: label.inventoryNumber, font: FONT.regular, size: 10, colour: 'black', after: 3.4 },
    ...dateBlocks(label, 8.5, 1.1),
  ];
  const room = doc.page.height - 2 * pad - qrSize - 2;
  const scale = fitScale(room, (s) => heightOf(doc, head, width, s) + heightOf(doc, rest, width, s));
  const y = drawBlocks(doc, head, pad, pad, width, scale, 'center');
  drawQr(doc, label.url, (doc.page.width - qrSize) / 2, y, qrSize);
  drawBlocks(doc, rest, pad, y + qrSize + 2, width, scale, 'center');
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
