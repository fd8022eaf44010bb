import { JUDGEMENT_LABELS, formatLimits, formatMeasurement, type Judgement } from '@keurwijzer/shared/compliance';
import type { Followup, FollowupFinding } from '@keurwijzer/shared/followups';
import type { FollowupRow } from './followups.repository';

/**
 * What was found, in words: the chosen option ("Slecht") with its judgement, or the measured
 * value with the limits it broke ("0,45 Ohm, grenswaarde max. 0,30 Ohm"), and the memo. The
 * judgement itself was written by the database (never computed here); this only formats.
 */
export function findingOf(r: FollowupRow): FollowupFinding {
  const judgement: Judgement | null = r.judgement;
  if (r.kind === 'measurement') {
    const measurement = r.value === null ? null : formatMeasurement(r.value, r.unit);
    const limits = formatLimits(r.min_value, r.max_value, r.unit) || null;
    const main = [measurement ?? 'Geen waarde', limits ? `grenswaarde ${limits}` : null].filter(Boolean).join(', ');
    return {
      kind: r.kind,
      option_label: null,
      judgement,
      measurement,
      limits,
      memo: r.memo,
      text: r.memo ? `${main} – ${r.memo}` : main,
    };
  }
  const label = r.option !== null ? (r.answer_options[r.option - 1] ?? null) : null;
  const main = label ?? (judgement ? JUDGEMENT_LABELS[judgement] : 'Geen antwoord');
  return {
    kind: r.kind,
    option_label: label,
    judgement,
    measurement: null,
    limits: null,
    memo: r.memo,
    text: r.memo ? `${main} – ${r.memo}` : main,
  };
}

export function presentFollowup(r: FollowupRow): Followup {
  return {
    id: r.id,
    status: r.status,
    created_at: r.created_at,
    inspection_type: r.inspection_type,
    machine: { id: r.machine_id, name: r.machine_name, inventory_number: r.inventory_number },
    customer: { id: r.customer_id, name: r.customer_name },
    location: r.location_id === null ? null : { id: r.location_id, name: r.location_name ?? '' },
    report: { id: r.report_id, date: r.report_date, inspection_type: r.report_type },
    question_name: r.question_name,
    category_name: r.category_name,
    finding: findingOf(r),
    done_by: r.done_by,
    done_by_name: r.done_by_name,
    done_at: r.done_at,
    done_note: r.done_note,
    malfunction_id: r.malfunction_id,
    tasklist_id: r.tasklist_id,
    tasklist_date: r.tasklist_date,
  };
}
