import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { PlannedMachine } from '@keurwijzer/shared/reports';
import { useConfirmedAction } from '../../../components/feedback/use-confirmed-action';
import { EmptyState } from '../../../components/feedback/empty-state';
import { useUnplanMachine } from '../api/tasklists';
import { OpenMalfunctionChip } from './open-malfunction-chip';
import { Progress, ReportStatusChip } from './tasklist-status';
import { StatusChip } from '../../../components/display/status-chip';

/** "Afdeling > Ruimte" of a machine, or nothing. */
export const placeOf = (m: { department_name: string | null; room_name: string | null }) =>
  [m.department_name, m.room_name].filter(Boolean).join(' > ');

/** A planned machine's report is untouched: no answer, not submitted (it can come off the list). */
export const untouched = (m: PlannedMachine) => m.report_status === 'open' && m.answered_count === 0;

/**
 * "Ingepland": the machines on the list, each with its report's state and a big button to fill it
 * in; an untouched one can be taken off the list again. `concept`: machines added on site.
 */
export function PlannedMachines({
  tasklistId,
  machines,
  concept,
}: {
  tasklistId: number;
  machines: PlannedMachine[];
  concept: Set<number>;
}) {
  const unplan = useUnplanMachine(tasklistId);
  const run = useConfirmedAction();
  const takeOff = (m: PlannedMachine) =>
    run(
      {
        title: 'Van de lijst halen',
        message: `Weet je zeker dat je ${m.name} (${m.inventory_number}) van de takenlijst wilt halen?`,
        confirmLabel: 'Van de lijst halen',
        destructive: true,
      },
      () => unplan.mutateAsync(m.machine_id),
    );

  if (machines.length === 0)
    return (
      <EmptyState title="Nog geen machines ingepland">
        Kies hieronder de machines die je op deze vestiging gaat doen, of voeg een machine toe.
      </EmptyState>
    );
  return (
    <Box
      component="ul"
      aria-label="Ingeplande machines"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {machines.map((m) => (
        <Card
          component="li"
          variant="outlined"
          key={m.report_id}
          sx={{ p: 2, display: 'flex', flexDirection: 'column' }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{m.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[m.inventory_number, m.machine_type_name].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              {concept.has(m.machine_id) && <StatusChip tone="warning" label="Concept" />}
              <OpenMalfunctionChip count={m.open_malfunctions} />
              <ReportStatusChip status={m.report_status} />
            </Box>
          </Box>
          <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {placeOf(m) || 'Geen afdeling of ruimte'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {m.questionnaire_name}
          </Typography>
          <Box sx={{ mt: 1.5, mb: 2 }}>
            <Progress done={m.answered_count} total={m.questions_count} label={`Beantwoorde vragen van ${m.name}`} />
          </Box>
          <Box sx={{ mt: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={`/mechanic/report/${m.report_id}`}
              variant={m.report_status === 'submitted' ? 'outlined' : 'contained'}
              size="large"
              aria-label={`${m.report_status === 'submitted' ? 'Bekijken' : 'Rapport invullen'}: ${m.name} (${m.inventory_number})`}
              sx={{ flexGrow: { xs: 1, sm: 0 }, minHeight: 48 }}
            >
              {m.report_status === 'submitted' ? 'Bekijken' : 'Rapport invullen'}
            </Button>
            {untouched(m) && (
              <Button
                color="error"
                size="large"
                aria-label={`Van de lijst halen: ${m.name} (${m.inventory_number})`}
                onClick={() => void takeOff(m)}
                sx={{ minHeight: 48 }}
              >
                Van de lijst halen
              </Button>
            )}
          </Box>
        </Card>
      ))}
    </Box>
  );
}
