import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import CheckIcon from '@mui/icons-material/Check';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import UndoIcon from '@mui/icons-material/Undo';
import type { Followup } from '@keurwijzer/shared/followups';
import { INSPECTION_TYPE_LABELS } from '@keurwijzer/shared/questionnaires';
import { JudgementChip } from '../../../components/judgement/judgement';
import { formatDateTime, formatDay } from '../../../lib/format';

/**
 * One follow-up: the machine and where it stands, the report it came from, the question and
 * what was found (its judgement's chip), who handled it, and the actions of its state.
 */
export function FollowupCard({
  followup: f,
  onDone,
  onMalfunction,
  onReinspection,
  onReopen,
  busy,
}: {
  followup: Followup;
  onDone: () => void;
  onMalfunction: () => void;
  onReinspection: () => void;
  onReopen: () => void;
  busy: boolean;
}) {
  const titleId = `followup-${f.id}`;
  return (
    <Card component="li" variant="outlined" aria-labelledby={titleId} data-followup={f.id}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography
            id={titleId}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {f.machine.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {f.machine.inventory_number}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[f.customer.name, f.location?.name].filter(Boolean).join(' · ')}
        </Typography>
        <Typography sx={{ mt: 1.5, fontWeight: 500, overflowWrap: 'anywhere' }}>
          {f.category_name ? `${f.category_name}: ` : ''}
          {f.question_name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          {f.finding.judgement && <JudgementChip judgement={f.finding.judgement} />}
          <Typography component="span" data-testid="finding" sx={{ overflowWrap: 'anywhere' }}>
            {f.finding.text}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link component={RouterLink} to={`/admin/reports/${f.report.id}`}>
            Rapport {INSPECTION_TYPE_LABELS[f.report.inspection_type].toLowerCase()}
            {f.report.date ? ` van ${formatDay(f.report.date)}` : ''}
          </Link>
        </Typography>
        {f.malfunction_id !== null && (
          <Typography variant="body2">
            <Link component={RouterLink} to={`/admin/malfunctions/${f.malfunction_id}`}>
              Storing #{f.malfunction_id}
            </Link>
          </Typography>
        )}
        {f.tasklist_id !== null && (
          <Typography variant="body2">
            <Link component={RouterLink} to={`/mechanic/tasklists/${f.tasklist_id}`}>
              Herkeuring ingepland{f.tasklist_date ? ` op ${formatDay(f.tasklist_date)}` : ''}
            </Link>
          </Typography>
        )}
        {f.status === 'done' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="done-by">
            Afgehandeld{f.done_by_name ? ` door ${f.done_by_name}` : ''}
            {f.done_at ? ` op ${formatDateTime(f.done_at)}` : ''}
            {f.done_note ? `: ${f.done_note}` : ''}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {f.status === 'open' ? (
          <>
            <Button variant="contained" startIcon={<CheckIcon />} onClick={onDone} disabled={busy}>
              Afgehandeld
            </Button>
            {f.malfunction_id === null && (
              <Button variant="outlined" startIcon={<BuildIcon />} onClick={onMalfunction} disabled={busy}>
                Storing aanmaken
              </Button>
            )}
            {f.tasklist_id === null && (
              <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={onReinspection} disabled={busy}>
                Herkeuring inplannen
              </Button>
            )}
          </>
        ) : (
          <Button variant="outlined" startIcon={<UndoIcon />} onClick={onReopen} disabled={busy}>
            Heropenen
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
