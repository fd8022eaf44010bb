import type { ReactElement } from 'react';
import Chip from '@mui/material/Chip';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import CancelIcon from '@mui/icons-material/HighlightOff';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ScheduleIcon from '@mui/icons-material/Schedule';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import { DUE_STATE_LABELS, type DueState } from '@keurwijzer/shared/compliance';

/*
 * A due state as a chip: icon, colour and its Dutch label (never colour alone). Outlined, so the
 * text takes the palette's main colour, which reaches AA in both schemes (see judgement.tsx).
 */
const PALETTE: Record<DueState, 'error' | 'warning' | 'success' | 'default'> = {
  rejected: 'error',
  overdue: 'error',
  due_soon: 'warning',
  up_to_date: 'success',
  none: 'default',
};

const ICONS: Record<DueState, ReactElement> = {
  rejected: <CancelIcon />,
  overdue: <EventBusyIcon />,
  due_soon: <ScheduleIcon />,
  up_to_date: <CheckCircleIcon />,
  none: <RemoveIcon />,
};

export function DueStateChip({ state, size = 'small' }: { state: DueState; size?: 'small' | 'medium' }) {
  return (
    <Chip
      size={size}
      variant="outlined"
      color={PALETTE[state]}
      icon={ICONS[state]}
      label={DUE_STATE_LABELS[state]}
      data-due-state={state}
    />
  );
}
