/* What an answer says (judgements), what a report concludes (verdicts), and the kinds of questions. */

/** What an answer option (or a measurement) says about the machine. */
export const JUDGEMENTS = ['good', 'remark', 'reject', 'na'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];
export const JUDGEMENT_LABELS: Record<Judgement, string> = {
  good: 'Goed',
  remark: 'Opmerking',
  reject: 'Afkeur',
  na: 'n.v.t.',
};

/**
 * The judgement an answer option gets when nobody chose one (the migration of existing questions,
 * a new option in the question form): by its label, else Opmerking, the one that asks a human to
 * look without failing the machine.
 */
export function defaultJudgement(label: string): Judgement {
  const l = label.trim().toLowerCase().replace(/\.$/, '');
  if (/^(goed|ja|ok|in orde|voldoet|aanwezig|werkt|correct)$/.test(l)) return 'good';
  if (/^(n\.?v\.?t|nvt|niet van toepassing)$/.test(l)) return 'na';
  if (/^(slecht|afkeur|afgekeurd|nee|defect|voldoet niet|onvoldoende|niet aanwezig|werkt niet)$/.test(l)) {
    return 'reject';
  }
  return 'remark';
}

export const VERDICTS = ['approved', 'approved_with_remarks', 'rejected'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<Verdict, string> = {
  approved: 'Goedgekeurd',
  approved_with_remarks: 'Goedgekeurd met opmerkingen',
  rejected: 'Afgekeurd',
};

/**
 * The verdict of a report from the judgements of its answers and measurements (skipped
 * categories and unanswered questions left out): Afgekeurd when any is Afkeur, Goedgekeurd met
 * opmerkingen when any is Opmerking, otherwise Goedgekeurd.
 */
export function deriveVerdict(judgements: Iterable<Judgement | null | undefined>): Verdict {
  let remark = false;
  for (const j of judgements) {
    if (j === 'reject') return 'rejected';
    if (j === 'remark') remark = true;
  }
  return remark ? 'approved_with_remarks' : 'approved';
}

export const QUESTION_KINDS = ['choice', 'measurement'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  choice: 'Antwoordopties',
  measurement: 'Meting',
};
