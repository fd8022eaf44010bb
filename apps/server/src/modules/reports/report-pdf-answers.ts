import { JUDGEMENT_LABELS, formatLimits, formatMeasurement } from '@keurwijzer/shared/compliance';
import {
  REPORT_TEXT,
  SIGNATURE_ROLE_LABELS,
  SIGNATURE_TEXT,
  type ReportDetail,
  type ReportQuestion,
  type SignatureRole,
} from '@keurwijzer/shared/reports';
import { dutchDateTime } from '../../lib/dutch-time';
import { FONT, textHeight, wrappedText } from '../../lib/pdf';
import { GREY, JUDGEMENT_COLOURS, MARGIN, RED, rule, type ReportCursor } from './report-pdf-layout';
import { drawPhotoStrip, photoStripHeight } from './report-pdf-photos';

// The report's body: every category with its questions, answers, memos and photos, then the signatures.

const QUESTION_WIDTH = 290;
const ANSWER_X = MARGIN + 300;
/**
 * The judgement of an answer, in front of the answer (a column at the right edge would sit under
 * the footer's end, and text extractors read the two as one block).
 */
const JUDGEMENT_WIDTH = 58;

type Category = ReportDetail['categories'][number];

/** The label of the chosen option (a measurement: its value and unit), or what stands in for it. */
function answerLabel(q: ReportQuestion, open: boolean): string {
  if (q.kind === 'measurement' && q.answer?.value != null) return formatMeasurement(q.answer.value, q.unit);
  const option = q.answer?.option;
  if (option) return q.answer_options[option - 1] ?? String(option);
  return open ? REPORT_TEXT.unanswered : '—';
}

/** Whether the question has an answer that counts (an option, or a measured value). */
const isAnswered = (q: ReportQuestion) => Boolean(q.answer?.option) || q.answer?.value != null;

function categoryHeading(c: ReportCursor, category: Category, more: boolean): void {
  const { doc, width } = c;
  const heading = `${category.position}. ${category.name}${more ? ' (vervolg)' : ''}`;
  doc.font(FONT.bold).fontSize(10);
  const height = Math.max(18, textHeight(doc, heading, width - 110) + 7);
  doc.rect(MARGIN, c.y, width, height).fill('#EEEEEE');
  doc.fillColor('black');
  wrappedText(doc, heading, MARGIN + 5, c.y + 5, width - 110);
  if (category.skipped) {
    doc.fillColor(RED).text(REPORT_TEXT.skippedCategory, MARGIN, c.y + 5, {
      width: width - 5,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
  }
  c.y += height + 4;
}

/** One question: its text (with its limits), judgement and answer, under them its memo and photos. */
function writeQuestion(c: ReportCursor, category: Category, q: ReportQuestion): void {
  const { doc, report, info, width } = c;
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
  if (c.y + h > c.bottom) {
    c.newPage();
    categoryHeading(c, category, true);
  }
  const { y } = c;
  doc
    .fillColor('black')
    .font(FONT.regular)
    .fontSize(9)
    .text(question, MARGIN + 5, y, { width: QUESTION_WIDTH });
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
  c.y += h;
  rule(c, c.y - 4);
}

/** Every category: its heading (again on a new page), then its questions; a skipped one says so. */
export function writeCategories(c: ReportCursor): void {
  const { doc, report } = c;
  if (report.categories.length === 0) {
    doc.font(FONT.regular).fontSize(9).text(REPORT_TEXT.noQuestions, MARGIN, c.y);
  }
  for (const category of report.categories) {
    c.room(48);
    categoryHeading(c, category, false);
    if (category.skipped) {
      c.y += 4;
      continue;
    }
    for (const q of category.questions) writeQuestion(c, category, q);
    c.y += 6;
  }
}

const SIGNATURE_IMAGE = 70;

/**
 * The signatures: the mechanic's, and the customer contact's when given, side by side: label,
 * image, name and when; "Niet ondertekend" without the mechanic's.
 */
export function writeSignatures(c: ReportCursor): void {
  const { doc, report, info, width } = c;
  const column = (width - 16) / 2;
  c.room(22 + (report.signatures.length > 0 ? SIGNATURE_IMAGE + 36 : 28));
  c.y += 4;
  doc.fillColor('black').font(FONT.bold).fontSize(11).text('Ondertekening', MARGIN, c.y, { lineBreak: false });
  c.y += 18;
  const top = c.y;
  let lowest = c.y;
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
    doc
      .rect(x, by, column, SIGNATURE_IMAGE + 8)
      .lineWidth(0.5)
      .strokeColor('#BBBBBB')
      .stroke();
    if (image)
      doc.image(image, x + 4, by + 4, { fit: [column - 8, SIGNATURE_IMAGE], align: 'center', valign: 'center' });
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
  c.y = lowest + 10;
}
