import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import CancelIcon from '@mui/icons-material/HighlightOff';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ScheduleIcon from '@mui/icons-material/Schedule';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { DUE_STATE_LABELS, type DueState } from '@keurwijzer/shared/compliance';
import { StatusChip, type StatusLook } from '../display/status-chip';

/*
 * A due state as a chip: icon, colour and its Dutch label (never colour alone). Outlined, so the
 * text takes the palette's main colour, which reaches AA in both schemes (see judgement.tsx).
 */
export const DUE_STATE_LOOKS: Record<DueState, StatusLook> = {
  rejected: { tone: 'error', icon: <CancelIcon /> },
  overdue: { tone: 'error', icon: <EventBusyIcon /> },
  due_soon: { tone: 'warning', icon: <ScheduleIcon /> },
  up_to_date: { tone: 'success', icon: <CheckCircleIcon /> },
  none: { icon: <RemoveIcon /> },
};

export function DueStateChip({ state, size = 'small' }: { state: DueState; size?: 'small' | 'medium' }) {
  return <StatusChip {...DUE_STATE_LOOKS[state]} size={size} label={DUE_STATE_LABELS[state]} data-due-state={state} />;
}
