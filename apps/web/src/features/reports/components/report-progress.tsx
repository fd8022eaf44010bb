import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SaveQueueState } from '../../../lib/outbox/wire';

/** Said on screen while the answers cannot be sent ("retry, and say so on screen"). */
export const OFFLINE_TEXT = 'Geen verbinding: antwoorden worden bewaard en verstuurd zodra er weer verbinding is';

const waitingText = (n: number) => `${n} ${n === 1 ? 'wijziging wacht' : 'wijzigingen wachten'} op verzending`;

function savingText(saving: SaveQueueState) {
  if (saving.status === 'unauthorized') return 'Sessie verlopen: opnieuw inloggen';
  if (saving.pending > 0) return 'Opslaan...';
  return 'Alles opgeslagen';
}

/**
 * The bar that stays under the app bar while scrolling: answered / to answer, whether everything
 * is saved, "Naar eerste open vraag", and without a connection what waits to be sent.
 */
export function ReportProgress({
  answered,
  total,
  saving,
  offline,
  onFirstOpen,
}: {
  answered: number;
  total: number;
  saving: SaveQueueState;
  offline: boolean;
  onFirstOpen: () => void;
}) {
  return (
    <Paper
      elevation={3}
      role="region"
      aria-label="Voortgang"
      data-keep-clear
      data-storing={saving.storing || undefined}
      sx={{ position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: (t) => t.zIndex.appBar - 1, px: 2, py: 1, mb: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="report-progress">
          {answered} / {total} beantwoord
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ flexGrow: 1 }}>
          {savingText(saving)}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={onFirstOpen}
          disabled={answered >= total}
          sx={{ minHeight: 40 }}
        >
          Naar eerste open vraag
        </Button>
      </Box>
      <LinearProgress
        variant="determinate"
        value={total ? (100 * answered) / total : 100}
        aria-label={`${answered} van ${total} vragen beantwoord`}
        sx={{ mt: 1, height: 8, borderRadius: 4 }}
      />
      {offline && (
        <Alert severity="warning" sx={{ mt: 1 }} role="status">
          {OFFLINE_TEXT}
          {saving.pending > 0 && (
            <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {waitingText(saving.pending)}
            </Box>
          )}
        </Alert>
      )}
    </Paper>
  );
}
