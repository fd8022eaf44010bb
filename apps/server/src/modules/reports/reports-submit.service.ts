import {
  REPORT_TEXT,
  missingAnswerKey,
  openQuestionsText,
  type ReportDetail,
  type SubmitInput,
} from '@keurwijzer/shared/reports';
import { COMPLIANCE_TEXT, impossibleMeasurement } from '@keurwijzer/shared/compliance';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { reportsPolicy } from './reports.policy';
import type { ReportsRepository } from './reports.repository';

/**
 * What "Rapport afronden" needs of the malfunctions planned on the report (the
 * malfunctions module's planning service, passed in by the composition root): setting the chosen
 * ones to Opgelost in the submit's transaction (422 for one not planned on it), and what to do
 * after the commit (their reporters' mails).
 */
export type ReportMalfunctions = {
  resolve(reportId: number, ids: number[], actorId: number, tx: Executor): Promise<() => Promise<void>>;
};

/** Submitting a report (the reports service's `submit`). */
export function submitOf({
  db,
  repo,
  malfunctions,
  detail,
}: {
  db: Db;
  repo: ReportsRepository;
  malfunctions?: ReportMalfunctions;
  detail: (id: number, tx: Executor) => Promise<ReportDetail>;
}) {
  /**
   * "Rapport afronden": only when every question of every category that is not skipped has an
   * option or a measured value (422 naming each missing question, in report order). Records who
   * and when, and the machine's report year, in one transaction under the report's lock: of
   * several submits at once one succeeds, the others get the 409 of a submitted report.
   *
   * The verdict: the derived one (the trigger report_verdict), unless the mechanic sends another
   * one with a reason (422 errors.verdict_reason without one); sending the derived one is no
   * override and its reason is dropped.
   *
   * `resolve_malfunctions`: malfunctions planned on the report set to Opgelost in the same
   * transaction; `after` runs their mails once it is committed.
   */
  return async function submit(
    actor: Actor,
    id: number,
    input: SubmitInput = { verdict: undefined, verdict_reason: null },
    after: (task: () => Promise<void>) => void = () => {},
  ): Promise<ReportDetail> {
    reportsPolicy.assertWrite(actor);
    let afterCommit: (() => Promise<void>) | null = null;
    const submitted = await db.transaction(async (tx) => {
      const status = await repo.lock(id, tx);
      if (!status) throw notFound();
      if (status === 'submitted') {
        // The same submit again (its connection broke once the server had it): answered as the first.
        if (input.submission_id && (await repo.submittedAs(id, input.submission_id, tx))) return detail(id, tx);
        throw conflict(REPORT_TEXT.alreadySubmitted);
      }
      const missing = await repo.unanswered(id, tx);
      if (missing.length > 0) {
        throw new AppError(
          422,
          openQuestionsText(missing.length),
          Object.fromEntries(missing.map((q) => [missingAnswerKey(q), [REPORT_TEXT.unanswered]])),
        );
      }
      // A value stored before it was checked (or copied into a correction) is checked again.
      const impossible = (await repo.negativeMeasurements(id, tx)).flatMap((q) => {
        const problem = impossibleMeasurement(q.value, q.unit);
        return problem ? [[missingAnswerKey(q.id), [problem]] as [string, string[]]] : [];
      });
      if (impossible.length > 0) {
        throw new AppError(
          422,
          COMPLIANCE_TEXT.impossibleMeasurements(impossible.length),
          Object.fromEntries(impossible),
        );
      }
      let override: { verdict: SubmitInput['verdict'] | null; reason: string | null } = { verdict: null, reason: null };
      if (input.verdict && input.verdict !== (await repo.derivedVerdict(id, tx))) {
        if (!input.verdict_reason) throw fieldError('verdict_reason', COMPLIANCE_TEXT.overrideReasonRequired);
        override = { verdict: input.verdict, reason: input.verdict_reason };
      }
      const submission = input.submission_id ?? null;
      if (
        !(await repo.submit(
          id,
          actor.id,
          { verdict: override.verdict ?? null, reason: override.reason },
          submission,
          tx,
        ))
      ) {
        throw conflict(REPORT_TEXT.alreadySubmitted);
      }
      if (malfunctions && input.resolve_malfunctions?.length) {
        afterCommit = await malfunctions.resolve(id, input.resolve_malfunctions, actor.id, tx);
      }
      return detail(id, tx);
    });
    // Set inside the transaction's callback (the compiler cannot see that).
    const then = afterCommit as (() => Promise<void>) | null;
    if (then) after(then);
    return submitted;
  };
}
