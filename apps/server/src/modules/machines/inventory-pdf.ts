import type { Writable } from 'node:stream';
import { DUE_STATE_LABELS, DUE_TYPES, DUE_TYPE_LABELS } from '@keurwijzer/shared/compliance';
import { formatCents } from '@keurwijzer/shared/format';
import { MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import { dutchDate, dutchDateTime, dutchDay } from '../../lib/dutch-time';
import { FONT, textHeight, wrappedText } from '../../lib/pdf';
import { DUE_STATE_COLOURS, createPdfPages, drawCompanyBand } from '../../lib/pdf-pages';
import type { InventoryExportRow as InventoryRow, InventoryInfo } from './inventory.presenter';

// A4 landscape, the company header on the first page, the table header on every page. A row is
// two lines: the due columns show the day it must be inspected before over its state.
// Every text wraps within its cell (an identifier is never cut): a row grows as high as its
// highest cell, and a new page starts when the next row does not fit.

const placeOf = (r: InventoryRow) => [r.locationName, r.departmentName, r.roomName].filter(Boolean).join(' > ');

const MARGIN = 36;
/** A row's least height: two lines (the due columns' state under their day). */
const ROW_HEIGHT = 20;
const HEADER_HEIGHT = 24;
const FONT_SIZE = 7;
/** A cell's text starts this far below the row's top (two lines then fill ROW_HEIGHT). */
const CELL_TOP = 3.5;
/** Where the second line of a cell starts below its first (the due columns' state). */
const LINE_2 = 8.5;

type PdfColumn = {
  header: string;
  width: number;
  align?: 'right';
  value: (r: InventoryRow) => string;
  /** A second line under the value, in the colour of `colour`. */
  second?: (r: InventoryRow) => { text: string; colour: string } | null;
};

/** Short labels under the "Laatste rapport" heading of the PDF. */
const PDF_REPORT_LABELS: Record<InspectionType, string> = {
  inspection: 'Keuring',
  maintenance: 'Onderhoud',
  safety: 'Veiligheid',
  inspection_maintenance: 'Keur./ond.',
};
const PDF_REPORT_WIDTH = 46;
const PDF_DUE_WIDTH = 50;
/**
 * Widths add up to the 770 pt between the margins of landscape A4; each is at least as wide as its
 * heading and its usual values (a date, "Gearchiveerd", "Geen interval"), so those keep one line.
 */
const PDF_COLUMNS: PdfColumn[] = [
  { header: 'Plaats', width: 70, value: placeOf },
  { header: 'Naam', width: 70, value: (r) => r.name },
  {
    header: 'Type · merk',
    width: 64,
    value: (r) =>
      [r.machineTypeName, [r.brandName, r.brandTypeName].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
  },
  { header: 'Inventarisnr.', width: 52, value: (r) => r.inventoryNumber },
  { header: 'Fabrieksnr.', width: 46, value: (r) => r.factoryNumber ?? '' },
  { header: 'Bouwjaar', width: 40, value: (r) => (r.manufactureYear === null ? '' : String(r.manufactureYear)) },
  { header: 'Status', width: 50, value: (r) => (r.archived ? 'Gearchiveerd' : MACHINE_STATUS_LABELS[r.status]) },
  { header: 'Prijs', width: 44, align: 'right', value: (r) => formatCents(r.priceCents) },
  ...INSPECTION_TYPES.map((t): PdfColumn => ({
    header: PDF_REPORT_LABELS[t],
    width: PDF_REPORT_WIDTH,
    value: (r) => {
      const d = r.latestReports[t];
      return d ? dutchDate(d) : '';
    },
  })),
  ...DUE_TYPES.map((t): PdfColumn => ({
    header: DUE_TYPE_LABELS[t],
    width: PDF_DUE_WIDTH,
    value: (r) => {
      const d = r.due[t];
      return d ? dutchDay(d.dueDate) : '—';
    },
    second: (r) => {
      const d = r.due[t];
      return d ? { text: DUE_STATE_LABELS[d.state], colour: DUE_STATE_COLOURS[d.state] } : null;
    },
  })),
];
const CELL_PADDING = 3;

/**
 * Streams the inventory list as a printable PDF into `out`. Pages are written as they fill
 * (pdfkit flushes each finished page), so a customer with thousands of machines never sits in
 * memory as a whole.
 */
export async function writeInventoryPdf(
  batches: AsyncIterable<InventoryRow[]>,
  out: Writable,
  info: InventoryInfo,
): Promise<void> {
  const pages = createPdfPages(out, {
    layout: 'landscape',
    margin: MARGIN,
    title: `Inventarislijst ${info.customer.name}`,
    author: info.company.name,
    createdAt: info.generatedAt,
    footer: `${info.company.name} · Inventarislijst ${info.customer.name}`,
  });
  const { doc, width: tableWidth, bottom } = pages;
  let y = 0;
  let count = 0;

  const inner = (c: PdfColumn) => c.width - 2 * CELL_PADDING;
  /** The space between a cell's value and its second line, at the current font size. */
  const gap = () => LINE_2 - doc.currentLineHeight(true);

  /**
   * The height of a row of `values` (with the due columns' `seconds` under their value): every
   * text wrapped within its cell, at least ROW_HEIGHT (`min`).
   */
  const rowHeight = (
    values: string[],
    bold = false,
    seconds: ({ text: string; colour: string } | null)[] = [],
    min = ROW_HEIGHT,
  ) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(FONT_SIZE);
    let height = min;
    PDF_COLUMNS.forEach((c, i) => {
      const second = seconds[i];
      const h = textHeight(doc, values[i]!, inner(c)) + (second ? gap() + textHeight(doc, second.text, inner(c)) : 0);
      height = Math.max(height, CELL_TOP + h);
    });
    return height;
  };

  const cells = (
    values: string[],
    top: number,
    bold = false,
    seconds: ({ text: string; colour: string } | null)[] = [],
  ) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(FONT_SIZE);
    let x = MARGIN;
    PDF_COLUMNS.forEach((c, i) => {
      const value = values[i]!;
      doc.fillColor('black');
      wrappedText(doc, value, x + CELL_PADDING, top + CELL_TOP, inner(c), { align: c.align ?? 'left' });
      const second = seconds[i];
      if (second) {
        const below = top + CELL_TOP + textHeight(doc, value, inner(c)) + gap();
        doc.fillColor(second.colour);
        wrappedText(doc, second.text, x + CELL_PADDING, below, inner(c));
      }
      x += c.width;
    });
    doc.fillColor('black');
  };

  const newPage = () => {
    y = pages.addPage(`Inventarislijst ${info.customer.name}`, 5);
  };

  /**
   * Two lines: "Laatste rapport" over the report dates and "Volgende keuring vóór" over the due
   * columns, then every column's name.
   */
  const headers = PDF_COLUMNS.map((c) => c.header);
  const tableHeader = () => {
    const height = 10 + rowHeight(headers, true, [], HEADER_HEIGHT - 10);
    doc.rect(MARGIN, y, tableWidth, height).fill('#EEEEEE');
    doc.fillColor('black').font(FONT.bold).fontSize(FONT_SIZE);
    const dueWidth = DUE_TYPES.length * PDF_DUE_WIDTH;
    const reportsLeft = MARGIN + tableWidth - dueWidth - INSPECTION_TYPES.length * PDF_REPORT_WIDTH;
    doc.text('Laatste rapport', reportsLeft, y + 3, {
      width: INSPECTION_TYPES.length * PDF_REPORT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
    doc.text('Volgende keuring vóór', MARGIN + tableWidth - dueWidth, y + 3, {
      width: dueWidth,
      align: 'center',
      lineBreak: false,
    });
    cells(headers, y + 10, true);
    y += height;
  };

  // First page: the company header, then what this list is.
  drawCompanyBand(pages, info.company);
  doc.fillColor('black').font(FONT.bold).fontSize(14).text('Inventarislijst', MARGIN, 72);
  doc.font(FONT.regular).fontSize(9);
  doc.text(`${info.customer.name} (klantnummer ${info.customer.customerNumber})`);
  doc.text(`Afgedrukt op ${dutchDateTime(info.generatedAt)}${info.selection ? ` · ${info.selection}` : ''}`);
  doc.text(`Status volgende keuring per ${dutchDay(info.today)}`);
  y = doc.y + 10;
  tableHeader();

  for await (const rows of batches) {
    if (out.destroyed) return; // the download was cancelled
    for (const r of rows) {
      const values = PDF_COLUMNS.map((c) => c.value(r));
      const seconds = PDF_COLUMNS.map((c) => c.second?.(r) ?? null);
      const height = rowHeight(values, false, seconds);
      if (y + height > bottom) {
        newPage();
        tableHeader();
      }
      if (count % 2 === 1) doc.rect(MARGIN, y, tableWidth, height).fill('#F6F6F6');
      doc.fillColor('black');
      cells(values, y, false, seconds);
      y += height;
      count += 1;
    }
  }
  if (y + 20 > bottom) newPage();
  doc.font(FONT.regular).fontSize(9);
  doc.text(count === 0 ? 'Geen machines gevonden.' : `${count} ${count === 1 ? 'machine' : 'machines'}`, MARGIN, y + 8);
  await pages.finish();
}
