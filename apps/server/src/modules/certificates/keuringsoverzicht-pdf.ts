import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  DUE_STATES,
  DUE_STATE_LABELS,
  DUE_TYPE_LABELS,
  VERDICT_LABELS,
  type DueState,
} from '@keurwijzer/shared/compliance';
import { BRAND } from '@keurwijzer/shared/brand';
import type { Company } from '../../config';
import { dutchDateTime, dutchDay } from '../../lib/dutch-time';
import { FONT, createPdfDocument } from '../../lib/pdf';
import type { OverviewLocation, OverviewMachine } from './keuringsoverzicht.repository';

// A4 landscape: the inspection company's header, the customer and location, then one line per
// machine and due type (the machine's name on its first line), the table header on every page.
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

const RED = BRAND.red;
const GREY = '#666666';
const MARGIN = 36;
const FOOTER = 20;
const ROW_HEIGHT = 14;
const HEADER_HEIGHT = 16;
const FONT_SIZE = 7.5;
const CELL_PADDING = 3;

/** The colour of a state's text (AA on white). */
const STATE_COLOURS: Record<DueState, string> = {
  rejected: RED,
  overdue: RED,
  due_soon: '#8A5300',
  up_to_date: '#1E6B2E',
  none: GREY,
};

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
  const safe = (s: string, fallback: string) =>
    s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || fallback;
  return `keuringsoverzicht-${safe(location.customer_number, 'klant')}-${safe(location.name, 'vestiging')}-${today}.pdf`;
}

/** Streams the Keuringsoverzicht of a location as a PDF into `out`. */
export async function writeKeuringsoverzichtPdf(
  batches: AsyncIterable<OverviewMachine[]>,
  out: Writable,
  info: KeuringsoverzichtInfo,
): Promise<void> {
  const { company, location } = info;
  const doc = createPdfDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER },
    info: {
      Title: `${KEURINGSOVERZICHT} ${location.customer_name} ${location.name}`,
      Author: company.name,
      CreationDate: info.generatedAt,
    },
  });
  const done = finished(out);
  doc.pipe(out);

  const pageWidth = doc.page.width;
  const tableWidth = pageWidth - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 6;
  let pageNumber = 1;
  let y = 0;
  let machineCount = 0;
  const perState = new Map<DueState, number>();

  const fit = (text: string, width: number) => {
    const max = width - 2 * CELL_PADDING;
    if (doc.widthOfString(text) <= max) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > max) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };

  const cells = (values: string[], top: number, bold: boolean, colours: (string | null)[] = []) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(FONT_SIZE);
    let x = MARGIN;
    COLUMNS.forEach((c, i) => {
      doc.fillColor(colours[i] ?? 'black');
      doc.text(fit(values[i]!, c.width), x + CELL_PADDING, top + 3.5, {
        width: c.width - 2 * CELL_PADDING,
        lineBreak: false,
      });
      x += c.width;
    });
    doc.fillColor('black');
  };

  const footer = () => {
    doc.font(FONT.regular).fontSize(7).fillColor(GREY);
    const top = doc.page.height - FOOTER - 14;
    doc.text(`${company.name} · ${KEURINGSOVERZICHT} ${location.customer_name} · ${location.name}`, MARGIN, top, {
      width: tableWidth - 80,
      lineBreak: false,
    });
    doc.text(`Pagina ${pageNumber}`, MARGIN, top, { width: tableWidth, align: 'right', lineBreak: false });
    doc.fillColor('black');
  };

  const tableHeader = () => {
    doc.rect(MARGIN, y, tableWidth, HEADER_HEIGHT).fill('#EEEEEE');
    cells(
      COLUMNS.map((c) => c.header),
      y + 1,
      true,
    );
    y += HEADER_HEIGHT;
  };

  const newPage = () => {
    footer();
    doc.addPage();
    pageNumber += 1;
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor('black')
      .text(`${KEURINGSOVERZICHT} ${location.customer_name} · ${location.name}`, MARGIN, MARGIN, {
        width: tableWidth,
        lineBreak: false,
      });
    y = MARGIN + 16;
    tableHeader();
  };

  // The inspection company, then whose overview this is and when it was made.
  doc.rect(0, 0, pageWidth, 56).fill(RED);
  doc.fillColor('white').font(FONT.bold).fontSize(16).text(company.name, MARGIN, 20, { lineBreak: false });
  doc.font(FONT.regular).fontSize(8);
  doc.text(company.address, MARGIN, 16, { width: tableWidth, align: 'right' });
  doc.text(company.contact, MARGIN, 28, { width: tableWidth, align: 'right' });
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
      // A machine's lines stay on one page.
      if (y + lines.length * ROW_HEIGHT > bottom) newPage();
      for (const line of lines) {
        if (machineCount % 2 === 0) doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill('#F6F6F6');
        const state = line.due?.state ?? 'none';
        cells(
          COLUMNS.map((c) => c.value(line)),
          y,
          false,
          COLUMNS.map((c) => (c.header === 'Status' ? STATE_COLOURS[state] : null)),
        );
        y += ROW_HEIGHT;
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
  footer();
  doc.end();
  await done;
}
