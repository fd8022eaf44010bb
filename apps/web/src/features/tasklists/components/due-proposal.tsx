import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import type { DueState } from '@keurwijzer/shared/compliance';
import { PLANNABLE_DUE_STATES, type SkippedMachine, type TasklistCandidate } from '@keurwijzer/shared/tasklists';
import { DueStateChip } from '../../../components/judgement/due-state-chip';
import { formatPlannedDate } from './tasklist-status';

/** A candidate that "Alle verlopen inplannen" takes: Afgekeurd, Verlopen or Binnenkort. */
export const isDue = (c: TasklistCandidate) => (PLANNABLE_DUE_STATES as readonly DueState[]).includes(c.due_state);

/** Afgekeurd first, then the earliest due date, then the name (as the server's `due=1`). */
export const byDueDate = (a: TasklistCandidate, b: TasklistCandidate) =>
  Number(b.due_state === 'rejected') - Number(a.due_state === 'rejected') ||
  (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
  a.name.localeCompare(b.name, 'nl');

/** "vóór 12-03-2026", or nothing without an interval. */
export const dueText = (c: TasklistCandidate) => (c.due_date ? `vóór ${formatPlannedDate(c.due_date)}` : '');

/** The due state chip and date of a candidate. */
export function CandidateDue({ candidate: c }: { candidate: TasklistCandidate }) {
  if (c.due_state === 'none') return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
      <DueStateChip state={c.due_state} />
      {c.due_date && (
        <Typography variant="body2" color="text.secondary" component="span">
          {dueText(c)}
        </Typography>
      )}
    </Box>
  );
}

/**
 * "Aan de beurt": the location's machines not on the list that are due for its type, by due
 * date, with "Alle verlopen inplannen" (one request; the machines it could not plan are named
 * below it until the next plan).
 */
export function DueProposal({
  due,
  onPlanAll,
  pending,
  skipped,
  onDismissSkipped,
}: {
  due: TasklistCandidate[];
  onPlanAll: () => void;
  pending: boolean;
  skipped: SkippedMachine[];
  onDismissSkipped: () => void;
}) {
  const plannable = due.filter((c) => c.plannable).length;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="due-title" sx={{ p: 2, mt: 4 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h2" id="due-title">
            Aan de beurt ({due.length})
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {due.length === 0
              ? 'Geen machines van deze vestiging zijn verlopen, afgekeurd of binnenkort aan de beurt.'
              : 'Verlopen, afgekeurd of binnenkort aan de beurt voor dit type, op vervaldatum.'}
          </Typography>
        </Box>
        {due.length > 0 && (
          <Button
            variant="contained"
            size="large"
            startIcon={<EventRepeatIcon />}
            disabled={pending || plannable === 0}
            onClick={onPlanAll}
            sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' } }}
          >
            Alle verlopen inplannen ({plannable})
          </Button>
        )}
      </Box>
      {skipped.length > 0 && (
        <Alert severity="warning" onClose={onDismissSkipped} sx={{ mt: 2 }}>
          <AlertTitle>Niet ingepland</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {skipped.map((s) => (
              <li key={s.id}>
                {s.name}: {s.reason}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {due.length > 0 && (
        <Box component="ul" aria-label="Machines aan de beurt" sx={{ listStyle: 'none', m: 0, mt: 2, p: 0 }}>
          {due.map((c) => (
            <Box
              component="li"
              key={c.id}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                flexWrap: 'wrap',
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[c.inventory_number, c.plannable ? null : c.reason].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              <CandidateDue candidate={c} />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
