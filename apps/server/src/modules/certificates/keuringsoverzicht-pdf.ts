import type { Writable } from 'node:stream';
import {
  DUE_STATES,
  DUE_STATE_LABELS,
  DUE_TYPE_LABELS,
  VERDICT_LABELS,
  type DueState,
} from '@keurwijzer/shared/compliance';
import type { Company } from '../../config';
import { dutchDateTime, dutchDay } from '../../lib/dutch-time';
import { fileNameSlug } from '../../lib/file-name';
import { FONT, textHeight, wrappedText } from '../../lib/pdf';
import { DUE_STATE_COLOURS, PDF_COLOURS, createPdfPages, drawCompanyBand } from '../../lib/pdf-pages';
import type { OverviewLocation, OverviewMachine } from './keuringsoverzicht.repository';

// A4 landscape: the inspection company's header, the customer and location, then one line per
// machine and due type (the machine's name on its first line), the table header on every page.
// Every text wraps within its cell (an identifier is never cut): a line grows as high as its
// highest cell.
// Pages are written as they fill (a location can hold thousands of machines).

export type KeuringsoverzichtInfo = {
  company: Company;
  location: OverviewLocation;
  generatedAt: Date;
  /** The Dutch day the states are computed against ("YYYY-MM-DD"). */
  today: string;
};

/** The title, as the screens' button says it. */
export const KEURINGSOVERZICHT = 'Keuringsoverzicht';

const GREY = PDF_COLOURS.grey;
const MARGIN = 36;
const ROW_HEIGHT = 14;
const HEADER_HEIGHT = 16;
const FONT_SIZE = 7.5;
const CELL_PADDING = 3;
/** A cell's text starts this far below its line's top, and ends at least CELL_BOTTOM above its bottom. */
const CELL_TOP = 3.5;
const CELL_BOTTOM = 1.5;

type Line = {
  machine: OverviewMachine;
  first: boolean;
  due: OverviewMachine['due'][number] | null;
};
type PdfColumn = { header: string; width: number; value: (l: Line) => string };

const placeOf = (m: OverviewMachine) => [m.department_name, m.room_name].filter(Boolean).join(' > ');

/** Widths add up to the 770 pt between the margins of landscape A4. */
const COLUMNS: PdfColumn[] = [
  { header: 'Machine', width: 140, value: (l) => (l.first ? l.machine.name : '') },
  { header: 'Inventarisnr.', width: 76, value: (l) => (l.first ? l.machine.inventory_number : '') },
  { header: 'Afdeling > ruimte', width: 120, value: (l) => (l.first ? placeOf(l.machine) : '') },
  { header: 'Soort', width: 70, value: (l) => (l.due ? DUE_TYPE_LABELS[l.due.inspection_type] : '—') },
  {
    header: 'Laatste keuring',
    width: 70,
    value: (l) => (l.due?.last_date ? dutchDay(l.due.last_date) : l.due ? 'Nog nooit' : '—'),
  },
  { header: 'Oordeel', width: 124, value: (l) => (l.due?.last_verdict ? VERDICT_LABELS[l.due.last_verdict] : '—') },
  { header: 'Volgende keuring vóór', width: 94, value: (l) => (l.due?.due_date ? dutchDay(l.due.due_date) : '—') },
  { header: 'Status', width: 76, value: (l) => DUE_STATE_LABELS[l.due?.state ?? 'none'] },
];

/** A machine's state over its types: its worst. */
const worstOf = (m: OverviewMachine): DueState =>
  m.due.reduce<DueState>(
    (worst, d) => (DUE_STATES.indexOf(d.state) < DUE_STATES.indexOf(worst) ? d.state : worst),
    'none',
  );

/** "keuringsoverzicht-K-1001-hoofdkantoor-2026-11-26.pdf": only safe characters. */
export function keuringsoverzichtFileName(location: OverviewLocation, today: string): string {
  return `keuringsoverzicht-${fileNameSlug(location.customer_number, 'klant')}-${fileNameSlug(location.name, 'vestiging')}-${today}.pdf`;
}

/** Streams the Keuringsoverzicht of a location as a PDF into `out`. */
export async function writeKeuringsoverzichtPdf(
  batches: AsyncIterable<OverviewMachine[]>,
  out: Writable,
  info: KeuringsoverzichtInfo,
): Promise<void> {
  const { company, location } = info;
  const pages = createPdfPages(out, {
    layout: 'landscape',
    margin: MARGIN,
    title: `${KEURINGSOVERZICHT} ${location.customer_name} ${location.name}`,
    author: company.name,
    createdAt: info.generatedAt,
    footer: `${company.name} · ${KEURINGSOVERZICHT} ${location.customer_name} · ${location.name}`,
  });
  const { doc, width: tableWidth, bottom } = pages;
  let y = 0;
  let machineCount = 0;
  const perState = new Map<DueState, number>();

  const inner = (c: PdfColumn) => c.width - 2 * CELL_PADDING;

  /** The height of a line of `values`: every text wrapped within its cell, at least ROW_HEIGHT (`min`). */
  const lineHeight = (values: string[], bold: boolean, min = ROW_HEIGHT) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(FONT_SIZE);
    return COLUMNS.reduce(
      (h, c, i) => Math.max(h, CELL_TOP + textHeight(doc, values[i]!, inner(c)) + CELL_BOTTOM),
      min,
    );
  };

  const cells = (values: string[], top: number, bold: boolean, colours: (string | null)[] = []) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(FONT_SIZE);
    let x = MARGIN;
    COLUMNS.forEach((c, i) => {
      doc.fillColor(colours[i] ?? 'black');
      wrappedText(doc, values[i]!, x + CELL_PADDING, top + CELL_TOP, inner(c));
      x += c.width;
    });
    doc.fillColor('black');
  };

  const headers = COLUMNS.map((c) => c.header);
  const tableHeader = () => {
    const height = 1 + lineHeight(headers, true, HEADER_HEIGHT - 1);
    doc.rect(MARGIN, y, tableWidth, height).fill('#EEEEEE');
    cells(headers, y + 1, true);
    y += height;
  };

  const newPage = () => {
    y = pages.addPage(`${KEURINGSOVERZICHT} ${location.customer_name} · ${location.name}`, 5);
    tableHeader();
  };

  // The inspection company, then whose overview this is and when it was made.
  drawCompanyBand(pages, company);
  doc.fillColor('black').font(FONT.bold).fontSize(14).text(KEURINGSOVERZICHT, MARGIN, 72);
  doc.font(FONT.regular).fontSize(9);
  doc.text(`${location.customer_name} (klantnummer ${location.customer_number})`);
  doc.text(`Vestiging ${location.name}${location.address ? `, ${location.address}` : ''}`);
  doc.text(`Stand van ${dutchDay(info.today)} · afgedrukt op ${dutchDateTime(info.generatedAt)}`);
  doc
    .fillColor(GREY)
    .fontSize(8)
    .text(
      `Gekeurd door ${company.name}, ${company.address}. Per machine en soort keuring: de laatste keuring, het oordeel en de datum waarvoor de volgende keuring moet plaatsvinden.`,
      { width: tableWidth },
    );
  doc.fillColor('black');
  y = doc.y + 10;
  tableHeader();

  for await (const batch of batches) {
    if (out.destroyed) return; // the download was cancelled
    for (const machine of batch) {
      machineCount += 1;
      const worst = worstOf(machine);
      perState.set(worst, (perState.get(worst) ?? 0) + 1);
      const lines: Line[] =
        machine.due.length === 0
          ? [{ machine, first: true, due: null }]
          : machine.due.map((due, i) => ({ machine, first: i === 0, due }));
      const rows = lines.map((line) => {
        const values = COLUMNS.map((c) => c.value(line));
        return { line, values, height: lineHeight(values, false) };
      });
      // A machine's lines stay on one page.
      if (y + rows.reduce((h, r) => h + r.height, 0) > bottom) newPage();
      for (const { line, values, height } of rows) {
        if (machineCount % 2 === 0) doc.rect(MARGIN, y, tableWidth, height).fill('#F6F6F6');
        const state = line.due?.state ?? 'none';
        cells(
          values,
          y,
          false,
          COLUMNS.map((c) => (c.header === 'Status' ? DUE_STATE_COLOURS[state] : null)),
        );
        y += height;
      }
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + tableWidth, y)
        .lineWidth(0.4)
        .strokeColor('#DDDDDD')
        .stroke();
    }
  }
  if (y + 30 > bottom) newPage();
  doc.font(FONT.regular).fontSize(9).fillColor('black');
  if (machineCount === 0) {
    doc.text('Geen machines in gebruik op deze vestiging.', MARGIN, y + 8);
  } else {
    const states = DUE_STATES.filter((s) => perState.get(s)).map((s) => `${DUE_STATE_LABELS[s]}: ${perState.get(s)}`);
    doc.text(`${machineCount} ${machineCount === 1 ? 'machine' : 'machines'} · ${states.join(' · ')}`, MARGIN, y + 8, {
      width: tableWidth,
    });
  }
  await pages.finish();
}
