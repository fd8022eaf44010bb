import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import {
  MALFUNCTION_TEXT,
  MALFUNCTION_URGENCY_LABELS,
  showsUrgent,
  type Malfunction,
} from '@keurwijzer/shared/malfunctions';
import { StatusChip } from '../display/status-chip';
import { formatDateTime } from '../../lib/format';

/*
 * The service desk's markers, one place for the office's list, card and detail and the
 * portal: "Spoed" for a machine that stands still and "Reactie te laat" past the response
 * deadline. Never colour alone: an icon and the word. "Spoed" is filled (MUI picks white or dark
 * text on the error colour per scheme: theme.ts contrastThreshold 4.5), "Reactie te laat" is
 * outlined (its text in the error colour, AA in both schemes: components/judgement).
 */

/**
 * "Spoed": the customer said "Machine staat stil" (its label is the chip's title), while the
 * malfunction is still to be handled (showsUrgent); nothing once it is resolved or withdrawn.
 */
export function UrgentChip({ malfunction }: { malfunction: Pick<Malfunction, 'urgent' | 'status'> }) {
  if (!showsUrgent(malfunction)) return null;
  return (
    <StatusChip
      tone="error"
      variant="filled"
      icon={<PriorityHighIcon />}
      label={MALFUNCTION_TEXT.urgent}
      title={MALFUNCTION_URGENCY_LABELS.urgent}
      data-urgent=""
    />
  );
}

/** "Reactie te laat": no response yet while active, past the deadline. */
export function LateChip() {
  return <StatusChip tone="error" icon={<AlarmIcon />} label={MALFUNCTION_TEXT.late} />;
}

/** "Reactie vóór 31-03-2027 16:00", or nothing without a deadline. */
export const respondByText = (m: Pick<Malfunction, 'respond_by'>): string =>
  m.respond_by ? `${MALFUNCTION_TEXT.respondBy} ${formatDateTime(m.respond_by)}` : '';

/**
 * The deadline as a line: "Reactie vóór …" (`bare`: only the date and time, under a column of that
 * name), and the late chip once it is missed.
 */
export function RespondBy({
  malfunction: m,
  bare = false,
}: {
  malfunction: Pick<Malfunction, 'respond_by' | 'late'>;
  bare?: boolean;
}) {
  if (!m.respond_by) return null;
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      <Typography component="span" variant="body2" color={m.late ? 'text.primary' : 'text.secondary'}>
        {bare ? formatDateTime(m.respond_by) : respondByText(m)}
      </Typography>
      {m.late && <LateChip />}
    </Box>
  );
}
