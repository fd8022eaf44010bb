import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { BRAND } from '@keurwijzer/shared/brand';
import { DUE_STATE_LABELS, DUE_TYPES, DUE_TYPE_LABELS, type DueState } from '@keurwijzer/shared/compliance';
import { formatCents } from '@keurwijzer/shared/format';
import { MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import { INSPECTION_TYPES, type InspectionType } from '@keurwijzer/shared/questionnaires';
import { dutchDate, dutchDateTime, dutchDay } from '../../lib/dutch-time';
import { FONT, createPdfDocument } from '../../lib/pdf';
import type { InventoryExportRow as InventoryRow, InventoryInfo } from './inventory.presenter';

// A4 landscape, the company header on the first page, the table header on every page. A row is
// two lines: the due columns (issue 20) show the day it must be inspected before over its state.

const placeOf = (r: InventoryRow) => [r.locationName, r.departmentName, r.roomName].filter(Boolean).join(' > ');

const RED = BRAND.red;
const MARGIN = 36;
const FOOTER = 20;
const ROW_HEIGHT = 20;
const HEADER_HEIGHT = 24;
const FONT_SIZE = 7;
/** The second line of a row (the due columns' state). */
const LINE_2 = 8.5;

type PdfColumn = {
  header: string;
  width: number;
  align?: 'right';
  value: (r: InventoryRow) => string;
  /** A second line under the value, in the colour of `colour`. */
  second?: (r: InventoryRow) => { text: string; colour: string } | null;
};

/** The colour of a due state's text (AA on white and on the row stripe). */
const STATE_COLOURS: Record<DueState, string> = {
  rejected: RED,
  overdue: RED,
  due_soon: '#8A5300',
  up_to_date: '#1E6B2E',
  none: '#666666',
};
/** Short labels under the "Laatste rapport" heading of the PDF. */
const PDF_REPORT_LABELS: Record<InspectionType, string> = {
  inspection: 'Keuring',
  maintenance: 'Onderhoud',
  safety: 'Veiligheid',
  inspection_maintenance: 'Keur./ond.',
};
const PDF_REPORT_WIDTH = 44;
const PDF_DUE_WIDTH = 48;
/** Widths add up to the 770 pt between the margins of landscape A4. */
const PDF_COLUMNS: PdfColumn[] = [
  { header: 'Plaats', width: 80, value: placeOf },
  { header: 'Naam', width: 76, value: (r) => r.name },
  {
    header: 'Type · merk',
    width: 72,
    value: (r) =>
      [r.machineTypeName, [r.brandName, r.brandTypeName].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
  },
  { header: 'Inventarisnr.', width: 52, value: (r) => r.inventoryNumber },
  { header: 'Fabrieksnr.', width: 46, value: (r) => r.factoryNumber ?? '' },
  { header: 'Bouwjaar', width: 32, value: (r) => (r.manufactureYear === null ? '' : String(r.manufactureYear)) },
  { header: 'Status', width: 46, value: (r) => (r.archived ? 'Gearchiveerd' : MACHINE_STATUS_LABELS[r.status]) },
  { header: 'Prijs', width: 46, align: 'right', value: (r) => formatCents(r.priceCents) },
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
      return d ? { text: DUE_STATE_LABELS[d.state], colour: STATE_COLOURS[d.state] } : null;
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
  const doc = createPdfDocument({
    size: 'A4',
    layout: 'landscape',
    // A small bottom margin: the footer sits below the table's own limit without pdfkit
    // starting a new page for it.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER },
    info: {
      Title: `Inventarislijst ${info.customer.name}`,
      Author: info.company.name,
      CreationDate: info.generatedAt,
    },
  });
  const done = finished(out);
  doc.pipe(out);

  const pageWidth = doc.page.width;
  const tableWidth = pageWidth - 2 * MARGIN;
  /** The lowest y a table row may end at. */
  const bottom = doc.page.height - MARGIN - 6;
  let pageNumber = 1;
  let y = 0;
  let count = 0;

  /** Cuts a text to the width of its cell, with an ellipsis. */
  const fit = (text: string, width: number) => {
    const max = width - 2 * CELL_PADDING;
    if (doc.widthOfString(text) <= max) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > max) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
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
      doc.fillColor('black').text(fit(values[i]!, c.width), x + CELL_PADDING, top + 3.5, {
        width: c.width - 2 * CELL_PADDING,
        align: c.align ?? 'left',
        lineBreak: false,
      });
      const second = seconds[i];
      if (second) {
        doc.fillColor(second.colour).text(fit(second.text, c.width), x + CELL_PADDING, top + 3.5 + LINE_2, {
          width: c.width - 2 * CELL_PADDING,
          lineBreak: false,
        });
      }
      x += c.width;
    });
    doc.fillColor('black');
  };

  const footer = () => {
    doc.font(FONT.regular).fontSize(7).fillColor('#666666');
    const top = doc.page.height - FOOTER - 14;
    doc.text(`${info.company.name} · Inventarislijst ${info.customer.name}`, MARGIN, top, { lineBreak: false });
    doc.text(`Pagina ${pageNumber}`, MARGIN, top, { width: tableWidth, align: 'right', lineBreak: false });
    doc.fillColor('black');
  };

  const newPage = () => {
    footer();
    doc.addPage();
    pageNumber += 1;
    doc.font(FONT.bold).fontSize(9).text(`Inventarislijst ${info.customer.name}`, MARGIN, MARGIN);
    y = MARGIN + 16;
  };

  /**
   * Two lines: "Laatste rapport" over the report dates and "Volgende keuring vóór" over the due
   * columns, then every column's name.
   */
  const tableHeader = () => {
    doc.rect(MARGIN, y, tableWidth, HEADER_HEIGHT).fill('#EEEEEE');
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
    cells(
      PDF_COLUMNS.map((c) => c.header),
      y + 10,
      true,
    );
    y += HEADER_HEIGHT;
  };

  // First page: the company header, then what this list is.
  doc.rect(0, 0, pageWidth, 56).fill(RED);
  doc.fillColor('white').font(FONT.bold).fontSize(16).text(info.company.name, MARGIN, 20, { lineBreak: false });
  doc.font(FONT.regular).fontSize(8);
  doc.text(info.company.address, MARGIN, 16, { width: pageWidth - 2 * MARGIN, align: 'right' });
  doc.text(info.company.contact, MARGIN, 28, { width: pageWidth - 2 * MARGIN, align: 'right' });
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
      if (y + ROW_HEIGHT > bottom) {
        newPage();
        tableHeader();
      }
      if (count % 2 === 1) doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#F6F6F6');
      doc.fillColor('black');
      cells(
        PDF_COLUMNS.map((c) => c.value(r)),
        y,
        false,
        PDF_COLUMNS.map((c) => c.second?.(r) ?? null),
      );
      y += ROW_HEIGHT;
      count += 1;
    }
  }
  if (y + 20 > bottom) newPage();
  doc.font(FONT.regular).fontSize(9);
  doc.text(count === 0 ? 'Geen machines gevonden.' : `${count} ${count === 1 ? 'machine' : 'machines'}`, MARGIN, y + 8);
  footer();
  doc.end();
  await done;
}
