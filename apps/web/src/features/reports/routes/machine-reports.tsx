import { useParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { REPORT_TEXT, type MachineReport } from '@keurwijzer/shared/reports';
import { EmptyState } from '../../../components/feedback/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { RowLink } from '../../../components/table/row-action';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePlacementCrumbs } from '../../../components/layout/use-placement-crumbs';
import { useMachineReports } from '../../../lib/api/reports';
import { ReportStatusChip } from '../components/report-document';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';
import { machinesResource } from '../../../lib/api/machines';
import { MachineDueCard } from '../../../components/machine/machine-due-card';
import { StatusChip } from '../../../components/display/status-chip';
import { QueryContent } from '../../../components/feedback/query-content';

const hide = (bp: 'sm' | 'md') => ({ display: { xs: 'none', [bp]: 'table-cell' } });

/** Submitted: when; open: the planned date. */
const dateOf = (r: MachineReport) =>
  r.submitted_at ? formatDateTime(r.submitted_at) : `Gepland ${formatDate(r.planned_date)}`;

function ReportsTable({ reports }: { reports: MachineReport[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Rapporten">
        <TableHead>
          <TableRow>
            <TableCell>Type</TableCell>
            <TableCell sx={hide('md')}>Vragenlijst</TableCell>
            <TableCell sx={hide('sm')}>Status</TableCell>
            <TableCell>Datum</TableCell>
            <TableCell sx={hide('md')}>Monteur</TableCell>
            <TableCell sx={hide('sm')}>Meldingen</TableCell>
            <TableCell align="right">PDF</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((r) => (
            <TableRow key={r.id} hover>
              <TableCell sx={{ position: 'relative' }}>
                <RowLink
                  to={`/admin/reports/${r.id}`}
                  label={`Rapport ${INSPECTION_TYPE_LABELS[r.inspection_type]} ${dateOf(r)}`}
                  cover
                >
                  {INSPECTION_TYPE_LABELS[r.inspection_type]}
                </RowLink>
              </TableCell>
              <TableCell sx={hide('md')}>{r.questionnaire_name}</TableCell>
              <TableCell sx={hide('sm')}>
                <ReportStatusChip status={r.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateOf(r)}</TableCell>
              <TableCell sx={hide('md')}>{r.filled_in_by_name ?? ''}</TableCell>
              <TableCell sx={hide('sm')}>
                {r.not_at_location && (
                  <StatusChip
                    tone="warning"
                    variant="filled"
                    label="Niet op plaats"
                    title={REPORT_TEXT.notAtLocation}
                  />
                )}
              </TableCell>
              <TableCell align="right" sx={{ py: 0.5 }}>
                {r.status === 'submitted' && <ReportPdfButton reportId={r.id} icon />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * admin/customers/{id}/machines/{machineId}/reports: the machine's reports, newest first, with
 * their PDFs, and its due state per type.
 */
export default function MachineReports() {
  const params = useParams();
  const customerId = Number(params.id);
  const machineId = Number(params.machineId);
  const crumbs = usePlacementCrumbs({ customerId });
  const { data: machine } = machinesResource.useItem(machineId, customerId);
  const { data: reports, error } = useMachineReports(customerId, machineId);
  return (
    <>
      <PageHeader
        title={`Rapporten van ${machine?.name ?? '…'}`}
        crumbs={[
          ...crumbs.slice(0, 2),
          { label: 'Machines', to: `/admin/customers/${customerId}/machines` },
          { label: machine?.name ?? '…' },
        ]}
      />
      <QueryContent error={error} data={reports}>
        {(reports) =>
          reports.length === 0 ? (
            <EmptyState
              title="Nog geen rapporten"
              icon={<AssignmentIcon sx={{ fontSize: 48, mb: 1 }} color="disabled" />}
            >
              Voor deze machine zijn nog geen rapporten ingevuld.
            </EmptyState>
          ) : (
            <ReportsTable reports={reports} />
          )
        }
      </QueryContent>
      <MachineDueCard customerId={customerId} machineId={machineId} />
    </>
  );
}
