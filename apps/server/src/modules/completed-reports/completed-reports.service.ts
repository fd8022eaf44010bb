import type { CompletedReportExportQuery, CompletedReportListQuery } from '@keurwijzer/shared/reports';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import type { Company } from '../../config';
import type { Actor } from '../../lib/actor';
import { completedReportsPolicy } from './completed-reports.policy';
import { createKeyedLimit } from '../../lib/concurrency';
import { AppError } from '../../lib/errors';
import type { Download } from '../../lib/stream-download';
import { writeCompletedReportsXlsx } from './completed-reports-xlsx';
import { completedReportsFileName } from './completed-reports.presenter';
import type { CompletedReportsRepository } from './completed-reports.repository';

type Deps = {
  repo: CompletedReportsRepository;
  company: Company;
  /** Exports one user may run at once in this process (default 2, as the inventory export). */
  exportsPerUser?: number;
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The office's completed reports (`reports.view`: admins; mechanics and customer users 403): a
 * page of the submitted reports of every customer, and the filtered list as an xlsx file. A user
 * runs at most `exportsPerUser` exports at once (429 beyond), as the inventory export.
 */
export function createCompletedReportsService({ repo, company, exportsPerUser = 2 }: Deps) {
  const running = createKeyedLimit(exportsPerUser);
  return {
    list(actor: Actor, query: CompletedReportListQuery) {
      completedReportsPolicy.assertRead(actor);
      return repo.list(query);
    },

    /**
     * The filtered, sorted list as an xlsx file, ready to stream; the slot is free again when the
     * writing ends (done, failed or cancelled), so `write` must be called (lib/stream-download.ts does).
     */
    download(actor: Actor, query: CompletedReportExportQuery): Download {
      completedReportsPolicy.assertRead(actor);
      const release = running.tryAcquire(actor.id);
      if (!release) throw new AppError(429, LIMIT_TEXT.tooManyExports);
      const generatedAt = new Date();
      return {
        contentType: XLSX,
        fileName: completedReportsFileName(generatedAt),
        write: (out) =>
          writeCompletedReportsXlsx(repo.exportRows(query), out, { companyName: company.name, generatedAt }, () =>
            repo.exportMeasurements(query),
          ).finally(release),
      };
    },
  };
}

export type CompletedReportsService = ReturnType<typeof createCompletedReportsService>;
