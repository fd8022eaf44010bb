import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import type { TasklistCandidate } from '@keurwijzer/shared/tasklists';
import { CandidateDue } from './due-proposal';
import { OpenMalfunctionChip } from './open-malfunction-chip';
import { formatPlannedDate } from './tasklist-status';

/** The candidates shown, which are chosen, and how one is (un)chosen. */
export type CandidateViewProps = {
  visible: TasklistCandidate[];
  selected: Set<number>;
  toggle: (id: number) => void;
};

/** A candidate's checkbox label: its name and inventory number. */
const label = (c: TasklistCandidate) => `${c.name} (${c.inventory_number})`;

/** Why a machine cannot be planned. */
function Reason({ text }: { text: string | null }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', mt: 0.5 }}>
      <BlockIcon fontSize="small" color="warning" sx={{ mt: '1px' }} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

/** "Laatste rapport": the date of the machine's latest submitted report of this type, or "Nooit". */
const lastReport = (c: TasklistCandidate) => (c.last_report_date ? formatPlannedDate(c.last_report_date) : 'Nooit');

/** On phones and tablets: a card per machine, the whole card its checkbox's label. */
export function CandidateCards({ visible, selected, toggle }: CandidateViewProps) {
  return (
    <Box
      component="ul"
      aria-label="Machines op deze vestiging"
      sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1.5, display: 'grid', gap: 1 }}
    >
      {visible.map((c) => (
        <Card
          component="li"
          key={c.id}
          variant="outlined"
          sx={{
            bgcolor: selected.has(c.id) ? 'action.selected' : undefined,
          }}
        >
          <Box
            component={c.plannable ? 'label' : 'div'}
            sx={{
              display: 'flex',
              gap: 1,
              p: 1.5,
              pl: c.plannable ? 0.5 : 1.5,
              cursor: c.plannable ? 'pointer' : 'default',
              minHeight: 56,
            }}
          >
            {c.plannable && (
              <Checkbox
                checked={selected.has(c.id)}
                onChange={() => toggle(c.id)}
                slotProps={{ input: { 'aria-label': label(c) } }}
                sx={{ alignSelf: 'flex-start', p: 1.5, mt: -1 }}
              />
            )}
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[c.inventory_number, c.machine_type_name].filter(Boolean).join(' · ')}
              </Typography>
              {c.open_malfunctions > 0 && (
                <Box sx={{ my: 0.5 }}>
                  <OpenMalfunctionChip count={c.open_malfunctions} />
                </Box>
              )}
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {[c.department_name, c.room_name].filter(Boolean).join(' > ') || 'Geen afdeling of ruimte'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Laatste rapport: {lastReport(c)}
              </Typography>
              <CandidateDue candidate={c} />
              {c.plannable ? (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {c.questionnaire_name}
                </Typography>
              ) : (
                <Reason text={c.reason} />
              )}
            </Box>
          </Box>
        </Card>
      ))}
    </Box>
  );
}

/** From md up: a table with a row per machine; a click on a plannable row (un)chooses it. */
export function CandidateTable({ visible, selected, toggle }: CandidateViewProps) {
  return (
    <TableContainer>
      <Table aria-label="Machines op deze vestiging">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box
                component="span"
                sx={{
                  position: 'absolute',
                  width: '1px',
                  height: '1px',
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                }}
              >
                Kiezen
              </Box>
            </TableCell>
            <TableCell>Machine</TableCell>
            <TableCell>Inventarisnr.</TableCell>
            <TableCell>Afdeling</TableCell>
            <TableCell>Ruimte</TableCell>
            <TableCell>Machinetype</TableCell>
            <TableCell>Laatste rapport</TableCell>
            <TableCell>Volgende keuring</TableCell>
            <TableCell>Vragenlijst</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {visible.map((c) => (
            <TableRow
              key={c.id}
              hover={c.plannable}
              selected={selected.has(c.id)}
              onClick={c.plannable ? () => toggle(c.id) : undefined}
              sx={{ cursor: c.plannable ? 'pointer' : 'default' }}
            >
              <TableCell padding="checkbox">
                {c.plannable && (
                  <Checkbox
                    checked={selected.has(c.id)}
                    onClick={(e) => e.stopPropagation()}
                    onChange={() => toggle(c.id)}
                    slotProps={{ input: { 'aria-label': label(c) } }}
                  />
                )}
              </TableCell>
              <TableCell sx={{ fontWeight: 500 }}>
                {c.name}
                {c.open_malfunctions > 0 && (
                  <Box sx={{ mt: 0.5 }}>
                    <OpenMalfunctionChip count={c.open_malfunctions} />
                  </Box>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.inventory_number}</TableCell>
              <TableCell>{c.department_name ?? ''}</TableCell>
              <TableCell>{c.room_name ?? ''}</TableCell>
              <TableCell>{c.machine_type_name ?? ''}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastReport(c)}</TableCell>
              <TableCell>
                <CandidateDue candidate={c} />
              </TableCell>
              <TableCell>{c.plannable ? c.questionnaire_name : <Reason text={c.reason} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
