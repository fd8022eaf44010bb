import { REPORT_TEXT, type AnswerInput, type ReportAnswerState } from '@keurwijzer/shared/reports';
import { deviceInstant } from '@keurwijzer/shared/device-time';
import { measuredValueField } from '@keurwijzer/shared/compliance';
import type { Actor } from '../../lib/actor';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { reportsPolicy } from './reports.policy';
import type { ReportsRepository } from './reports.repository';

/** Saving one answer of a report (the reports service's `answer`). */
export function answerOf(repo: ReportsRepository) {
  /**
   * Saves the answer of one question (idempotent; an answer given earlier than the stored one
   * changes nothing) and returns what is stored now. One statement; only a refusal reads the
   * report again to say why.
   */
  return async function answer(
    actor: Actor,
    id: number,
    questionId: number,
    input: AnswerInput,
  ): Promise<ReportAnswerState> {
    reportsPolicy.assertWrite(actor);
    const answeredAt = deviceInstant(input.answered_at);
    if (!answeredAt) throw fieldError('answered_at', REPORT_TEXT.invalidAnsweredAt);
    // Only a value below zero can be one no instrument shows: only then is the question's unit
    // read (the report's copy never changes), so a common save stays one statement.
    if (input.value !== null && Number(input.value) < 0) {
      const question = await repo.questionUnit(id, questionId);
      const checked = question && measuredValueField(question).safeParse(input.value);
      if (checked && !checked.success) throw fieldError('value', checked.error.issues[0]!.message);
    }
    const out = await repo.answer(id, questionId, {
      option: input.option,
      value: input.value,
      memo: input.memo,
      answeredAt,
    });
    if (out.options === null || !out.open) {
      const status = await repo.status(id);
      if (!status) throw notFound();
      if (out.options === null) throw notFound(REPORT_TEXT.questionMissing);
      throw conflict(REPORT_TEXT.alreadySubmitted);
    }
    // The statement wrote nothing for these (its `target`): a measurement takes a value and no
    // option, a choice an option of its own and no value.
    if (out.kind === 'measurement' && input.option !== null) {
      throw fieldError('option', REPORT_TEXT.optionOfMeasurement);
    }
    if (out.kind === 'choice' && input.value !== null) throw fieldError('value', REPORT_TEXT.valueOfChoice);
    if (input.option !== null && input.option > out.options) throw fieldError('option', REPORT_TEXT.invalidOption);
    const answer = out.written ?? (out.removed ? null : out.stored);
    return {
      question_id: questionId,
      answer,
      judgement: answer?.judgement ?? null,
    };
  };
}
