import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { roleCan } from '@keurwijzer/shared/permissions';
import { REPORT_TEXT } from '@keurwijzer/shared/reports';
import { PageLoader } from '../../../components/feedback/page-loader';
import { PageHeader } from '../../../components/layout/page-header';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/api/auth';
import { useReport } from '../../../lib/api/reports';
import { ReportDocument } from '../components/report-document';
import { ReportForm } from '../components/report-form';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';
import { useDeviceReport } from '../filler/use-device-report';

/** mechanic/report/{id}: fill in a report on a tablet or phone; submitted, it is read-only. */
export default function ReportFill() {
  const id = Number(useParams().id);
  const user = useCurrentUser();
  const { data, error } = useReport(id);
  // A submit the server accepted shows as the submitted report, also offline after a reload.
  const { report, ready } = useDeviceReport(data, user.id);
  // The report's form mounts in a render of its own at deferred priority, which React splits into
  // short tasks; the screen's first render (the router's, or the data's arrival) is one task and
  // would render all of it at once. The header and the loader show until it is ready.
  const mounted = useDeferredValue(report !== undefined && ready, false);
  const name = report?.machine.name ?? '…';
  // The office's machine screens, for a user who may open them (a mechanic may not).
  const mayOpenMachines = roleCan(user.role, 'customers.view');
  const machinesTo =
    report && mayOpenMachines
      ? `/admin/customers/${report.customer_id}/machines?search=${encodeURIComponent(report.machine.inventory_number)}`
      : undefined;
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <PageHeader
        title={`Rapport ${name}`}
        crumbs={[
          { label: 'Takenlijsten', to: '/' },
          { label: 'Takenlijst', to: report ? `/mechanic/tasklists/${report.tasklist_id}` : undefined },
          // On a phone only the way back: the heading names the machine.
          { label: name, hideBelow: 'sm' },
        ]}
      />
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !report || !mounted ? (
        <PageLoader />
      ) : report.status === 'open' ? (
        <ReportForm key={report.id} report={report} machinesTo={machinesTo} />
      ) : (
        <>
          <Alert severity="success" sx={{ mb: 2 }}>
            {REPORT_TEXT.submitted}
            {report.filled_in_by_name ? ` door ${report.filled_in_by_name}` : ''}
            {report.submitted_at ? ` op ${formatDateTime(report.submitted_at)}` : ''}.
          </Alert>
          <ReportDocument
            report={report}
            machineTo={
              mayOpenMachines ? `/admin/customers/${report.customer_id}/machines/${report.machine.id}/edit` : undefined
            }
            actions={<ReportPdfButton reportId={report.id} />}
            versionTo={(other) => `/mechanic/report/${other}`}
          />
        </>
      )}
    </Box>
  );
}
