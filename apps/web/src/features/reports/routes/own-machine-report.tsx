import { useParams } from 'react-router';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { PageHeader } from '../../../components/layout/page-header';
import { formatDate } from '../../../lib/format';
import { ReportDocument } from '../components/report-document';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';
import type { PrefetchArgs } from '../../../lib/screen';
import { ownReportQuery, portalPaths, useOwnReport } from '../../../lib/api/portal';
import { QueryContent } from '../../../components/feedback/query-content';

/** The report's type and date are the heading (two lines on a phone): fetched before the screen shows. */
export const prefetch = ({ params, queryClient }: PrefetchArgs) =>
  queryClient.ensureQueryData(ownReportQuery(Number(params.id), Number(params.reportId)));

/** machines/{id}/reports/{reportId}: one submitted report read-only (the shared report document) with its PDF. */
export default function OwnMachineReport() {
  const params = useParams();
  const id = Number(params.id);
  const reportId = Number(params.reportId);
  const { data: report, error } = useOwnReport(id, reportId);
  const name = report?.machine.name ?? '…';
  const title = report
    ? // The date's hyphens do not break (a phone wrapped "21-" and "11-2026").
      `Rapport ${INSPECTION_TYPE_LABELS[report.inspection_type].toLowerCase()} van ${formatDate(report.submitted_at ?? report.planned_date).replaceAll('-', '\u2011')}`
    : 'Rapport';
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: 'Mijn machines', to: '/machines' },
          { label: name, to: `/machines/${id}` },
          { label: 'Rapporten', to: `/machines/${id}/reports` },
          { label: title },
        ]}
      />
      <QueryContent error={error} data={report}>
        {(report) => (
          <ReportDocument
            report={report}
            machineTo={`/machines/${id}`}
            actions={<ReportPdfButton reportId={report.id} path={portalPaths.pdf(id, report.id)} />}
            versionTo={(other) => `/machines/${id}/reports/${other}`}
          />
        )}
      </QueryContent>
    </>
  );
}
