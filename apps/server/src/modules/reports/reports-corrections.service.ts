import { REPORT_VERSION_TEXT, type CorrectionInput } from '@keurwijzer/shared/report-versions';
import type { ReportDetail } from '@keurwijzer/shared/reports';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { reportsPolicy } from './reports.policy';
import type { ReportCorrectionsRepository } from './reports-corrections.repository';
import type { ReportsRepository } from './reports.repository';

/**
 * Correcting a submitted report: the office (reports.view: admins and super
 * admins, who also fill in reports) reopens it as a new version with a reason. Only the current
 * version can be corrected: 409 while it is open or once it has a newer version (open or
 * submitted). The task list and the report are locked first (as a submit does), so of two
 * corrections at once one makes the new version and the other gets the 409; the unique index on
 * `replaces_report_id` stands behind it.
 */
export function createReportCorrectionsService({
  db,
  reports,
  repo,
}: {
  db: Db;
  reports: ReportsRepository;
  repo: ReportCorrectionsRepository;
}) {
  return {
    async correct(actor: Actor, id: number, input: CorrectionInput): Promise<ReportDetail> {
      reportsPolicy.assertCorrect(actor);
      try {
        return await db.transaction(async (tx) => {
          if (!(await reports.lock(id, tx))) throw notFound();
          const state = await repo.state(id, tx);
          if (!state) throw notFound();
          if (state.newer !== null) throw conflict(REPORT_VERSION_TEXT.alreadyCorrected);
          if (state.status !== 'submitted') throw conflict(REPORT_VERSION_TEXT.notSubmitted);
          const newId = await repo.copy(id, input.reason, tx);
          const report = await reports.find(newId, {}, tx);
          if (!report) throw notFound();
          return report;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'reports_replaces_unique')) throw conflict(REPORT_VERSION_TEXT.alreadyCorrected);
        throw err;
      }
    },
  };
}

export type ReportCorrectionsService = ReturnType<typeof createReportCorrectionsService>;
