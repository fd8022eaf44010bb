import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { REPORT_TEXT, type PlannedMachine } from '@keurwijzer/shared/reports';
import type { TasklistDetail } from '@keurwijzer/shared/tasklists';
import { EmptyState } from '../../../components/feedback/empty-state';
import { RowLink } from '../../../components/table/row-action';
import { formatDateTime } from '../../../lib/format';
import { placeOf } from './planned-machines';
import { Progress, ReportStatusChip } from './tasklist-status';
import { StatusChip } from '../../../components/display/status-chip';

/** The flag a mechanic set on the report: the machine stands elsewhere. */
function NotAtLocation() {
  return <StatusChip tone="error" label="Niet op aangegeven plaats" title={REPORT_TEXT.notAtLocation} />;
}

const filledIn = (m: PlannedMachine) =>
  m.submitted_at ? `${m.filled_in_by_name ?? '-'}, ${formatDateTime(m.submitted_at)}` : (m.filled_in_by_name ?? '-');

/**
 * The office's view of a task list's machines: each report's state, who filled it in and when, the
 * "not at the indicated place" flag, and links to the report and to the customer's machine.
 */
export function OfficeMachines({ tasklist: t }: { tasklist: TasklistDetail }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const machineTo = (m: PlannedMachine) => `/admin/customers/${t.customer_id}/machines/${m.machine_id}/edit`;
  const reportTo = (m: PlannedMachine) => `/admin/reports/${m.report_id}`;

  if (t.machines.length === 0)
    return <EmptyState title="Nog geen machines ingepland">Er staan nog geen machines op deze takenlijst.</EmptyState>;

  if (narrow)
    return (
      <Box component="ul" aria-label="Machines" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {t.machines.map((m) => (
          <Card component="li" variant="outlined" key={m.report_id} sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{m.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {m.inventory_number}
                </Typography>
              </Box>
              <ReportStatusChip status={m.report_status} />
            </Box>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {placeOf(m) || 'Geen afdeling of ruimte'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {m.questionnaire_name}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Ingevuld door: {filledIn(m)}
            </Typography>
            {m.not_at_location && (
              <Box sx={{ mt: 1 }}>
                <NotAtLocation />
              </Box>
            )}
            <Box sx={{ my: 1.5 }}>
              <Progress done={m.answered_count} total={m.questions_count} label={`Beantwoorde vragen van ${m.name}`} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={reportTo(m)} variant="contained" sx={{ minHeight: 48, flexGrow: 1 }}>
                Rapport
              </Button>
              <Button component={RouterLink} to={machineTo(m)} variant="outlined" sx={{ minHeight: 48, flexGrow: 1 }}>
                Machine
              </Button>
            </Box>
          </Card>
        ))}
      </Box>
    );

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Machines">
        <TableHead>
          <TableRow>
            <TableCell>Machine</TableCell>
            <TableCell>Inventarisnr.</TableCell>
            <TableCell>Plaats</TableCell>
            <TableCell>Vragenlijst</TableCell>
            <TableCell>Rapport</TableCell>
            <TableCell>Voortgang</TableCell>
            <TableCell>Ingevuld door</TableCell>
            <TableCell>
              <Box
                component="span"
                sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
              >
                Acties
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {t.machines.map((m) => (
            <TableRow key={m.report_id} hover>
              <TableCell>
                <RowLink to={machineTo(m)} label={`Machine ${m.name}`}>
                  {m.name}
                </RowLink>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.inventory_number}</TableCell>
              <TableCell>{placeOf(m)}</TableCell>
              <TableCell>{m.questionnaire_name}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                  <ReportStatusChip status={m.report_status} />
                  {m.not_at_location && <NotAtLocation />}
                </Box>
              </TableCell>
              <TableCell sx={{ minWidth: 130 }}>
                <Progress
                  done={m.answered_count}
                  total={m.questions_count}
                  label={`Beantwoorde vragen van ${m.name}`}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {m.filled_in_by_name ?? '-'}
                {m.submitted_at && (
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(m.submitted_at)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">
                <Button component={RouterLink} to={reportTo(m)} variant="outlined" aria-label={`Rapport van ${m.name}`}>
                  Rapport
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
