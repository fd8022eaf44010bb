import { AUDIT_EXPORT_MAX_ROWS, type AuditListQuery, type HistoryQuery } from '@keurwijzer/shared/audit';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import type { Company } from '../../config';
import type { Actor } from '../../lib/actor';
import { createKeyedLimit } from '../../lib/concurrency';
import { dutchParts } from '../../lib/dutch-time';
import { AppError, notFound } from '../../lib/errors';
import type { Download } from '../../lib/stream-download';
import { writeAuditXlsx } from './audit-xlsx';
import { auditPolicy } from './audit.policy';
import type { AuditRepository } from './audit.repository';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** "geschiedenis-2026-11-27.xlsx" (the date in Dutch time). */
export function auditFileName(at: Date): string {
  const p = dutchParts(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `geschiedenis-${p.year}-${two(p.month)}-${two(p.day)}.xlsx`;
}

/**
 * Reading the audit trail: the super admins' filtered list and its export, a machine's and a
 * report's history (policy: audit.policy.ts). Nothing here writes: the database does.
 */
export function createAuditService({
  repo,
  company,
  exportsPerUser = 2,
}: {
  repo: AuditRepository;
  company: Company;
  exportsPerUser?: number;
}) {
  const running = createKeyedLimit(exportsPerUser);
  return {
    list(actor: Actor, query: AuditListQuery) {
      auditPolicy.assertTrail(actor);
      return repo.list(query);
    },

    /** The filtered trail as xlsx (at most AUDIT_EXPORT_MAX_ROWS rows, newest first). */
    download(actor: Actor, query: AuditListQuery): Download {
      auditPolicy.assertTrail(actor);
      const release = running.tryAcquire(actor.id);
      if (!release) throw new AppError(429, LIMIT_TEXT.tooManyExports);
      const generatedAt = new Date();
      return {
        contentType: XLSX,
        fileName: auditFileName(generatedAt),
        write: (out) =>
          writeAuditXlsx(repo.exportRows(query, AUDIT_EXPORT_MAX_ROWS), out, {
            companyName: company.name,
            generatedAt,
          }).finally(release),
      };
    },

    async machineHistory(actor: Actor, customerId: number, machineId: number, query: HistoryQuery) {
      auditPolicy.assertMachine(actor);
      if (!(await repo.machineOfCustomer(customerId, machineId))) throw notFound();
      return repo.machineHistory(machineId, query);
    },

    async reportHistory(actor: Actor, reportId: number, query: HistoryQuery) {
      auditPolicy.assertReport(actor);
      if (!(await repo.reportExists(reportId))) throw notFound();
      return repo.reportHistory(reportId, query);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
