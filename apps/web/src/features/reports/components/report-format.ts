import {
  COMPLIANCE_TEXT,
  deriveVerdict,
  formatLimits,
  implausibleMeasurement,
  measuredValueField,
  measurementJudgement,
  withinLimits,
  type Judgement,
  type Verdict,
} from '@keurwijzer/shared/compliance';
import type { ReportAnswer, ReportCategory, ReportMachine, ReportQuestion } from '@keurwijzer/shared/reports';

/** Vestiging > afdeling > ruimte of a machine, as far as it is placed. */
export const placeOf = (m: Pick<ReportMachine, 'location_name' | 'department_name' | 'room_name'>) =>
  [m.location_name, m.department_name, m.room_name].filter(Boolean).join(' > ');

/** The label of the chosen option (option n is `answer_options[n - 1]`), or null without one. */
export const optionLabel = (q: Pick<ReportQuestion, 'answer_options'>, option: number | null | undefined) =>
  option ? (q.answer_options[option - 1] ?? null) : null;

/** The memo field's title: the question's own, or "Opmerking". */
export const memoTitle = (q: Pick<ReportQuestion, 'memo_title'>) => q.memo_title || 'Opmerking';

/**
 * The judgement of a question's answer as this device shows it: the chosen option's judgement,
 * or a measured value against the limits (both inclusive, the shared `measurementJudgement`);
 * null without either. The server's trigger stores the same (`answer.judgement`); this one also
 * covers an answer given here and not yet sent.
 */
export function judgementOf(
  q: Pick<ReportQuestion, 'kind' | 'answer_judgements' | 'min_value' | 'max_value'>,
  answer: Pick<ReportAnswer, 'option' | 'value'> | null | undefined,
): Judgement | null {
  if (!answer) return null;
  if (q.kind === 'measurement') {
    return answer.value == null ? null : measurementJudgement(answer.value, q.min_value, q.max_value);
  }
  return answer.option ? (q.answer_judgements[answer.option - 1] ?? 'remark') : null;
}

/** Whether a question is answered: an option chosen, or a measurement's value given (a memo alone is not). */
export const isAnswered = (q: Pick<ReportQuestion, 'kind' | 'answer'>) =>
  q.kind === 'measurement' ? q.answer?.value != null : q.answer?.option != null;

/** The verdict the answers give now (categories not skipped): what "Rapport afronden" will store. */
export const liveVerdict = (categories: readonly ReportCategory[]): Verdict =>
  deriveVerdict(categories.filter((c) => !c.skipped).flatMap((c) => c.questions.map((q) => judgementOf(q, q.answer))));

/** A measurement's limits as printed: "max. 0,30 Ohm". */
export const limitsOf = (q: Pick<ReportQuestion, 'min_value' | 'max_value' | 'unit'>) =>
  formatLimits(q.min_value, q.max_value, q.unit);

/** What the value field shows and sends for the text typed into it. */
export type MeasurementInput = {
  /** The canonical value ("0.30"), null for an empty field or a refused text. */
  value: string | null;
  /** Whether `value` goes to the server: an empty field (removes the value) or a possible number. */
  send: boolean;
  /** Why it is refused (not a number, or no instrument shows it): the field is in error, nothing is sent. */
  error: string | null;
  /** An implausible value: said under the field, sent all the same. */
  warning: string | null;
  /** Within the limits; null without a value. */
  within: boolean | null;
};

/** The question's zod field per unit (built once per unit, not on every key stroke). */
const valueFields = new Map<string | null, ReturnType<typeof measuredValueField>>();

/**
 * The report screen's value field for `text`: the question's shared zod field (the server's
 * check of the answer and the submit), then the shared plausibility warning and the limits.
 */
export function measurementInput(
  text: string,
  q: Pick<ReportQuestion, 'unit' | 'min_value' | 'max_value'>,
): MeasurementInput {
  if (text.trim() === '') return { value: null, send: true, error: null, warning: null, within: null };
  let field = valueFields.get(q.unit);
  if (!field) valueFields.set(q.unit, (field = measuredValueField(q)));
  const parsed = field.safeParse(text);
  if (!parsed.success || parsed.data === null) {
    const error = parsed.success ? COMPLIANCE_TEXT.invalidMeasurement : parsed.error.issues[0]!.message;
    return { value: null, send: false, error, warning: null, within: null };
  }
  const value = parsed.data;
  return {
    value,
    send: true,
    error: null,
    warning: implausibleMeasurement(value, q) ? COMPLIANCE_TEXT.implausibleMeasurement : null,
    within: withinLimits(value, q.min_value, q.max_value),
  };
}
