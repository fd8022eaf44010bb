import { useLocation, useParams } from 'react-router';
import { PageHeader, type Crumb } from '../../../components/layout/page-header';
import { useReport } from '../../../lib/api/reports';
import { ReportDocument } from '../components/report-document';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';
import { CorrectButton } from '../components/correction-dialog';
import { auditPaths } from '../../../lib/api/audit';
import { HistoryCard } from '../../../components/history/history-card';
import { QueryContent } from '../../../components/feedback/query-content';

/**
 * admin/completed-reports/{id} and admin/reports/{id} (the latter also for open reports, from a
 * task list or a machine's reports): the report read-only with its PDF.
 */
export default function ReportView() {
  const id = Number(useParams().id);
  const fromCompleted = useLocation().pathname.startsWith('/admin/completed-reports');
  const { data: report, error } = useReport(id);
  const name = report ? report.machine.name : '…';
  const crumbs: Crumb[] = fromCompleted
    ? [{ label: 'Afgeronde rapporten', to: '/admin/completed-reports' }, { label: name }]
    : [{ label: 'Takenlijst', to: report ? `/admin/tasklists/${report.tasklist_id}` : undefined }, { label: name }];
  return (
    <>
      <PageHeader title={`Rapport ${name}`} crumbs={crumbs} />
      <QueryContent error={error} data={report}>
        {(report) => (
          <>
            <ReportDocument
              report={report}
              machineTo={`/admin/customers/${report.customer_id}/machines/${report.machine.id}/edit`}
              actions={
                <>
                  <ReportPdfButton reportId={report.id} />
                  <CorrectButton report={report} />
                </>
              }
              versionTo={(other) => `/admin/reports/${other}`}
            />
            <HistoryCard family="reports" path={auditPaths.report(report.id)} id="report-history" />
          </>
        )}
      </QueryContent>
    </>
  );
}
