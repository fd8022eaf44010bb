import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { INSPECTION_TYPES, INSPECTION_TYPE_LABELS, type InspectionType } from '@keurwijzer/shared/questionnaires';
import type { MachineReport } from '@keurwijzer/shared/reports';
import { EmptyState } from '../../../components/feedback/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { FilterSelect } from '../../../components/table/filter-select';
import { useListFilters } from '../../../components/table/list-state';
import { RowLink } from '../../../components/table/row-action';
import { formatDate } from '../../../lib/format';
import type { PrefetchArgs } from '../../../lib/screen';
import { ReportPdfButton } from '../../../components/report/report-pdf-button';
import { ownMachineQuery, portalPaths, useOwnMachine, useOwnMachineReports } from '../../../lib/api/portal';
import { PORTAL_TYPES, ownReportPath } from '../components/own-latest-reports';
import { labelOptions } from '../../../lib/label-options';
import { QueryContent } from '../../../components/feedback/query-content';

const FILTER_KEYS = ['inspection_type'] as const;

/** The machine's name is in the heading and crumbs. */
export const prefetch = ({ params, queryClient }: PrefetchArgs) =>
  queryClient.ensureQueryData(ownMachineQuery(Number(params.id)));

const isType = (v: string | undefined): v is InspectionType => INSPECTION_TYPES.includes(v as InspectionType);

function ReportsTable({ machineId, reports }: { machineId: number; reports: MachineReport[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Rapporten">
        <TableHead>
          <TableRow>
            <TableCell>Datum</TableCell>
            <TableCell>Type</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Monteur</TableCell>
            <TableCell align="right">PDF</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((r) => {
            const date = formatDate(r.submitted_at ?? r.planned_date);
            return (
              <TableRow key={r.id} hover>
                <TableCell sx={{ position: 'relative', whiteSpace: 'nowrap' }}>
                  <RowLink
                    to={ownReportPath(machineId, r.id)}
                    label={`Rapport ${INSPECTION_TYPE_LABELS[r.inspection_type]} van ${date}`}
                    cover
                  >
                    {date}
                  </RowLink>
                </TableCell>
                <TableCell>
                  {INSPECTION_TYPE_LABELS[r.inspection_type]}
                  {r.filled_in_by_name && (
                    <Box
                      component="span"
                      sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', typography: 'body2' }}
                    >
                      {r.filled_in_by_name}
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.filled_in_by_name ?? ''}</TableCell>
                <TableCell align="right" sx={{ py: 0.5, position: 'relative', zIndex: 1 }}>
                  <ReportPdfButton reportId={r.id} path={portalPaths.pdf(machineId, r.id)} icon />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** machines/{id}/reports: every submitted report of the machine, newest first, a type filter, each with its PDF. */
export default function OwnMachineReports() {
  const id = Number(useParams().id);
  const [filters, setFilter] = useListFilters(FILTER_KEYS);
  const type = isType(filters.inspection_type) ? filters.inspection_type : undefined;
  const { data: machine } = useOwnMachine(id);
  const { data: reports, error } = useOwnMachineReports(id, type);
  const name = machine?.name ?? '…';
  return (
    <>
      <PageHeader
        title={`Rapporten van ${name}`}
        crumbs={[
          { label: 'Mijn machines', to: '/machines' },
          { label: name, to: `/machines/${id}` },
          { label: 'Rapporten' },
        ]}
      />
      <Box sx={{ mb: 2 }}>
        <FilterSelect
          label="Type"
          value={type}
          options={labelOptions(PORTAL_TYPES, INSPECTION_TYPE_LABELS)}
          onChange={(v) => setFilter('inspection_type', v)}
        />
      </Box>
      <QueryContent error={error} data={reports}>
        {(reports) =>
          reports.length === 0 ? (
            <EmptyState
              title="Nog geen rapporten"
              icon={<AssignmentIcon sx={{ fontSize: 48, mb: 1 }} color="disabled" />}
            >
              {type
                ? `Voor deze machine is nog geen rapport van het type ${INSPECTION_TYPE_LABELS[type].toLowerCase()} ingediend.`
                : 'Voor deze machine is nog geen rapport ingediend.'}
            </EmptyState>
          ) : (
            <ReportsTable machineId={id} reports={reports} />
          )
        }
      </QueryContent>
    </>
  );
}
