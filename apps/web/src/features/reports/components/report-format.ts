import type { ReportMachine, ReportQuestion } from '@keurwijzer/shared/reports';

/** Vestiging > afdeling > ruimte of a machine, as far as it is placed. */
export const placeOf = (m: Pick<ReportMachine, 'location_name' | 'department_name' | 'room_name'>) =>
  [m.location_name, m.department_name, m.room_name].filter(Boolean).join(' > ');

/** The label of the chosen option (option n is `answer_options[n - 1]`), or null without one. */
export const optionLabel = (q: Pick<ReportQuestion, 'answer_options'>, option: number | null | undefined) =>
  option ? (q.answer_options[option - 1] ?? null) : null;

/** The memo field's title: the question's own, or "Opmerking". */
export const memoTitle = (q: Pick<ReportQuestion, 'memo_title'>) => q.memo_title || 'Opmerking';
