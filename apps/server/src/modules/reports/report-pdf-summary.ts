import {
  COMPLIANCE_TEXT,
  JUDGEMENT_LABELS,
  VERDICT_LABELS,
  formatLimits,
  formatMeasurement,
} from '@keurwijzer/shared/compliance';
import { MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { REPORT_TEXT, type ReportDetail } from '@keurwijzer/shared/reports';
import { dutchDateTime, dutchDay } from '../../lib/dutch-time';
import { FONT } from '../../lib/pdf';
import { GREY, JUDGEMENT_COLOURS, MARGIN, RED, VERDICT_COLOURS, rule, type ReportCursor } from './report-pdf-layout';
import { versionNotes } from './report-pdf-versions';

// The report's first sections: its verdict, what was inspected, and the table of measurements.

/** An open report is printed as a concept. */
export const CONCEPT_STATUS = 'Concept — nog niet ingediend';

const placeOf = (m: ReportDetail['machine']) =>
  [m.location_name, m.department_name, m.room_name].filter(Boolean).join(' > ');

/** The verdict, prominently: the stored one of a submitted report, the answers' own while open. */
export function writeVerdict(c: ReportCursor): void {
  const { doc, report, width } = c;
  const verdict = report.verdict ?? report.derived_verdict;
  const verdictTitle = report.verdict ? `${COMPLIANCE_TEXT.verdict}: ` : `${COMPLIANCE_TEXT.verdict} (voorlopig): `;
  const notes: string[] = [];
  if (report.verdict && report.verdict !== report.derived_verdict && report.verdict_reason) {
    notes.push(`${COMPLIANCE_TEXT.overriddenBy}: ${report.verdict_reason}`);
    notes.push(`${REPORT_TEXT.verdictDerived}: ${VERDICT_LABELS[report.derived_verdict]}`);
  }
  if (report.next_due_date) notes.push(COMPLIANCE_TEXT.nextDue(dutchDay(report.next_due_date)));
  notes.push(...versionNotes(report));
  doc.font(FONT.regular).fontSize(9.5);
  const notesHeight = notes.reduce((h, n) => h + doc.heightOfString(n, { width: width - 24 }) + 2, 0);
  const boxHeight = 34 + notesHeight;
  doc.rect(MARGIN, c.y, width, boxHeight).lineWidth(1.5).strokeColor(VERDICT_COLOURS[verdict]).stroke();
  doc.rect(MARGIN, c.y, 6, boxHeight).fill(VERDICT_COLOURS[verdict]);
  // Two texts side by side (not `continued`: that leaves pdfkit's line wrapper in a state that
  // changes how later text wraps).
  doc.fillColor('black').font(FONT.bold).fontSize(15);
  doc.text(verdictTitle, MARGIN + 16, c.y + 10, { lineBreak: false });
  const titleWidth = doc.widthOfString(verdictTitle);
  doc.fillColor(VERDICT_COLOURS[verdict]).text(VERDICT_LABELS[verdict], MARGIN + 16 + titleWidth, c.y + 10, {
    lineBreak: false,
  });
  let ny = c.y + 32;
  for (const n of notes) {
    doc
      .fillColor('black')
      .font(FONT.regular)
      .fontSize(9.5)
      .text(n, MARGIN + 16, ny, { width: width - 24 });
    ny = doc.y + 2;
  }
  c.y += boxHeight + 12;
}

/** What was inspected: the visit on the left, the machine on the right. */
export function writeFacts(c: ReportCursor): void {
  const { doc, report, width } = c;
  const m = report.machine;
  const status = report.status === 'submitted' ? 'Ingediend' : CONCEPT_STATUS;
  const visit: [string, string][] = [
    ['Klant', report.customer_name],
    ['Vestiging', report.location_name],
    ['Soort', INSPECTION_TYPE_LABELS[report.inspection_type]],
    ['Vragenlijst', report.questionnaire_name],
    ['Geplande datum', dutchDay(report.planned_date)],
    ['Ingediend op', report.submitted_at ? dutchDateTime(new Date(report.submitted_at)) : '—'],
    ['Monteur', report.filled_in_by_name ?? '—'],
    ['Status', status],
  ];
  const machine: [string, string][] = [
    ['Machine', m.name],
    ['Inventarisnummer', m.inventory_number],
    ['Fabrieksnummer', m.factory_number ?? '—'],
    ['Machinetype', m.machine_type_name ?? '—'],
    ['Merk', [m.brand_name, m.brand_type_name].filter(Boolean).join(' ') || '—'],
    ['Fabrikant', m.manufacturer ?? '—'],
    ['Bouwjaar', m.manufacture_year === null ? '—' : String(m.manufacture_year)],
    ['Machinestatus', MACHINE_STATUS_LABELS[m.status]],
    ['Plaats', placeOf(m)],
  ];
  const half = (width - 16) / 2;
  const LABEL = 82;
  const pairs = (rows: [string, string][], x: number) => {
    let top = c.y;
    for (const [label, value] of rows) {
      doc.font(FONT.regular).fontSize(9);
      const h = doc.heightOfString(value, { width: half - LABEL });
      doc
        .fillColor(GREY)
        .font(FONT.regular)
        .fontSize(8)
        .text(label, x, top + 1, { width: LABEL - 4, lineBreak: false });
      doc
        .fillColor('black')
        .font(FONT.regular)
        .fontSize(9)
        .text(value, x + LABEL, top, { width: half - LABEL });
      top += h + 4;
    }
    return top;
  };
  c.y = Math.max(pairs(visit, MARGIN), pairs(machine, MARGIN + half + 16)) + 6;

  if (report.not_at_location) {
    doc.font(FONT.bold).fontSize(9.5);
    const h = doc.heightOfString(REPORT_TEXT.notAtLocation, { width: width - 16 }) + 12;
    doc.rect(MARGIN, c.y, width, h).lineWidth(1).strokeColor(RED).stroke();
    doc.fillColor(RED).text(REPORT_TEXT.notAtLocation, MARGIN + 8, c.y + 6, { width: width - 16 });
    doc.fillColor('black');
    c.y += h + 8;
  }

  doc.font(FONT.regular).fontSize(9).fillColor('black');
  doc.text(`Beantwoord: ${report.answered_count} van ${report.questions_count} vragen`, MARGIN, c.y);
  c.y = doc.y + 10;
}

/** The measurements of the categories that are not skipped: question, value, limits, judgement. */
export function writeMeasurements(c: ReportCursor): void {
  const { doc, report, width } = c;
  const measured = report.categories
    .filter((category) => !category.skipped)
    .flatMap((category) => category.questions.filter((q) => q.kind === 'measurement'));
  if (measured.length === 0) return;
  const MEASURE_COLUMNS = [
    { header: 'Meting', width: width - 270 },
    { header: COMPLIANCE_TEXT.value, width: 90 },
    { header: COMPLIANCE_TEXT.limits, width: 110 },
    { header: 'Oordeel', width: 70 },
  ];
  const row = (values: string[], bold: boolean, colours: (string | null)[] = []) => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(9);
    const h = Math.max(...values.map((v, i) => doc.heightOfString(v, { width: MEASURE_COLUMNS[i]!.width - 8 })));
    c.room(h + 6);
    let x = MARGIN;
    values.forEach((v, i) => {
      doc.fillColor(colours[i] ?? 'black').text(v, x + 4, c.y + 3, { width: MEASURE_COLUMNS[i]!.width - 8 });
      x += MEASURE_COLUMNS[i]!.width;
    });
    c.y += h + 6;
    rule(c, c.y - 1);
  };
  c.room(60);
  doc.fillColor('black').font(FONT.bold).fontSize(11).text(COMPLIANCE_TEXT.measurements, MARGIN, c.y);
  c.y = doc.y + 4;
  doc.rect(MARGIN, c.y, width, 16).fill('#EEEEEE');
  row(
    MEASURE_COLUMNS.map((column) => column.header),
    true,
  );
  for (const q of measured) {
    const value = q.answer?.value;
    const judgement = q.answer?.judgement ?? null;
    row(
      [
        q.name,
        value == null ? (report.status === 'open' ? REPORT_TEXT.unanswered : '—') : formatMeasurement(value, q.unit),
        formatLimits(q.min_value, q.max_value, q.unit) || '—',
        judgement ? JUDGEMENT_LABELS[judgement] : '—',
      ],
      false,
      [null, value == null ? GREY : null, null, judgement ? JUDGEMENT_COLOURS[judgement] : GREY],
    );
  }
  c.y += 12;
}
