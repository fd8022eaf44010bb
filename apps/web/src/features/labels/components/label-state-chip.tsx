import type { ReactElement } from 'react';
import Chip from '@mui/material/Chip';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import CancelIcon from '@mui/icons-material/HighlightOff';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ScheduleIcon from '@mui/icons-material/Schedule';
import HelpIcon from '@mui/icons-material/HelpOutline';
import { LABEL_STATE_LABELS, type LabelState } from '@keurwijzer/shared/labels';

/* The palette and icon of each state, as the due-state chips (never colour alone). */
const PALETTE: Record<LabelState, 'error' | 'warning' | 'success' | 'default'> = {
  rejected: 'error',
  overdue: 'error',
  due_soon: 'warning',
  up_to_date: 'success',
  unknown: 'default',
};

const ICONS: Record<LabelState, ReactElement> = {
  rejected: <CancelIcon />,
  overdue: <EventBusyIcon />,
  due_soon: <ScheduleIcon />,
  up_to_date: <CheckCircleIcon />,
  unknown: <HelpIcon />,
};

/** The machine's inspection state on its public page: a large outlined chip. */
export function LabelStateChip({ state }: { state: LabelState }) {
  return (
    <Chip
      variant="outlined"
      color={PALETTE[state]}
      icon={ICONS[state]}
      label={LABEL_STATE_LABELS[state]}
      data-label-state={state}
      sx={{ fontSize: '1rem', height: 40, px: 0.5, '& .MuiChip-icon': { fontSize: 24 } }}
    />
  );
}
