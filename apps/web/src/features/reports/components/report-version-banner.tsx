import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { ReportDetail, ReportVersionRef } from '@keurwijzer/shared/reports';
import { formatDate } from '../../../lib/format';

const ofDay = (ref: ReportVersionRef) => (ref.submitted_at ? ` van ${formatDate(ref.submitted_at)}` : '');

/**
 * Which version a report is: "Vervangen door versie 2" on a replaced version, and
 * "Versie 2, vervangt versie 1 van 12-03-2026. Reden: ..." on a correction, each with a link to
 * the other version for this reader (`versionTo`; none: plain text).
 */
export function ReportVersionBanner({
  report,
  versionTo,
}: {
  report: ReportDetail;
  versionTo?: (reportId: number) => string;
}) {
  const link = (ref: ReportVersionRef, label: string) =>
    versionTo ? (
      <Link component={RouterLink} to={versionTo(ref.id)} sx={{ fontWeight: 600 }}>
        {label}
      </Link>
    ) : null;
  return (
    <>
      {report.replaced_by && (
        <Alert severity="warning" data-testid="report-replaced-by">
          Vervangen door versie {report.replaced_by.version}
          {ofDay(report.replaced_by)}. {link(report.replaced_by, `Bekijk versie ${report.replaced_by.version}`)}
        </Alert>
      )}
      {report.replaces && (
        <Alert severity="info" data-testid="report-replaces">
          Versie {report.version}, vervangt versie {report.replaces.version}
          {ofDay(report.replaces)}.{report.correction_reason ? ` Reden: ${report.correction_reason}` : ''}{' '}
          {link(report.replaces, `Bekijk versie ${report.replaces.version}`)}
        </Alert>
      )}
    </>
  );
}
