import { z } from 'zod';
import type { ReportDetail } from './reports';
import { requiredText } from './validation';

/**
 * Correcting a submitted report: the office reopens it as a new version with a
 * reason. The new version is an open report on the same task list and machine with a copy of the
 * old version's questions, answers and skipped categories (no photos, no signatures: submitting it
 * asks for a new signature). The old version stays readable and is "Vervangen door versie N" once
 * the new one is submitted; from then on only the new one counts as the machine's report.
 *
 * - POST /api/reports/:id/corrections   CorrectionInput -> ReportDetail of the new version (201),
 *                                       "Correctie gestart"; admins and super admins only.
 *   404 no such report; 409 while it is open, or when it already has a newer version.
 */
export const CorrectionInputSchema = z.object({ reason: requiredText() });
export type CorrectionInput = z.output<typeof CorrectionInputSchema>;
export type CorrectionFormValues = z.input<typeof CorrectionInputSchema>;

export const REPORT_VERSION_TEXT = {
  correct: 'Corrigeren',
  correctTitle: 'Rapport corrigeren',
  correctIntro:
    'Het rapport wordt heropend als een nieuwe versie met dezelfde antwoorden. De huidige versie blijft leesbaar. Na het aanpassen moet de nieuwe versie opnieuw worden afgerond en ondertekend.',
  reason: 'Reden van de correctie',
  correctionStarted: 'Correctie gestart',
  notSubmitted: 'Alleen een ingediend rapport kan worden gecorrigeerd.',
  alreadyCorrected: 'Dit rapport heeft al een nieuwere versie en kan niet meer worden gecorrigeerd.',
  allGood: 'Alles goed',
  allGoodUndo: 'Ongedaan maken',
  previous: 'Vorige keuring',
} as const;

/** "Alle 3 open vragen van Elektrisch beantwoorden met Goed?" */
export const allGoodConfirmText = (count: number, category: string, label = 'Goed') =>
  `Alle ${count} open ${count === 1 ? 'vraag' : 'vragen'} van ${category} beantwoorden met ${label}?`;

/** "3 vragen beantwoord met Goed" (the snackbar after "Alles goed"). */
export const allGoodDoneText = (count: number) => `${count} ${count === 1 ? 'vraag' : 'vragen'} beantwoord met Goed`;

/** "Versie 2, vervangt versie 1" / "Vervangen door versie 2": the banner of a report view. */
export const replacesText = (report: Pick<ReportDetail, 'version' | 'replaces'>) =>
  report.replaces ? `Versie ${report.version}, vervangt versie ${report.replaces.version}` : null;
export const replacedByText = (report: Pick<ReportDetail, 'replaced_by'>) =>
  report.replaced_by ? `Vervangen door versie ${report.replaced_by.version}` : null;

/** The hint under a question: "Vorige keuring (12-03-2026): 0,28 Ohm". `day` is already formatted. */
export const previousAnswerText = (text: string, day: string | null) =>
  day ? `${REPORT_VERSION_TEXT.previous} (${day}): ${text}` : `${REPORT_VERSION_TEXT.previous}: ${text}`;

/**
 * "Alles goed": the questions of a category it answers, with the option it picks: the unanswered
 * choice questions that have an option judged Goed (its first such option, 1-based). Never a
 * measurement, never a question with an answer (an option or a value; a memo alone is not one),
 * never one without a Goed option.
 */
export function allGoodAnswers(
  questions: readonly {
    id: number;
    kind: 'choice' | 'measurement';
    answer_judgements: readonly string[];
    answer: { option: number | null; value: string | null } | null;
  }[],
): { questionId: number; option: number }[] {
  const out: { questionId: number; option: number }[] = [];
  for (const q of questions) {
    if (q.kind !== 'choice') continue;
    if (q.answer && (q.answer.option !== null || q.answer.value !== null)) continue;
    const good = q.answer_judgements.indexOf('good');
    if (good < 0) continue;
    out.push({ questionId: q.id, option: good + 1 });
  }
  return out;
}
