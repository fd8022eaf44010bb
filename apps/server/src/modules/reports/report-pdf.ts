import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  COMPLIANCE_TEXT,
  JUDGEMENT_LABELS,
  VERDICT_LABELS,
  formatLimits,
  formatMeasurement,
  type Judgement,
  type Verdict,
} from '@keurwijzer/shared/compliance';
import { BRAND } from '@keurwijzer/shared/brand';
import { MACHINE_STATUS_LABELS } from '@keurwijzer/shared/machines';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import {
  REPORT_TEXT,
  SIGNATURE_ROLE_LABELS,
  SIGNATURE_TEXT,
  type ReportDetail,
  type ReportQuestion,
  type SignatureRole,
} from '@keurwijzer/shared/reports';
import type { Company } from '../../config';
import { dutchDateTime, dutchDay } from '../../lib/dutch-time';
import { FONT, createPdfDocument, textHeight, wrappedText } from '../../lib/pdf';
import { versionNotes } from './report-pdf-versions';
import {
  drawPhotoPages,
  drawPhotoStrip,
  hasPhotoPage,
  photoStripHeight,
  type PdfPhotoImages,
} from './report-pdf-photos';

// A4 portrait: the company header, what was inspected, then every category with its questions,
// answers and memos; "Pagina x van y" on every page (the pages are buffered until the count is
// known: a report is a few pages, never a stream of thousands of rows).

/** What the PDF says besides the report. */
export type ReportPdfInfo = {
  company: Company;
  generatedAt: Date;
  /** The answers' photos as JPEG (reports-photos.service.ts `forPdf`; a photo missing here prints nothing). */
  photos?: PdfPhotoImages;
  /** The images (PNG) of the report's signatures, by role (a missing one prints no image). */
  signatures?: { role: SignatureRole; image: Buffer }[];
};

/** An open report is printed as a concept. */
export const CONCEPT_STATUS = 'Concept — nog niet ingediend';

const RED = BRAND.red;
const GREY = '#666666';
const MARGIN = 40;
const FOOTER = 20;
const QUESTION_WIDTH = 290;
const ANSWER_X = MARGIN + 300;
/**
 * The judgement of an answer, in front of the answer (a column at the right edge would sit under
 * the footer's end, and text extractors read the two as one block).
 */
const JUDGEMENT_WIDTH = 58;

/** The colours of judgements and verdicts (AA on white). */
const GREEN = '#1E6B2E';
const AMBER = '#8A5300';
const JUDGEMENT_COLOURS: Record<Judgement, string> = { good: GREEN, remark: AMBER, reject: RED, na: GREY };
const VERDICT_COLOURS: Record<Verdict, string> = { approved: GREEN, approved_with_remarks: AMBER, rejected: RED };

/** "rapport-12-INV-001.pdf": only safe characters in a file name. */
export function reportFileName(r: Pick<ReportDetail, 'id' | 'machine'>): string {
  const inventory =
    r.machine.inventory_number
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'machine';
  return `rapport-${r.id}-${inventory}.pdf`;
}

/** The label of the chosen option (a measurement: its value and unit), or what stands in for it. */
function answerLabel(q: ReportQuestion, open: boolean): string {
  if (q.kind === 'measurement' && q.answer?.value != null) return formatMeasurement(q.answer.value, q.unit);
  const option = q.answer?.option;
  if (option) return q.answer_options[option - 1] ?? String(option);
  return open ? REPORT_TEXT.unanswered : '—';
}

/** Whether the question has an answer that counts (an option, or a measured value). */
const isAnswered = (q: ReportQuestion) => Boolean(q.answer?.option) || q.answer?.value != null;

const placeOf = (m: ReportDetail['machine']) =>
  [m.location_name, m.department_name, m.room_name].filter(Boolean).join(' > ');

/** Writes the report as a PDF into `out` and resolves when it is complete. */
export async function writeReportPdf(report: ReportDetail, out: Writable, info: ReportPdfInfo): Promise<void> {
  const typeLabel = INSPECTION_TYPE_LABELS[report.inspection_type];
  const m = report.machine;
  const doc = createPdfDocument({
    size: 'A4',
    bufferPages: true,
    // A small bottom margin: the footer sits below the content's own limit without pdfkit
    // starting a new page for it.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER },
    info: {
      Title: `Rapport ${typeLabel.toLowerCase()} ${m.name}`,
      Author: info.company.name,
      CreationDate: info.generatedAt,
    },
  });
  const done = finished(out);
  doc.pipe(out);

  const pageWidth = doc.page.width;
  const width = pageWidth - 2 * MARGIN;
  // The footer is the same on every page but its number: a long machine name wraps upwards.
  const footerText = `${info.company.name} · Rapport ${report.id} · ${m.name}`;
  doc.font(FONT.regular).fontSize(7);
  const footerExtra = textHeight(doc, footerText, width - 80) - doc.currentLineHeight(true);
  /** The lowest y content may end at. */
  const bottom = doc.page.height - MARGIN - 6 - footerExtra;
  let y = 0;

  const newPage = () => {
    doc.addPage();
    doc.font(FONT.bold).fontSize(9).fillColor('black');
    const title = `Rapport ${typeLabel.toLowerCase()} · ${m.name} (${m.inventory_number})`;
    wrappedText(doc, title, MARGIN, MARGIN, width);
    y = MARGIN + textHeight(doc, title, width) + 7;
  };
  /** A new page unless `height` fits below y. */
  const room = (height: number) => {
    if (y + height > bottom) newPage();
  };

  // The company header.
  doc.rect(0, 0, pageWidth, 56).fill(RED);
  doc.fillColor('white').font(FONT.bold).fontSize(16).text(info.company.name, MARGIN, 20, { lineBreak: false });
  doc.font(FONT.regular).fontSize(8);
  doc.text(info.company.address, MARGIN, 16, { width, align: 'right' });
  doc.text(info.company.contact, MARGIN, 28, { width, align: 'right' });
  doc.fillColor('black').font(FONT.bold).fontSize(15).text(`Rapport ${typeLabel.toLowerCase()}`, MARGIN, 72);
  doc.font(FONT.regular).fontSize(8).fillColor(GREY);
  doc.text(`Rapportnummer ${report.id} · afgedrukt op ${dutchDateTime(info.generatedAt)}`, MARGIN, doc.y + 2);
  y = doc.y + 10;

  // The verdict, prominently: the stored one of a submitted report, the answers' own while open.
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
  doc.rect(MARGIN, y, width, boxHeight).lineWidth(1.5).strokeColor(VERDICT_COLOURS[verdict]).stroke();
  doc.rect(MARGIN, y, 6, boxHeight).fill(VERDICT_COLOURS[verdict]);
  // Two texts side by side (not `continued`: that leaves pdfkit's line wrapper in a state that
  // changes how later text wraps).
  doc.fillColor('black').font(FONT.bold).fontSize(15);
  doc.text(verdictTitle, MARGIN + 16, y + 10, { lineBreak: false });
  const titleWidth = doc.widthOfString(verdictTitle);
  doc.fillColor(VERDICT_COLOURS[verdict]).text(VERDICT_LABELS[verdict], MARGIN + 16 + titleWidth, y + 10, {
    lineBreak: false,
  });
  let ny = y + 32;
  for (const n of notes) {
    doc.fillColor('black').font(FONT.regular).fontSize(9.5).text(n, MARGIN + 16, ny, { width: width - 24 });
    ny = doc.y + 2;
  }
  y += boxHeight + 12;

  // What was inspected: the visit on the left, the machine on the right.
  const status = report.status === 'submitted' ? 'Ingediend' : CONCEPT_STATUS;
  const visit: [string, string][] = [
    ['Klant', report.customer_name],
    ['Vestiging', report.location_name],
    ['Soort', typeLabel],
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
    let top = y;
    for (const [label, value] of rows) {
      doc.font(FONT.regular).fontSize(9);
      const h = doc.heightOfString(value, { width: half - LABEL });
      doc.fillColor(GREY).font(FONT.regular).fontSize(8).text(label, x, top + 1, { width: LABEL - 4, lineBreak: false });
      doc.fillColor('black').font(FONT.regular).fontSize(9).text(value, x + LABEL, top, { width: half - LABEL });
      top += h + 4;
    }
    return top;
  };
  y = Math.max(pairs(visit, MARGIN), pairs(machine, MARGIN + half + 16)) + 6;

  if (report.not_at_location) {
    doc.font(FONT.bold).fontSize(9.5);
    const h = doc.heightOfString(REPORT_TEXT.notAtLocation, { width: width - 16 }) + 12;
    doc.rect(MARGIN, y, width, h).lineWidth(1).strokeColor(RED).stroke();
    doc.fillColor(RED).text(REPORT_TEXT.notAtLocation, MARGIN + 8, y + 6, { width: width - 16 });
    doc.fillColor('black');
    y += h + 8;
  }

  doc.font(FONT.regular).fontSize(9).fillColor('black');
  doc.text(`Beantwoord: ${report.answered_count} van ${report.questions_count} vragen`, MARGIN, y);
  y = doc.y + 10;

  // The measurements of the categories that are not skipped: question, value, limits, judgement.
  const measured = report.categories
    .filter((c) => !c.skipped)
    .flatMap((c) => c.questions.filter((q) => q.kind === 'measurement'));
  if (measured.length > 0) {
    const MEASURE_COLUMNS = [
      { header: 'Meting', width: width - 270 },
      { header: COMPLIANCE_TEXT.value, width: 90 },
      { header: COMPLIANCE_TEXT.limits, width: 110 },
      { header: 'Oordeel', width: 70 },
    ];
    const row = (values: string[], bold: boolean, colours: (string | null)[] = []) => {
      doc.font(bold ? FONT.bold : FONT.regular).fontSize(9);
      const h = Math.max(...values.map((v, i) => doc.heightOfString(v, { width: MEASURE_COLUMNS[i]!.width - 8 })));
      room(h + 6);
      let x = MARGIN;
      values.forEach((v, i) => {
        doc.fillColor(colours[i] ?? 'black').text(v, x + 4, y + 3, { width: MEASURE_COLUMNS[i]!.width - 8 });
        x += MEASURE_COLUMNS[i]!.width;
      });
      y += h + 6;
      doc
        .moveTo(MARGIN, y - 1)
        .lineTo(MARGIN + width, y - 1)
        .lineWidth(0.5)
        .strokeColor('#DDDDDD')
        .stroke();
    };
    room(60);
    doc.fillColor('black').font(FONT.bold).fontSize(11).text(COMPLIANCE_TEXT.measurements, MARGIN, y);
    y = doc.y + 4;
    doc.rect(MARGIN, y, width, 16).fill('#EEEEEE');
    row(
      MEASURE_COLUMNS.map((c) => c.header),
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
    y += 12;
  }

  const categoryHeading = (c: ReportDetail['categories'][number], more: boolean) => {
    const heading = `${c.position}. ${c.name}${more ? ' (vervolg)' : ''}`;
    doc.font(FONT.bold).fontSize(10);
    const height = Math.max(18, textHeight(doc, heading, width - 110) + 7);
    doc.rect(MARGIN, y, width, height).fill('#EEEEEE');
    doc.fillColor('black');
    wrappedText(doc, heading, MARGIN + 5, y + 5, width - 110);
    if (c.skipped) {
      doc.fillColor(RED).text(REPORT_TEXT.skippedCategory, MARGIN, y + 5, {
        width: width - 5,
        align: 'right',
        lineBreak: false,
      });
      doc.fillColor('black');
    }
    y += height + 4;
  };

  if (report.categories.length === 0) {
    doc.font(FONT.regular).fontSize(9).text(REPORT_TEXT.noQuestions, MARGIN, y);
  }
  for (const c of report.categories) {
    room(48);
    categoryHeading(c, false);
    if (c.skipped) {
      y += 4;
      continue;
    }
    for (const q of c.questions) {
      const answer = answerLabel(q, report.status === 'open');
      const judgement = q.answer?.judgement ?? null;
      const limits = q.kind === 'measurement' ? formatLimits(q.min_value, q.max_value, q.unit) : '';
      const question = limits ? `${q.name} (${limits})` : q.name;
      const answerX = ANSWER_X + JUDGEMENT_WIDTH;
      const answerWidth = MARGIN + width - answerX;
      const memo = q.answer?.memo ? `${q.memo_title ?? 'Opmerking'}: ${q.answer.memo}` : null;
      doc.font(FONT.regular).fontSize(9);
      const qh = doc.heightOfString(question, { width: QUESTION_WIDTH });
      doc.font(FONT.bold);
      const ah = doc.heightOfString(answer, { width: answerWidth });
      doc.font(FONT.italic).fontSize(8.5);
      const mh = memo ? doc.heightOfString(memo, { width: width - 16 }) + 3 : 0;
      const ph = photoStripHeight(q, info.photos);
      const h = Math.max(qh, ah) + mh + ph + 8;
      if (y + h > bottom) {
        newPage();
        categoryHeading(c, true);
      }
      doc.fillColor('black').font(FONT.regular).fontSize(9).text(question, MARGIN + 5, y, { width: QUESTION_WIDTH });
      doc
        .fillColor(isAnswered(q) ? 'black' : GREY)
        .font(FONT.bold)
        .text(answer, answerX, y, { width: answerWidth });
      if (judgement) {
        doc
          .fillColor(JUDGEMENT_COLOURS[judgement])
          .font(FONT.bold)
          .text(JUDGEMENT_LABELS[judgement], ANSWER_X, y, { width: JUDGEMENT_WIDTH - 6 });
      }
      if (memo) {
        doc
          .fillColor(GREY)
          .font(FONT.italic)
          .fontSize(8.5)
          .text(memo, MARGIN + 16, y + Math.max(qh, ah) + 3, { width: width - 16 });
      }
      // The answer's photos: thumbnails under the answer, in its columns.
      if (ph > 0) {
        drawPhotoStrip(doc, q, info.photos, ANSWER_X, y + Math.max(qh, ah) + mh + 4, MARGIN + width - ANSWER_X);
      }
      y += h;
      doc
        .moveTo(MARGIN, y - 4)
        .lineTo(MARGIN + width, y - 4)
        .lineWidth(0.5)
        .strokeColor('#DDDDDD')
        .stroke();
    }
    y += 6;
  }

  // The signatures: the mechanic's, and the customer contact's when given, side by
  // side: label, image, name and when; "Niet ondertekend" without the mechanic's.
  {
    const SIGNATURE_IMAGE = 70;
    const column = (width - 16) / 2;
    room(22 + (report.signatures.length > 0 ? SIGNATURE_IMAGE + 36 : 28));
    y += 4;
    doc.fillColor('black').font(FONT.bold).fontSize(11).text('Ondertekening', MARGIN, y, { lineBreak: false });
    y += 18;
    const top = y;
    let lowest = y;
    const block = (role: SignatureRole, x: number) => {
      const signature = report.signatures.find((s) => s.role === role);
      let by = top;
      doc.fillColor(GREY).font(FONT.regular).fontSize(8).text(SIGNATURE_ROLE_LABELS[role], x, by, { width: column });
      by = doc.y + 3;
      if (!signature) {
        doc.fillColor('black').font(FONT.italic).fontSize(9.5).text(SIGNATURE_TEXT.notSigned, x, by, { width: column });
        lowest = Math.max(lowest, doc.y);
        return;
      }
      const image = info.signatures?.find((s) => s.role === role)?.image;
      doc.rect(x, by, column, SIGNATURE_IMAGE + 8).lineWidth(0.5).strokeColor('#BBBBBB').stroke();
      if (image) doc.image(image, x + 4, by + 4, { fit: [column - 8, SIGNATURE_IMAGE], align: 'center', valign: 'center' });
      by += SIGNATURE_IMAGE + 12;
      doc.fillColor('black').font(FONT.bold).fontSize(9).text(signature.signer_name, x, by, { width: column });
      doc
        .fillColor(GREY)
        .font(FONT.regular)
        .fontSize(8)
        .text(dutchDateTime(new Date(signature.signed_at)), x, doc.y + 1, { width: column });
      lowest = Math.max(lowest, doc.y);
    };
    block('mechanic', MARGIN);
    if (report.signatures.some((s) => s.role === 'customer')) block('customer', MARGIN + column + 16);
    y = lowest + 10;
  }

  // Many photos: a photo page at the end, each photo larger with its question.
  if (hasPhotoPage(report)) {
    const photoPage = () => {
      newPage();
      return y;
    };
    drawPhotoPages(doc, report, info.photos, { x: MARGIN, width, bottom, newPage: photoPage });
  }

  // Every page's footer, now that the number of pages is known.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const top = doc.page.height - FOOTER - 14 - footerExtra;
    doc.font(FONT.regular).fontSize(7).fillColor(GREY);
    wrappedText(doc, footerText, MARGIN, top, width - 80);
    doc.text(`Pagina ${i - start + 1} van ${count}`, MARGIN, top, { width, align: 'right', lineBreak: false });
  }
  doc.flushPages();
  doc.end();
  await done;
}
