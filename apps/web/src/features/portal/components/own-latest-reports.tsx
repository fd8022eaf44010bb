import { INSPECTION_TYPE_LABELS, type InspectionType } from '@keurwijzer/shared/questionnaires';
import type { LatestReports } from '@keurwijzer/shared/reports';
import { formatDate } from '../../../lib/format';
import { INSPECTION_TYPE_ORDER, LatestReportsList } from '../../../components/report/latest-reports-list';
import { portalPaths } from '../../../lib/api/portal';

/** The order of the spec: safety, inspection, maintenance, inspection/maintenance. */
export const PORTAL_TYPES: InspectionType[] = INSPECTION_TYPE_ORDER;

/** The customer's path of a report of its machine. */
export const ownReportPath = (machineId: number, reportId: number) => `/machines/${machineId}/reports/${reportId}`;

/**
 * "Laatste rapporten" of the machine screen: per inspection type that applies to the machine (the
 * server lists only those) the latest submitted report (date, mechanic, PDF) or "Nog geen".
 */
export function OwnLatestReports({ machineId, latest }: { machineId: number; latest: LatestReports }) {
  return (
    <LatestReportsList
      latest={latest}
      termWidth={170}
      textSx={{ minWidth: 0, overflowWrap: 'anywhere' }}
      reportPath={(id) => ownReportPath(machineId, id)}
      pdfPath={(id) => portalPaths.pdf(machineId, id)}
      linkLabel={(type, report) => `Rapport ${INSPECTION_TYPE_LABELS[type]} van ${formatDate(report.submitted_at)}`}
    />
  );
}
